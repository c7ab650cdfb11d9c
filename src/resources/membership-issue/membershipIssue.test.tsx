import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { renderAppAt } from '../../testing/render';
import { fail, json, server, setupMsw, signIn } from '../../testing/server';
import { enter } from '../../testing/enter';
import { brandAccount } from '../../testing/fixtures';
import { MEMBERSHIP_ISSUE_MSG } from '../../domain/membershipIssue';
import MembershipIssueList from './MembershipIssueList';
import MembershipIssueCreate from './MembershipIssueCreate';
import MembershipIssueShow from './MembershipIssueShow';
import MembershipPublish from './MembershipPublish';
import type { IssuedMembership } from './api';

setupMsw();

const API = '/api/v1/admin/membership-nft';
const TEMPLATES = '/api/v1/admin/membership-template/list';

const membership = (idx: number, over: Partial<IssuedMembership> = {}): IssuedMembership => ({
  id: idx, idx, nftNumber: `M261124-${String(idx).padStart(7, '0')}`, nftType: 'MEMBERSHIP', nftTemplateIdx: 1, nftCardName: 'VIP 멤버십', nftStatus: 3,
  nftStatusName: '발급 완료', requestRoute: 'product', customerIdx: 5, ordererName: `고객${idx}`, ordererTel: '01012345678', ordererCountryCode: '82',
  orderedAt: null, refOrderId: null, storeIdx: null, storeName: null, brandIdx: 1, brandName: null, partnersProductIdx: null, productName: 'VIP 멤버십',
  warrantyDate: null, price: null, paymentAmount: 10000, productCode: null, productImage: null, modelNumber: null, categoryCode: null, categoryName: null,
  material: null, size: null, weight: null, customField: null, issueAt: null, issuedAt: '2026-11-24T01:00:00.000Z', canceledAt: null, cancelReason: null,
  cancelDetail: null, createdAt: '2026-11-24T01:00:00.000Z', updatedAt: '2026-11-24T01:00:00.000Z', expiresAt: '2026-12-23T14:59:59.000Z', stoppedAt: null,
  pointAmount: 250, membershipStatus: 'issuing', membershipStatusName: '발급 중', customerStatus: 'COMPLETED', customerStatusName: '발급', ...over,
});

function membershipApi(initial: IssuedMembership[]) {
  const rows = [...initial];
  const listed: URL[] = [];
  const posted: Record<string, unknown>[] = [];
  const stopped: number[][] = [];
  server.use(
    http.get(TEMPLATES, () => json({ list: [{ idx: 1, nftCardName: 'VIP 멤버십', isMain: true, status: 'ACTIVE' }, { idx: 2, nftCardName: '중지됨', isMain: false, status: 'STOP' }], total: 2 })),
    http.get('/api/v1/admin/store/list', () => json({ list: [{ idx: 3, name: '강남점' }] })),
    http.get(API, ({ request }) => {
      listed.push(new URL(request.url));
      return json({ list: rows, total: rows.length });
    }),
    http.get(`${API}/:idx`, ({ params }) => {
      const row = rows.find((r) => r.idx === Number(params.idx));
      return row ? json({ ...row, coupons: [{ idx: 1, couponIdx: 7, title: '웰컴 쿠폰', status: 'ISSUED', barcode: 'M1C7', expiresAt: '2026-12-03T14:59:59.000Z', usedAt: null }] }) : fail(404, { code: 'NOT_FOUND', message: MEMBERSHIP_ISSUE_MSG.notFound });
    }),
    http.post(API, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posted.push(body);
      if (body.ordererTel === '010-9999-9999') {
        return fail(409, { code: 'MEMBERSHIP_NFT_ALREADY_EXISTS', message: MEMBERSHIP_ISSUE_MSG.alreadyExists, errors: { ordererTel: MEMBERSHIP_ISSUE_MSG.alreadyExists } });
      }
      const created = membership(9, { ordererName: String(body.ordererName) });
      rows.push(created);
      return json(created, { status: 201 });
    }),
    http.patch(`${API}/stop/bulk`, async ({ request }) => {
      const { nftIdxList } = (await request.json()) as { nftIdxList: number[] };
      stopped.push(nftIdxList);
      for (const idx of nftIdxList) {
        const i = rows.findIndex((r) => r.idx === idx);
        rows[i] = { ...rows[i], membershipStatus: 'stop', membershipStatusName: '중지' };
      }
      return json({ nftIdxList });
    }),
  );
  return { listed, posted, stopped };
}

function renderAt(url: string) {
  return renderAppAt(
    url,
    <Routes>
      <Route path="/b2b/membership/publish" element={<MembershipPublish />} />
      <Route path="/b2b/membership/guarantee" element={<MembershipIssueList />} />
      <Route path="/b2b/membership/guarantee/register" element={<MembershipIssueCreate />} />
      <Route path="/b2b/membership/guarantee/:id" element={<MembershipIssueShow />} />
    </Routes>,
  );
}

