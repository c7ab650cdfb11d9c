import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../testing/render';
import { json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount } from '../../testing/fixtures';
import { recordOf } from '../../testing/resourceRecords';
import { couponResource } from '../../domain/resources/coupon';
import { COUPON_MSG } from '../../domain/coupon';
import { enter } from '../../testing/enter';
import { CouponCreate, CouponEdit } from './CouponPages';
import CouponShow from './CouponShow';
import CouponList from './CouponList';

setupMsw();

const COUPONS = '/api/v1/admin/coupon';
const coupon = (idx: number, over: Record<string, unknown> = {}) =>
  recordOf(couponResource, { idx, title: `쿠폰${idx}`, membershipIdx: 3, membershipName: 'VIP 멤버십', expireType: 1, expireDays: 30, usePlace: 1, storeIdxList: [], createdAt: '2026-11-01T03:00:00.000Z', ...over });

/** The coupon API fake: memberships and stores for the pickers, the coupons, and the POST bodies. */
function couponsApi() {
  const posted: Record<string, unknown>[] = [];
  const patched: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/v1/admin/membership-template', () => json({ list: [{ idx: 3, nftCardName: 'VIP 멤버십' }], total: 1 })),
    http.get('/api/v1/admin/store', () => json({ list: [{ idx: 4, name: '성수점' }, { idx: 5, name: '잠실점' }], total: 2 })),
    http.get(`${COUPONS}/:idx`, ({ params }) => json(coupon(Number(params.idx), { title: '생일 쿠폰', usePlace: 3, storeIdxList: [5], usePassword: 'Y' }))),
    http.post(COUPONS, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      return json(coupon(9, body), { status: 201 });
    }),
    http.get(COUPONS, () => json({ list: [coupon(7, { title: '생일 쿠폰', usePlace: 3, usePassword: 'Y' }), coupon(6, { title: '첫 방문 쿠폰' })], total: 2 })),
    http.patch(`${COUPONS}/:idx`, async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patched.push(body);
      return json(coupon(Number(params.idx), body));
    }),
  );
  return { posted, patched };
}

function renderAt(url: string) {
  return renderAppAt(
    url,
    <Routes>
      <Route path="/b2b/coupon" element={<CouponList />} />
      <Route path="/b2b/coupon/new" element={<CouponCreate />} />
      <Route path="/b2b/coupon/edit/:id" element={<CouponEdit />} />
      <Route path="/b2b/coupon/:id" element={<CouponShow />} />
    </Routes>,
  );
}

