import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { json, server, setupMsw, signIn } from '../testing/server';
import { renderWithAdmin } from '../testing/render';
import { noAfterServiceFigures } from '../testing/afterService';
import { brandAccount, nonSubscriber, repairerAccount, subAccount } from '../testing/fixtures';
import { MSG } from '../domain/messages';
import { ProductDashboard } from './ProductDashboard';
import type { GuaranteeDashboard } from './guaranteeDashboardApi';
import { bucket, channelRows, formatRate } from './guaranteeFigures';
import { SAMPLE_GUARANTEE_DASHBOARD, SAMPLE_RECENT_GUARANTEES } from './sampleData';

setupMsw();
// The A/S and laundry cards read their own calls (AsStatusCard.test.tsx checks them): none has figures here.
beforeEach(() => server.use(...noAfterServiceFigures()));

const DASHBOARD = '/api/v1/admin/nft/dashboard';

function days(start: string, n: number, counts: number[] = []): Record<string, number> {
  const out: Record<string, number> = {};
  const t0 = Date.parse(`${start}T00:00:00Z`);
  for (let i = 0; i < n; i++) out[new Date(t0 + i * 86_400_000).toISOString().slice(0, 10)] = counts[i] ?? 0;
  return out;
}

function figures(over: Partial<GuaranteeDashboard> = {}, n = 7): GuaranteeDashboard {
  return {
    issuedGraph: { totalCount: 12, rate: 50, averageCount: 1.7, current: days('2026-11-16', n, [1, 2, 0, 3, 1, 4, 1]), last: days('2026-11-09', n, [1, 1, 1, 1, 1, 2, 1]) },
    issueStatusCount: { 1: { count: 4, lastCount: 2, rate: 100 }, 3: { count: 12, lastCount: 8, rate: 50 }, 9: { count: 1, lastCount: 0, rate: null } },
    totalPrice: { price: 1_250_000, lastPrice: 1_000_000, rate: 25 },
    issuedFrom: { counts: { product: 9, excel: 6, user: 2 }, most: 'product', lastMost: 'excel' },
    ...over,
  };
}

const empty = (): GuaranteeDashboard => ({
  issuedGraph: { totalCount: 0, rate: null, averageCount: 0, current: days('2026-11-16', 7), last: days('2026-11-09', 7) },
  issueStatusCount: { 1: { count: 0, lastCount: 0, rate: null }, 3: { count: 0, lastCount: 0, rate: null }, 9: { count: 0, lastCount: 0, rate: null } },
  totalPrice: { price: 0, lastPrice: 0, rate: null },
  issuedFrom: { counts: {}, most: null, lastMost: null },
});

const LIST = '/api/v1/admin/nft';
const STAFF_PIN = '/api/v1/admin/coupon-staff-pin';
type Recent = { idx: number; nftNumber: string; nftStatus: number; ordererName: string; productName: string | null; createdAt: string };
const recent = (i: number, over: Partial<Recent> = {}): Recent => ({
  idx: i,
  nftNumber: `G-2026-${String(i).padStart(4, '0')}`,
  nftStatus: 3,
  ordererName: `고객${i}`,
  productName: `상품${i}`,
  createdAt: '2026-11-20T01:00:00.000Z',
  ...over,
});

/** The dashboard call (its URLs recorded) and the recent-guarantee list (empty unless given). */
function dashboardApi(answer: (url: URL) => GuaranteeDashboard, rows: Recent[] = [], listSeen: URL[] = []) {
  const seen: URL[] = [];
  server.use(
    // The membership card's figures (MembershipCards.test.tsx checks them).
    http.get(`${DASHBOARD}/membership/:part`, () => json(null)),
    // The staff PIN pause notice (none unless a test says so).
    http.get(STAFF_PIN, () => json({ pinSet: true, pausedUntil: null, loungeKey: 'abcdef123456', loungePath: '/lounge/abcdef123456' })),
    http.get(DASHBOARD, ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      return json(answer(url));
    }),
    http.get(LIST, ({ request }) => {
      listSeen.push(new URL(request.url));
      return json({ list: rows, total: rows.length });
    }),
  );
  return seen;
}

