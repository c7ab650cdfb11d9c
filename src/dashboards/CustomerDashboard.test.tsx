import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { json, server, setupMsw, signIn } from '../testing/server';
import { renderWithAdmin } from '../testing/render';
import { brandAccount, nonSubscriber } from '../testing/fixtures';
import { MSG } from '../domain/messages';
import { SAMPLE_CUSTOMER_DASHBOARD } from './sampleData';
import { CustomerDashboard, distributionRows, TOP_FULL_ROWS, TOP_PREVIEW_ROWS, type CustomerDashboardData } from './CustomerDashboard';

setupMsw();

const DASHBOARD = '/api/v2/admin/customers/dashboard';

const top = (n: number): CustomerDashboardData['topList'] =>
  Array.from({ length: n }, (_, i) => ({ userIdx: i + 1, userName: `고객${i + 1}`, totalPayAmount: (i + 1) * 10_000, lastOrderedAt: '20261105', couponRemainCount: i % 3 }));

function dashboardApi(answer: () => CustomerDashboardData) {
  let calls = 0;
  server.use(
    http.get(DASHBOARD, () => {
      calls += 1;
      return json(answer());
    }),
  );
  return () => calls;
}

describe('CustomerDashboard', () => {
  it('shows the three distributions and the top customers by total purchases (5, then 25 opened in full)', async () => {
    signIn(brandAccount());
    dashboardApi(() => ({
      distribution: {
        salesAmount: { '10만원 미만': 4, '10만~50만원': 2, '50만원 이상': 1 },
        count: { '1회': 5, '2~4회': 1, '5회 이상': 1 },
        price: { '5만원 미만': 3, '5만원 이상': 4 },
      },
      topList: top(30),
    }));
    const { user } = renderWithAdmin(<CustomerDashboard />);
    const sales = await screen.findByRole('region', { name: '구매 금액별' });
    expect(within(sales).getByText('10만원 미만')).toBeInTheDocument();
    expect(within(sales).getByText('4명')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '구매 횟수별' })).getByText('5회 이상')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: '객단가별' })).getByText('5만원 이상')).toBeInTheDocument();

    const table = screen.getByRole('table', { name: '상위 고객' });
    const names = () => within(table).getAllByRole('link').map((a) => a.textContent);
    expect(names()).toHaveLength(TOP_PREVIEW_ROWS);
    expect(names()[0]).toBe('고객30');
    expect(screen.queryByText('아래는 예시 화면이에요')).not.toBeInTheDocument();
    expect(screen.queryByText(SAMPLE_CUSTOMER_DASHBOARD.topList[0]!.userName)).not.toBeInTheDocument();
    expect(within(table).getByText('300,000원')).toBeInTheDocument();
    expect(within(table).getAllByText('2026-11-05')).toHaveLength(TOP_PREVIEW_ROWS);
    expect(within(table).getByRole('link', { name: '고객30' })).toHaveAttribute('href', expect.stringMatching(/\/b2b\/customer\/detail\/30$/));
    await user.click(screen.getByRole('button', { name: '전체 보기' }));
    await waitFor(() => expect(names()).toHaveLength(TOP_FULL_ROWS));
    expect(names().at(-1)).toBe('고객6');
  });

  it('shows the spec empty text in every card when there is nothing to analyse', async () => {
    signIn(brandAccount());
    const calls = dashboardApi(() => ({ distribution: { salesAmount: {}, count: { '1회': 0 }, price: {} }, topList: [] }));
    renderWithAdmin(<CustomerDashboard />);
    await waitFor(() => expect(calls()).toBe(1));
    await waitFor(() => expect(screen.getAllByText(MSG.noAnalysisData)).toHaveLength(4));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('does not call the API without a subscription: sample banner and the dimmed sample figures', async () => {
    signIn(nonSubscriber());
    const calls = dashboardApi(() => ({ distribution: { salesAmount: { a: 1 }, count: {}, price: {} }, topList: top(1) }));
    renderWithAdmin(<CustomerDashboard />);
    expect(await screen.findByText('요금제를 구독하고 고객 대시보드를 이용해 보세요')).toBeInTheDocument();
    expect(screen.getByText('아래는 예시 화면이에요')).toBeInTheDocument();
    const first = SAMPLE_CUSTOMER_DASHBOARD.topList[0]!;
    const name = screen.getByText(first.userName);
    expect(name.closest('[inert]')).toHaveStyle({ opacity: '0.45' });
    expect(screen.getByText(`${first.totalPayAmount.toLocaleString('ko-KR')}원`)).toBeInTheDocument();
    for (const bucketLabel of Object.keys(SAMPLE_CUSTOMER_DASHBOARD.distribution.salesAmount)) expect(screen.getByText(bucketLabel)).toBeInTheDocument();
    expect(screen.queryByText(MSG.noAnalysisData)).not.toBeInTheDocument();
    expect(screen.queryByText('고객1')).not.toBeInTheDocument();
    expect(calls()).toBe(0);
  });

  it('keeps buckets in order and treats all-zero maps as empty', () => {
    expect(distributionRows({ b: 1, a: 0 })).toEqual([
      { label: 'b', count: 1 },
      { label: 'a', count: 0 },
    ]);
    expect(distributionRows({ a: 0 })).toEqual([]);
    expect(distributionRows(null)).toEqual([]);
  });
});