describe('coupons', () => {
  beforeEach(() => signIn(brandAccount()));

  it('refuses a coupon without title or membership, shows the store picker only for specific stores, then registers and opens the detail', async () => {
    const api = couponsApi();
    const { user } = renderAt('/b2b/coupon/new');
    await user.type(await screen.findByLabelText(/쿠폰 이름/), ' ');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText('쿠폰 이름을 입력해 주세요')).toBeInTheDocument();
    expect(screen.getByText(COUPON_MSG.membershipRequired)).toBeInTheDocument();
    expect(api.posted).toEqual([]);

    await user.type(screen.getByLabelText(/쿠폰 이름/), '생일 쿠폰');
    await user.click(screen.getByRole('combobox', { name: /멤버십/ }));
    await user.click(await screen.findByRole('option', { name: 'VIP 멤버십' }));
    await user.type(screen.getByLabelText('유효기간(일)'), '30');
    expect(screen.queryByLabelText('사용 매장')).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /사용처/ }));
    await user.click(await screen.findByRole('option', { name: '오프라인 특정 매장' }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(COUPON_MSG.storesRequired)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /사용 매장/ }));
    await user.click(await screen.findByRole('option', { name: '잠실점' }));
    await user.keyboard('{Escape}');
    await user.type(screen.getByLabelText('쿠폰 코드'), 'BDAY 1');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(COUPON_MSG.codeInvalid)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('쿠폰 코드'));
    await user.type(screen.getByLabelText('쿠폰 코드'), 'BDAY1');
    await user.click(screen.getByRole('button', { name: '저장' }));

    await waitFor(() => expect(api.posted).toHaveLength(1));
    expect(api.posted[0]).toMatchObject({ title: '생일 쿠폰', membershipIdx: 3, expireType: 1, expireDays: 30, usePlace: 3, storeIdxList: [5], code: 'BDAY1', useCountLimit: 'N' });
    await waitFor(() => expect(window.location.pathname).toBe('/b2b/coupon/9'));
  });

  it('does not send the stores once the use place no longer asks for them', async () => {
    const api = couponsApi();
    const { user } = renderAt('/b2b/coupon/new');
    await enter(user, await screen.findByLabelText(/쿠폰 이름/), '온라인 쿠폰');
    await user.click(screen.getByRole('combobox', { name: /멤버십/ }));
    await user.click(await screen.findByRole('option', { name: 'VIP 멤버십' }));
    await enter(user, screen.getByLabelText('유효기간(일)'), '30');
    await user.click(screen.getByRole('combobox', { name: /사용처/ }));
    await user.click(await screen.findByRole('option', { name: '오프라인 특정 매장' }));
    await user.click(screen.getByRole('combobox', { name: /사용 매장/ }));
    await user.click(await screen.findByRole('option', { name: '잠실점' }));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: /사용처/ }));
    await user.click(await screen.findByRole('option', { name: '온라인' }));
    await user.click(screen.getByRole('button', { name: '저장' }));

    await waitFor(() => expect(api.posted).toHaveLength(1));
    expect(api.posted[0]).toMatchObject({ title: '온라인 쿠폰', usePlace: 1, storeIdxList: [] });
  });

  it('says the image is missing when 쿠폰 이미지 사용 is on without one (issue 23 #4)', async () => {
    const api = couponsApi();
    const { user } = renderAt('/b2b/coupon/new');
    await enter(user, await screen.findByLabelText(/쿠폰 이름/), '이미지 쿠폰');
    await user.click(screen.getByRole('combobox', { name: /멤버십/ }));
    await user.click(await screen.findByRole('option', { name: 'VIP 멤버십' }));
    await enter(user, screen.getByLabelText('유효기간(일)'), '30');
    await user.click(screen.getByLabelText('쿠폰 이미지 사용'));
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(COUPON_MSG.imageRequired)).toBeInTheDocument();
    expect(api.posted).toEqual([]);
  });

  it('lists the coupons with their membership and use place; a title opens the detail', async () => {
    couponsApi();
    const { user } = renderAt('/b2b/coupon');
    const link = await screen.findByRole('link', { name: '생일 쿠폰' });
    const row = link.closest('tr')!;
    expect(row).toHaveTextContent('VIP 멤버십');
    expect(row).toHaveTextContent('오프라인 특정 매장');
    expect(screen.getByRole('link', { name: '첫 방문 쿠폰' }).closest('tr')).toHaveTextContent('온라인');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: '생일 쿠폰' })).toBeInTheDocument();
  });

  it('edits a coupon from its saved values and sends the whole form back', async () => {
    const api = couponsApi();
    const { user } = renderAt('/b2b/coupon/edit/7');
    const title = await screen.findByLabelText(/쿠폰 이름/);
    await waitFor(() => expect(title).toHaveValue('생일 쿠폰'));
    await user.clear(title);
    await enter(user, title, 'VIP 생일 쿠폰');
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(api.patched).toHaveLength(1));
    expect(api.patched[0]).toMatchObject({ title: 'VIP 생일 쿠폰', membershipIdx: 3, usePlace: 3, storeIdxList: [5], usePassword: 'Y', expireDays: 30 });
    await waitFor(() => expect(window.location.pathname).toBe('/b2b/coupon/7'));
  });

  it('shows a coupon\'s settings in Korean, with its stores by name', async () => {
    couponsApi();
    renderAt('/b2b/coupon/7');
    expect(await screen.findByRole('heading', { name: '생일 쿠폰' })).toBeInTheDocument();
    expect(screen.getByText('30일')).toBeInTheDocument();
    expect(screen.getByText('오프라인 특정 매장')).toBeInTheDocument();
    expect(await screen.findByText('잠실점')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '수정' })).toHaveAttribute('href', '/b2b/coupon/edit/7');
  });
});
