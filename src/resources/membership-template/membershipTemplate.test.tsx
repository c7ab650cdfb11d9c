import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../testing/render';
import { json, server, setupMsw, signIn } from '../../testing/server';
import { brandAccount } from '../../testing/fixtures';
import { enter } from '../../testing/enter';
import { MEMBERSHIP_MSG } from '../../domain/membership';
import { MembershipTemplateCreate } from './MembershipTemplatePages';
import MembershipTemplateList from './MembershipTemplateList';
import MembershipTemplateShow from './MembershipTemplateShow';
import type { MembershipTemplate } from './api';

setupMsw();

const API = '/api/v1/admin/membership-template';
const template = (idx: number, over: Partial<MembershipTemplate> = {}): MembershipTemplate => ({
  id: idx, idx, nftCardName: `멤버십${idx}`, isMain: false, backgroundImg: null, nftCustomFields: [], nftCustomLinks: [],
  expireType: 'DAY', expireDate: null, expireDays: 365, benefits: [], partnersCoupon: [], status: 'ACTIVE', createdAt: '2026-11-01T03:00:00.000Z', ...over,
});

function membershipApi(initial: MembershipTemplate[]) {
  const rows = [...initial];
  const posted: Record<string, unknown>[] = [];
  const stopped: number[] = [];
  server.use(
    http.get('/api/v1/admin/customers-group/list', () => json({ list: [{ idx: 21, name: 'VIP 등급' }, { idx: 22, name: '골드' }] })),
    http.get(API, () => json({ list: rows, total: rows.length })),
    http.get(`${API}/:idx`, ({ params }) => json(rows.find((r) => r.idx === Number(params.idx)))),
    http.post(API, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      const created = template(9, { ...(body as Partial<MembershipTemplate>), expireDays: Number(body.expireDays) });
      rows.push(created);
      return json(created, { status: 201 });
    }),
    http.patch(`${API}/:idx/stop`, ({ params }) => {
      const i = rows.findIndex((r) => r.idx === Number(params.idx));
      stopped.push(rows[i].idx);
      rows[i] = { ...rows[i], status: 'STOP', isMain: false };
      return json(rows[i]);
    }),
  );
  return { posted, stopped };
}

function renderAt(url: string) {
  return renderAppAt(
    url,
    <Routes>
      <Route path="/b2b/membership/setting" element={<MembershipTemplateList />} />
      <Route path="/b2b/membership/setting/register" element={<MembershipTemplateCreate />} />
      <Route path="/b2b/membership/setting/:id" element={<MembershipTemplateShow />} />
    </Routes>,
  );
}

describe('membership templates', () => {
  beforeEach(() => signIn(brandAccount()));

  it('lists the memberships with their expiry, main mark and status; a row opens the detail', async () => {
    membershipApi([template(1, { nftCardName: 'VIP', isMain: true }), template(2, { nftCardName: '연간', expireType: 'DATE', expireDate: '2026-12-31 23:59:59', status: 'STOP' })]);
    const { user } = renderAt('/b2b/membership/setting');
    const table = await screen.findByRole('table', { name: '멤버십 목록' });
    expect(await within(table).findByText('VIP')).toBeInTheDocument();
    expect(within(table).getByText('대표')).toBeInTheDocument();
    expect(within(table).getByText('발급일로부터 365일')).toBeInTheDocument();
    expect(within(table).getByText('2026-12-31까지')).toBeInTheDocument();
    expect(within(table).getByText('사용 중지')).toBeInTheDocument();
    await user.click(within(table).getByRole('link', { name: '연간' }));
    await waitFor(() => expect(window.location.pathname).toBe('/b2b/membership/setting/2'));
  });

  it('refuses an empty card name and missing days, then registers the card with a benefit and opens its detail', async () => {
    const api = membershipApi([]);
    const { user } = renderAt('/b2b/membership/setting/register');
    await user.type(await screen.findByLabelText(/카드 이름/), ' ');
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(MEMBERSHIP_MSG.cardNameRequired)).toBeInTheDocument();
    expect(screen.getByText(MEMBERSHIP_MSG.expireDaysRequired)).toBeInTheDocument();

    await user.type(screen.getByLabelText(/카드 이름/), 'VIP 멤버십');
    await user.type(screen.getByLabelText(/유효기간\(일\)/), '365');
    const benefits = screen.getByText('혜택', { selector: 'legend, label, span, p' }).closest('.ra-input') as HTMLElement;
    await user.click(within(benefits).getByRole('button', { name: '추가' }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    expect(await screen.findByText(MEMBERSHIP_MSG.benefitTitleRequired)).toBeInTheDocument();
    await user.type(screen.getByLabelText('혜택 제목'), '5% 할인');
    await user.click(screen.getByRole('button', { name: '저장' }));

    await waitFor(() => expect(api.posted).toHaveLength(1));
    expect(api.posted[0]).toMatchObject({ nftCardName: 'VIP 멤버십', expireType: 'DAY', benefits: [expect.objectContaining({ title: '5% 할인' })] });
    await waitFor(() => expect(window.location.pathname).toBe('/b2b/membership/setting/9'));
    expect(await screen.findByRole('heading', { name: 'VIP 멤버십' })).toBeInTheDocument();
  });

  it('binds the card to a customer grade for the grade job (automatic membership by grade)', async () => {
    const api = membershipApi([]);
    const { user } = renderAt('/b2b/membership/setting/register');
    await enter(user, await screen.findByLabelText(/카드 이름/), '골드 자동 멤버십');
    await enter(user, screen.getByLabelText(/유효기간\(일\)/), '30');
    await user.click(screen.getByRole('combobox', { name: '자동 발급 고객 등급' }));
    await user.click(await screen.findByRole('option', { name: '골드' }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() => expect(api.posted).toHaveLength(1));
    expect(api.posted[0]).toMatchObject({ nftCardName: '골드 자동 멤버십', customerGroupIdx: 22 });
  });

  it('shows a membership\'s benefits and coupons and stops it after the confirmation', async () => {
    const api = membershipApi([template(4, {
      nftCardName: 'VIP', benefits: [{ title: '5% 할인', contents: '전 상품' }],
      partnersCoupon: [{ title: '웰컴 쿠폰', offline: 'N', couponNumber: 'WELCOME10', couponUrl: '', endDate: '2026-12-31', isIssuable: 'Y' }],
    })]);
    const { user } = renderAt('/b2b/membership/setting/4');
    expect(await screen.findByText('5% 할인 — 전 상품')).toBeInTheDocument();
    expect(screen.getByText('웰컴 쿠폰 · WELCOME10 · ~2026-12-31')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '사용 중지' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('VIP 멤버십의 사용을 중지할까요? 중지한 멤버십으로는 발급할 수 없어요.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '사용 중지' }));
    await waitFor(() => expect(api.stopped).toEqual([4]));
    expect(await screen.findByText('사용 중지', { selector: 'dd, dd *' })).toBeInTheDocument();
  });
});
