import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { json, server, setupMsw, signIn } from '../testing/server';
import { renderWithAdmin } from '../testing/render';
import { brandAccount, nonSubscriber, repairerAccount } from '../testing/fixtures';
import { ProductDashboard } from './ProductDashboard';
import type { AsDashboard } from './asDashboardApi';

setupMsw();

const A = '/api/v1/admin';
const figures = (over: Partial<AsDashboard> = {}): AsDashboard => ({
  requestCount: 3, preInspectCount: 1, inspectCount: 2, workCount: 4,
  recentRequest: [
    { idx: 41, tenantName: '데모브랜드', productName: '가죽 가방', status: 'request', createdAt: '2026-11-20T16:00:00.000Z' },
    { idx: 40, tenantName: '다른브랜드', productName: '지갑', status: 'working', createdAt: '2026-11-19T01:00:00.000Z' },
  ],
  ...over,
});
const launderer = () => repairerAccount({ idx: 4, parentIdx: 4, adminType: 'launderer', email: 'laundry@demo.test', setting: [{ name: 'LAUNDRY', option: null, endAt: null }] });

/** Every call of the product dashboard: the A/S ones answered as given (recorded), the guarantee ones empty. */
function api(answers: Record<string, unknown>) {
  const seen: string[] = [];
  server.use(
    http.get(`${A}/nft/dashboard/membership/:part`, () => json(null)),
    http.get(`${A}/nft/dashboard`, () => json(null)),
    http.get(`${A}/nft`, () => json({ list: [], total: 0 })),
    ...Object.entries(answers).map(([path, answer]) => http.get(`${A}${path}`, () => {
      seen.push(path);
      return json(answer);
    })),
  );
  return seen;
}

describe('the A/S status cards of the product dashboard', () => {
  it('shows the repairer its routed figures, each stage opening the history, and the newest requests opening their detail', async () => {
    signIn(repairerAccount());
    const seen = api({ '/repair/request/dashboard': figures(), '/repair/invitation': { list: [] } });
    renderWithAdmin(<ProductDashboard />);
    const card = await screen.findByRole('region', { name: 'A/S 현황' });
    const stages: [string, string][] = [['접수 3건', 'request'], ['1차 견적 1건', 'preinspect'], ['최종 견적 2건', 'inspecting'], ['작업 중 4건', 'working']];
    for (const [name, status] of stages) {
      expect(await within(card).findByRole('link', { name })).toHaveAttribute('href', expect.stringMatching(new RegExp(`/b2b/after-service/repair\\?status=${status}$`)));
    }
    const rows = within(within(card).getByRole('list', { name: 'A/S 현황 최근 요청' })).getAllByRole('link');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('데모브랜드 · 가죽 가방');
    expect(rows[0]).toHaveTextContent('접수');
    // 16:00 UTC is the next day in Seoul.
    expect(rows[0]).toHaveTextContent('2026-11-21');
    expect(rows[0]).toHaveAttribute('href', expect.stringMatching(/\/b2b\/after-service\/repair\/41$/));
    expect(seen).not.toContain('/repair/dashboard');
  });

  it('shows the launderer washing as work in progress, and only the laundry card', async () => {
    signIn(launderer());
    api({ '/laundry/request/dashboard': figures({ recentRequest: [] }), '/laundry/invitation': { list: [] } });
    renderWithAdmin(<ProductDashboard />);
    const card = await screen.findByRole('region', { name: '세탁 요청 현황' });
    expect(await within(card).findByRole('link', { name: '작업 중 4건' })).toHaveAttribute('href', expect.stringMatching(/\/b2b\/after-service\/laundry\?status=washing$/));
    expect(within(card).getByText('아직 요청이 없어요')).toBeInTheDocument();
    expect(screen.queryByText('A/S 현황')).not.toBeInTheDocument();
  });

  it('lets the partner accept a waiting invitation from its dashboard', async () => {
    signIn(repairerAccount());
    let waiting = [{ idx: 7, brandName: '데모브랜드', createdAt: '2026-11-20T01:00:00.000Z' }];
    const accepted: string[] = [];
    api({ '/repair/request/dashboard': figures() });
    server.use(
      http.get(`${A}/repair/invitation`, () => json({ list: waiting })),
      http.patch(`${A}/repair/partner/:idx/accept`, ({ params }) => {
        accepted.push(String(params.idx));
        waiting = [];
        return json({ idx: 7, status: 'active', acceptedAt: '2026-11-20T02:00:00.000Z' });
      }),
    );
    const { user } = renderWithAdmin(<ProductDashboard />);
    const invitations = await screen.findByRole('region', { name: '받은 파트너 초대' });
    expect(within(invitations).getByText('데모브랜드의 수선 파트너 초대')).toBeInTheDocument();
    await user.click(within(invitations).getByRole('button', { name: '데모브랜드 초대 수락' }));
    expect(await screen.findByText('초대를 수락했어요')).toBeInTheDocument();
    expect(accepted).toEqual(['7']);
    await waitFor(() => expect(screen.queryByRole('region', { name: '받은 파트너 초대' })).not.toBeInTheDocument());
  });

  it('shows a brand its own counts from the brand endpoint, for each kind in use', async () => {
    signIn(brandAccount({ useLaundry: { use: true }, setting: [...brandAccount().setting, { name: 'LAUNDRY', option: null, endAt: null }] }));
    const seen = api({ '/repair/dashboard': figures(), '/laundry/dashboard': figures({ requestCount: 9, recentRequest: [] }) });
    renderWithAdmin(<ProductDashboard />);
    const repair = await screen.findByRole('region', { name: 'A/S 현황' });
    expect(await within(repair).findByRole('link', { name: '접수 3건' })).toBeInTheDocument();
    // The brand's own rows need no brand name.
    expect(within(repair).getAllByRole('listitem')[0]).toHaveTextContent(/^가죽 가방/);
    const laundry = await screen.findByRole('region', { name: '세탁 요청 현황' });
    expect(await within(laundry).findByRole('link', { name: '접수 9건' })).toBeInTheDocument();
    expect(seen.sort()).toEqual(['/laundry/dashboard', '/repair/dashboard']);
  });

  it('asks nothing for a non-subscriber: the cards stay empty', async () => {
    signIn(nonSubscriber());
    const seen = api({ '/repair/dashboard': figures() });
    renderWithAdmin(<ProductDashboard />);
    expect(await screen.findByText('A/S 현황')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '접수 3건' })).not.toBeInTheDocument();
    expect(seen).toEqual([]);
  });
});