describe('membership issue screens', () => {
  beforeEach(() => signIn(brandAccount()));

  it('the history is the guarantee history on the membership API: its search panel, the membership columns and the stop bulk action', async () => {
    const api = membershipApi([membership(1), membership(2, { membershipStatus: 'expired', membershipStatusName: '만료' })]);
    const { user } = renderAt('/b2b/membership/guarantee?searchType=ordererName&searchText=고객');
    expect(await screen.findByText('고객1')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: '멤버십 발급 목록' });
    expect(within(table).getByRole('columnheader', { name: '멤버십 번호' })).toBeInTheDocument();
    expect(within(table).getByText('만료')).toBeInTheDocument();
    expect(within(table).getAllByText('VIP 멤버십').length).toBeGreaterThan(0);
    await waitFor(() => expect(api.listed.at(-1)?.searchParams.get('search')).toBe('ordererName'));
    expect(api.listed.at(-1)?.searchParams.get('keyword')).toBe('고객');
    expect(screen.getByRole('heading', { name: '멤버십 발급 내역' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '엑셀 내려받기' })).not.toBeInTheDocument();
    // The guarantee search panel's filters, with the grade job's issue type among the routes.
    expect(screen.getByRole('checkbox', { name: '등급 자동 발급' })).toBeInTheDocument();
    // A membership's words, not a certificate's (issue 23 #8).
    expect(screen.getByRole('option', { name: '멤버십 번호' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: '보증서 번호' })).not.toBeInTheDocument();
    for (const status of ['발급 대기', '발급 완료', '발급 취소']) expect(screen.getByRole('radio', { name: status })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '대기 완료' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '연동 완료' })).not.toBeInTheDocument();

    await user.click(within(table).getAllByRole('checkbox')[1]);
    await user.click(await screen.findByRole('button', { name: '중지' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /확인|중지/ }));
    await waitFor(() => expect(api.stopped).toEqual([[1]]));
  });

  it('the publish entry offers the single and the spreadsheet issue', async () => {
    renderAt('/b2b/membership/publish');
    const nav = await screen.findByRole('navigation', { name: '멤버십 발급' });
    expect(within(nav).getByRole('link', { name: /개별 발급/ })).toHaveAttribute('href', '/b2b/membership/guarantee/register');
    expect(within(nav).getByRole('link', { name: /엑셀 일괄 발급/ })).toHaveAttribute('href', '/b2b/membership/guarantee/excel-upload');
  });

  it('issues with the main membership preselected; a second of the same type shows the spec\'s message on the phone', async () => {
    const api = membershipApi([]);
    const { user } = renderAt('/b2b/membership/guarantee/register');
    const name = await screen.findByLabelText(/고객명/);
    await enter(user, name, '김멤버');
    await user.click(screen.getByRole('button', { name: '발급하기' }));
    expect(await screen.findAllByText(/입력해 주세요/)).not.toHaveLength(0);
    expect(api.posted).toHaveLength(0);
    await enter(user, screen.getByLabelText(/연락처/), '01099999999');
    await user.click(screen.getByRole('button', { name: '발급하기' }));
    await waitFor(() => expect(api.posted).toHaveLength(1));
    expect(await screen.findByText(MEMBERSHIP_ISSUE_MSG.alreadyExists)).toBeInTheDocument();
    expect(api.posted[0]).toMatchObject({ nftTemplateIdx: 1, ordererName: '김멤버', ordererTel: '010-9999-9999' });

    await user.clear(screen.getByLabelText(/연락처/));
    await enter(user, screen.getByLabelText(/연락처/), '01012345678');
    await user.click(screen.getByRole('button', { name: '발급하기' }));
    await waitFor(() => expect(window.location.pathname).toBe('/b2b/membership/guarantee/9'));
    expect(await screen.findByText('웰컴 쿠폰')).toBeInTheDocument();
  });

  it('the detail shows the statuses, the end, the points and the granted coupons', async () => {
    membershipApi([membership(4, { membershipStatus: 'expired', membershipStatusName: '만료', customerStatus: 'EXPIRED', customerStatusName: '만료' })]);
    renderAt('/b2b/membership/guarantee/4');
    expect(await screen.findByText('M261124-0000004')).toBeInTheDocument();
    expect(screen.getByText('250')).toBeInTheDocument();
    expect(screen.getByText('2026-12-23')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: '받은 쿠폰' })).getByText('웰컴 쿠폰')).toBeInTheDocument();
    // An expired membership stays on the customer and can still be stopped.
    expect(screen.getByRole('button', { name: '중지' })).toBeInTheDocument();
  });
});
