import { cleanup, render, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../testing/render';
import { json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount } from '../../testing/fixtures';
import { LoungeApp } from '../../lounge/LoungeApp';
import { loungeKo } from '../../i18n/lounge.ko';
import LoungeSettingPage from './LoungeSettingPage';

setupMsw();

// Issue 23 item 7: the preview drew its own look (its own stamp text, the theme colour on 가입하기).
// One brand's settings, drawn by the console's preview and by the customer's lounge, must look alike.
const T = loungeKo.lounge;
const KEY = 'abcdef123456';
const texts = { title: '데모 라운지', subtitle: '단골을 위한 공간', description: '', notice: '12월 휴무 안내', themeColor: '#3366FF' };
const stamp = { goal: 5, rewardCouponTitle: '아메리카노 무료', description: '방문할 때마다 스탬프 하나' };

/** What the two must share: the parts (regions), the stamp card's words, the join button's look. */
async function lookOf(root: HTMLElement) {
  const card = await within(root).findByTestId('stamp-card');
  const join = within(root).getByRole('button', { name: `골드 멤버십 ${T.memberships.join}` });
  return {
    heading: within(root).getByRole('heading', { level: 1 }).textContent,
    regions: within(root).getAllByRole('region').map((r) => r.getAttribute('aria-label')),
    stampCard: card.textContent,
    stamps: within(card).getAllByRole('listitem').map((s) => s.getAttribute('aria-label')),
    // Emotion names a class by its styles, so the same class is the same look.
    joinClass: join.className,
    // MUI paints a contained button through this variable (jsdom does not resolve var()).
    joinColour: getComputedStyle(join).getPropertyValue('--variant-containedBg'),
  };
}

describe('the lounge preview (issue 23 item 7)', () => {
  it('draws what the customer\'s lounge draws for the same settings', async () => {
    signIn(brandAccount());
    server.use(
      http.get('/api/v1/admin/lounge', () => json({
        ...texts, logo: null, logoUrl: null, image: null, imageUrl: null, membershipIdxList: [1], couponIdxList: [7], showStamp: 'Y', saved: true, updatedAt: null,
      })),
      http.get('/api/v1/admin/membership-template/list', () => json({ list: [{ idx: 1, nftCardName: '골드 멤버십', status: 'ACTIVE' }], total: 1 })),
      http.get('/api/v1/admin/coupon/list', () => json({ list: [{ idx: 7, title: '첫 방문 쿠폰' }] })),
      http.get('/api/v1/admin/stamp', () => json({ ...stamp, rewardCouponIdx: 7, trigger: 'VISIT', active: 'Y', updatedAt: '2026-11-20T00:00:00.000Z' })),
    );
    renderAppAt('/b2b/brand/setting', <Routes><Route path="/b2b/brand/setting" element={<LoungeSettingPage />} /></Routes>);
    const preview = await lookOf(await screen.findByRole('region', { name: '고객 화면 미리보기' }));
    cleanup();

    localStorage.setItem(`lounge-token:${KEY}`, 'tok');
    server.use(
      http.get(`/api/v1/public/lounge/${KEY}`, () => json({
        brandName: '데모브랜드',
        lounge: { ...texts, logoUrl: null, imageUrl: null, showStamp: true, coupons: [{ idx: 7, title: '첫 방문 쿠폰' }] },
        memberships: [{ idx: 1, name: '골드 멤버십', backgroundUrl: null, benefits: [], needsApproval: false }],
      })),
      http.get(`/api/v1/public/lounge/${KEY}/me`, () => json({
        customer: { name: '라운지 회원', phoneMasked: '010-****-5678' }, memberships: [], certificates: [], coupons: [], stampCard: { ...stamp, count: 2 },
      })),
    );
    const { container } = render(<LoungeApp loungeKey={KEY} />);
    const lounge = await lookOf(container);

    // The lounge also lists the wallet's coupons and certificates, which the settings do not shape.
    expect(lounge.regions).toEqual([T.brandCoupons, T.memberships.title, T.coupons.title, T.certificates.title, T.stamps.title]);
    expect(preview.regions).toEqual([T.brandCoupons, T.memberships.title, T.stamps.title]);
    expect(preview.stampCard).toBe('스탬프 2/55개를 모으면 아메리카노 무료를 드려요방문할 때마다 스탬프 하나');
    expect({ ...preview, regions: null }).toEqual({ ...lounge, regions: null });
    // The lounge's primary (#1f2937), not the console's and not the brand's theme colour.
    expect(preview.joinColour).toBe('#1f2937');
  });
});