describe('ProductDashboard: the staff PIN pause', () => {
  it('tells the main account that PIN coupons are paused, until when, with the PIN change at hand', async () => {
    signIn(brandAccount());
    dashboardApi(() => figures());
    server.use(http.get(STAFF_PIN, () => json({ pinSet: true, pausedUntil: '2026-11-27T06:30:00.000Z', loungeKey: 'abcdef123456', loungePath: '/lounge/abcdef123456' })));
    renderWithAdmin(<ProductDashboard />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('매장 PIN 쿠폰 사용이 멈췄어요');
    expect(alert).toHaveTextContent('2026-11-27 15:30까지');
    expect(within(alert).getByRole('button', { name: 'PIN 바꾸기' })).toBeInTheDocument();
  });

  it('does not ask for it for a sub-account', async () => {
    const asked: string[] = [];
    signIn(subAccount());
    dashboardApi(() => figures());
    server.use(http.get(STAFF_PIN, ({ request }) => void asked.push(request.url)));
    renderWithAdmin(<ProductDashboard />);
    expect(await screen.findByRole('region', { name: '발급 추이' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});

describe('ProductDashboard: guarantee figures', () => {
  it('shows the trend, the three statuses linking to the history, the total price and the channels', async () => {
    signIn(brandAccount());
    const seen = dashboardApi(() => figures());
    renderWithAdmin(<ProductDashboard />);
    const trend = await screen.findByRole('region', { name: '발급 추이' });
    expect(await within(trend).findByText('기간 내 발급 12건')).toBeInTheDocument();
    expect(within(trend).getByText('지난 기간 대비 +50%')).toBeInTheDocument();
    expect(within(within(trend).getByRole('list', { name: '날짜별 발급 수' })).getAllByRole('listitem')).toHaveLength(7);
    expect(seen[0]!.searchParams.get('dateType')).toBe('7d');
    expect(seen[0]!.searchParams.get('nftType')).toBe('GUARANTEE');

    const summary = screen.getByRole('region', { name: '발급 요약' });
    const waiting = within(summary).getByRole('link', { name: /^발급 대기\s*4건/ });
    expect(waiting).toHaveAttribute('href', expect.stringMatching(/\/b2b\/guarantee\?nftStatus=1$/));
    expect(waiting).toHaveTextContent('지난 기간 2건');
    expect(waiting).toHaveTextContent('+100%');
    const issued = within(summary).getByRole('link', { name: /^발급 완료\s*12건/ });
    expect(issued).toHaveAttribute('href', expect.stringMatching(/\/b2b\/guarantee\?nftStatus=3$/));
    expect(issued).toHaveTextContent('+50%');
    const cancelled = within(summary).getByRole('link', { name: /^발급 취소\s*1건/ });
    expect(cancelled).toHaveAttribute('href', expect.stringMatching(/\/b2b\/guarantee\?nftStatus=9$/));
    // Nothing cancelled last period: no rate to show.
    expect(cancelled).toHaveTextContent('지난 기간 0건-');
    const price = within(summary).getByTestId('dashboard-total-price');
    expect(price).toHaveTextContent('1,250,000원');
    expect(price).toHaveTextContent('지난 기간 1,000,000원');
    expect(price).toHaveTextContent('+25%');

    const channels = screen.getByRole('region', { name: '판매 채널' });
    expect(within(channels).getByText('가장 많은 채널: 개별 발급')).toBeInTheDocument();
    expect(within(channels).getByText('지난 기간: 대량 발급')).toBeInTheDocument();
    const rows = within(within(channels).getByRole('list')).getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['개별 발급 9건', '대량 발급 6건', '사용자 신청 2건']);
  });

  it('asks for a month (1m) and draws it as 4 points', async () => {
    signIn(brandAccount());
    const seen = dashboardApi((url) => (url.searchParams.get('dateType') === '1m' ? figures({}, 30) : figures()));
    const { user } = renderWithAdmin(<ProductDashboard />);
    await screen.findByText('기간 내 발급 12건');
    await user.click(screen.getByRole('button', { name: '월간' }));
    await waitFor(() => expect(seen.at(-1)!.searchParams.get('dateType')).toBe('1m'));
    const trend = screen.getByRole('region', { name: '발급 추이' });
    await waitFor(() => expect(within(within(trend).getByRole('list', { name: '날짜별 발급 수' })).getAllByRole('listitem')).toHaveLength(4));
  });

  it('keeps the empty states when there is no data', async () => {
    signIn(brandAccount({ useRepair: { use: false } }));
    const seen = dashboardApi(() => empty());
    renderWithAdmin(<ProductDashboard />);
    expect(await screen.findByText(MSG.noComparisonData)).toBeInTheDocument();
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(screen.getAllByText(MSG.noAnalysisData)).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /^발급 (대기|완료|취소)/ })).not.toBeInTheDocument();
  });

  it('keeps the empty states when the dashboard call fails', async () => {
    signIn(brandAccount());
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(http.get(`${DASHBOARD}/membership/:part`, () => json(null)), http.get(DASHBOARD, () => json(null, { status: 500 })), http.get(LIST, () => json(null, { status: 500 })));
    renderWithAdmin(<ProductDashboard />);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(await screen.findByText(MSG.noComparisonData)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    warn.mockRestore();
  });

  it('gives sub-accounts the same figures', async () => {
    signIn(subAccount());
    dashboardApi(() => figures());
    renderWithAdmin(<ProductDashboard />);
    expect(await screen.findByRole('link', { name: /^발급 완료\s*12건/ })).toBeInTheDocument();
  });

  it('leaves the repairer dashboard as it is: no guarantee call, only the A/S card', async () => {
    signIn(repairerAccount());
    const seen = dashboardApi(() => figures());
    renderWithAdmin(<ProductDashboard />);
    expect(await screen.findByText('A/S 현황')).toBeInTheDocument();
    expect(screen.queryByText('발급 추이')).not.toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toHaveLength(0);
  });

  it('shows non-subscribers the dimmed sample figures under the notice, without asking for figures', async () => {
    signIn(nonSubscriber());
    const listSeen: URL[] = [];
    const seen = dashboardApi(() => figures(), [recent(1)], listSeen);
    renderWithAdmin(<ProductDashboard />);
    expect(await screen.findByText('Standard 요금제를 구독하고 상품 대시보드를 이용해 보세요')).toBeInTheDocument();
    expect(screen.getByText('아래는 예시 화면이에요')).toBeInTheDocument();
    // The sample goes through the live panels: trend total, summary price, channels and recent rows.
    const sample = screen.getByText(`기간 내 발급 ${SAMPLE_GUARANTEE_DASHBOARD.issuedGraph.totalCount}건`).closest('[inert]');
    expect(sample).toHaveStyle({ opacity: '0.45' });
    expect(screen.getByTestId('dashboard-total-price')).toHaveTextContent(`${SAMPLE_GUARANTEE_DASHBOARD.totalPrice.price.toLocaleString('ko-KR')}원`);
    expect(screen.getByText('가장 많은 채널: 개별 발급')).toBeInTheDocument();
    for (const g of SAMPLE_RECENT_GUARANTEES) expect(screen.getByText(g.nftNumber)).toBeInTheDocument();
    expect(screen.queryByText(MSG.noComparisonData)).not.toBeInTheDocument();
    expect(screen.queryByText(recent(1).nftNumber)).not.toBeInTheDocument();
    // Both queries are disabled: had they run, they would have started on mount, before the sample showed.
    expect(seen).toHaveLength(0);
    expect(listSeen).toHaveLength(0);
  });

  it('shows a subscriber the real figures, never the sample', async () => {
    signIn(brandAccount());
    dashboardApi(() => figures(), [recent(1)]);
    renderWithAdmin(<ProductDashboard />);
    expect(await screen.findByText('기간 내 발급 12건')).toBeInTheDocument();
    expect(await screen.findByText(recent(1).nftNumber)).toBeInTheDocument();
    expect(screen.queryByText('아래는 예시 화면이에요')).not.toBeInTheDocument();
    expect(screen.queryByText(SAMPLE_RECENT_GUARANTEES[0]!.nftNumber)).not.toBeInTheDocument();
    expect(screen.getByTestId('dashboard-total-price')).toHaveTextContent('1,250,000원');
  });
});

describe('ProductDashboard: recent guarantees', () => {
  it('lists the five newest guarantees, each opening its detail, with a link to the history', async () => {
    signIn(brandAccount());
    const listSeen: URL[] = [];
    dashboardApi(() => figures(), Array.from({ length: 7 }, (_, i) => recent(i + 1, i === 0 ? { nftStatus: 1 } : {})), listSeen);
    renderWithAdmin(<ProductDashboard />);
    const card = await screen.findByRole('region', { name: '최근 보증서' });
    const rows = within(await within(card).findByRole('list', { name: '최근 보증서' })).getAllByRole('link');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveTextContent('G-2026-0001');
    expect(rows[0]).toHaveTextContent('고객1 · 상품1');
    expect(rows[0]).toHaveTextContent('발급 대기');
    expect(rows[0]).toHaveTextContent('2026-11-20');
    expect(rows[0]).toHaveAttribute('href', expect.stringMatching(/\/b2b\/guarantee\/1$/));
    expect(within(card).getByRole('link', { name: '보증서 발급 내역 전체 보기' })).toHaveAttribute('href', expect.stringMatching(/\/b2b\/guarantee$/));
    expect(listSeen[0]!.searchParams.get('sort')).toBe('createdAt,DESC');
  });

  it('keeps the no-issuance text when there is none', async () => {
    signIn(brandAccount());
    dashboardApi(() => figures());
    renderWithAdmin(<ProductDashboard />);
    expect(await screen.findByText('아직 발급된 보증서가 없어요')).toBeInTheDocument();
  });
});

describe('ProductDashboard helpers', () => {
  it('formats rates with a sign and a dash for nothing to compare', () => {
    expect(formatRate(12.5)).toBe('+12.5%');
    expect(formatRate(-3)).toBe('-3%');
    expect(formatRate(0)).toBe('0%');
    expect(formatRate(null)).toBe('-');
  });

  it('buckets a 30-day month into 4 consecutive points that keep the total', () => {
    const map = days('2026-10-24', 30, Array.from({ length: 30 }, (_, i) => i + 1));
    const points = bucket(map, 4);
    expect(points).toHaveLength(4);
    expect(points[0]!.label).toBe('10-24~');
    expect(points.reduce((a, p) => a + p.count, 0)).toBe(465);
    expect(bucket(days('2026-11-16', 7), 7)).toHaveLength(7);
  });

  it('shows the top five channels and sums the rest as other', () => {
    expect(channelRows({ a: 1, b: 7, c: 3, d: 5, e: 2, f: 4, g: 0 })).toEqual([
      { key: 'b', count: 7 },
      { key: 'd', count: 5 },
      { key: 'f', count: 4 },
      { key: 'c', count: 3 },
      { key: 'e', count: 2 },
      { key: 'other', count: 1 },
    ]);
  });
});
