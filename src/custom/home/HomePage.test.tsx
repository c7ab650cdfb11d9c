import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { json, server, setupMsw, signIn } from '../../testing/server';
import { renderAppAt } from '../../testing/render';
import { brandAccount, nonSubscriber, subAccount } from '../../testing/fixtures';
import { featureSettings } from '../../domain/testing/partnerships';
import { seoulToday } from '../../domain/seoulDay';
import type { CustomerOverview } from '../../resources/customer/api';
import { OVERVIEW_POLL_MS } from '../../resources/customer/OverviewCard';
import { SAMPLE_CUSTOMER_OVERVIEW, SAMPLE_GUARANTEE_TODO } from '../../dashboards/sampleData';
import { HomePage } from './HomePage';
import { quietHome } from '../../testing/home';

setupMsw();

const OVERVIEW = '/api/customer/v1/overview';
const TODO = '/api/v1/admin/nft/ready/today';
const REPAIR_COUNTS = '/api/v1/admin/repair/dashboard';

const counted = (over: Partial<CustomerOverview> = {}): CustomerOverview => ({
  totalCustomers: 60,
  totalSignUps: 42,
  signUpRate: 70,
  totalMarketableCustomers: 35,
  lastWeek: null,
  updating: false,
  updatedAt: '2026-11-20T01:00:00.000Z',
  ...over,
});

/** The home APIs; `overview` is asked on every call (it may change between polls). Returns the call counts. */
function homeApi(overview: () => CustomerOverview, todo = { today: 3, monthly: 1000 }, requestCount = 2) {
  const calls = { overview: 0, todo: 0, repair: 0 };
  server.use(
    ...quietHome(),
    http.get(REPAIR_COUNTS, () => {
      calls.repair += 1;
      return json({ requestCount, preInspectCount: 0, inspectCount: 0, workCount: 0, recentRequest: [] });
    }),
    http.get(OVERVIEW, () => {
      calls.overview += 1;
      return json(overview());
    }),
    http.get(TODO, () => {
      calls.todo += 1;
      return json(todo);
    }),
  );
  return calls;
}

const card = (name: string) => screen.findByRole('region', { name });

describe('HomePage cards', () => {
  it('fills 오늘의 할 일 from the guarantee to-do counts, each linking to the waiting guarantees of its days', async () => {
    signIn(brandAccount());
    homeApi(() => counted());
    renderAppAt('/b2b/home', <HomePage />);
    const todo = await card('오늘의 할 일');
    const today = await within(todo).findByRole('link', { name: '오늘 발급 대기 보증서 3건' });
    const ymd = seoulToday(new Date());
    expect(today).toHaveAttribute('href', `/b2b/guarantee?nftStatus=1&startDate=${ymd}&endDate=${ymd}`);
    const month = within(todo).getByRole('link', { name: '이번 달 발급 대기 보증서 1,000건' });
    expect(month).toHaveAttribute('href', `/b2b/guarantee?nftStatus=1&startDate=${ymd.slice(0, 8)}01&endDate=${ymd}`);
    expect(within(todo).queryByText('오늘 처리할 일이 없어요')).not.toBeInTheDocument();
  });

  it('counts the new A/S requests where repair is in use, linking to the repair history at status request', async () => {
    signIn(brandAccount());
    const calls = homeApi(() => counted(), undefined, 1234);
    renderAppAt('/b2b/home', <HomePage />);
    const todo = await card('오늘의 할 일');
    const repair = await within(todo).findByRole('link', { name: 'A/S 신규 접수 1,234건' });
    expect(repair).toHaveAttribute('href', '/b2b/after-service/repair?status=request');
    expect(calls.repair).toBe(1);
  });

  it('leaves the A/S count out when repair is not in use', async () => {
    signIn(brandAccount({ useRepair: { use: false }, setting: featureSettings(['GUARANTEE', 'CUSTOMER']) }));
    const calls = homeApi(() => counted());
    renderAppAt('/b2b/home', <HomePage />);
    const todo = await card('오늘의 할 일');
    expect(await within(todo).findByRole('link', { name: '오늘 발급 대기 보증서 3건' })).toBeInTheDocument();
    expect(within(todo).queryByRole('link', { name: /A\/S 신규 접수/ })).not.toBeInTheDocument();
    expect(calls.repair).toBe(0);
  });

  it('shows 누적 고객 현황 from the customer overview, polling while the server recounts', async () => {
    signIn(brandAccount());
    let updating = true;
    const calls = homeApi(() => (updating ? counted({ updating: true, updatedAt: null, totalCustomers: 0 }) : counted()));
    renderAppAt('/b2b/home', <HomePage />);
    const customers = await card('누적 고객 현황');
    expect(await within(customers).findByRole('status')).toHaveTextContent('집계 중이에요');
    expect(within(customers).queryByText('아직 집계된 고객이 없어요')).not.toBeInTheDocument();
    updating = false;
    // The next poll (5 s) brings the counted figures.
    const figures = await within(customers).findByTestId('home-customer-figures', {}, { timeout: OVERVIEW_POLL_MS * 3 });
    expect(calls.overview).toBeGreaterThanOrEqual(2);
    expect(figures).toHaveTextContent('누적 고객60명');
    expect(figures).toHaveTextContent('회원 가입42명');
    expect(figures).toHaveTextContent('가입률70%');
    expect(figures).toHaveTextContent('마케팅 가능 고객35명');
    expect(within(customers).queryByRole('status')).not.toBeInTheDocument();
    expect(within(customers).getByRole('link', { name: '고객 리스트' })).toHaveAttribute('href', '/b2b/customer');
  });

  it('gives a sub-account the same figures', async () => {
    signIn(subAccount());
    homeApi(() => counted({ totalCustomers: 61 }));
    renderAppAt('/b2b/home', <HomePage />);
    expect(await within(await card('오늘의 할 일')).findByRole('link', { name: '오늘 발급 대기 보증서 3건' })).toBeInTheDocument();
    expect(await within(await card('누적 고객 현황')).findByText('61명')).toBeInTheDocument();
  });

  it('asks nothing without the features: no customer card, nothing to do', async () => {
    signIn(brandAccount({ setting: featureSettings(['PRODUCT']) }));
    const calls = homeApi(() => counted());
    renderAppAt('/b2b/home', <HomePage />);
    expect(await within(await card('오늘의 할 일')).findByText('오늘 처리할 일이 없어요')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '누적 고객 현황' })).not.toBeInTheDocument();
    // Both queries would have started on mount, before the cards rendered.
    expect(calls).toEqual({ overview: 0, todo: 0, repair: 0 });
  });

  it('shows a non-subscriber dimmed sample figures under the notice, without asking the APIs', async () => {
    signIn(nonSubscriber());
    const calls = homeApi(() => counted());
    renderAppAt('/b2b/home', <HomePage />);
    const todo = await card('오늘의 할 일');
    expect(within(todo).getByText('아래는 예시 화면이에요')).toBeInTheDocument();
    const sampleToday = within(todo).getByText(`${SAMPLE_GUARANTEE_TODO.today}건`);
    expect(sampleToday.closest('[inert]')).toHaveStyle({ opacity: '0.45' });
    const customers = screen.getByRole('region', { name: '누적 고객 현황' });
    expect(within(customers).getByText('아래는 예시 화면이에요')).toBeInTheDocument();
    expect(within(customers).getByText(`${SAMPLE_CUSTOMER_OVERVIEW.totalCustomers}명`)).toBeInTheDocument();
    expect(calls).toEqual({ overview: 0, todo: 0, repair: 0 });
  });
});

describe('HomePage greeting', () => {
  it('greets a brand account by its brand and a cooperator by its company, not its first brand', async () => {
    signIn(brandAccount({ b2bType: 'cooperator', companyName: '데모편집숍', brand: { idx: 7, name: '노르딕레더' } }));
    homeApi(() => counted());
    renderAppAt('/b2b/home', <HomePage />);
    expect(await screen.findByRole('heading', { level: 1, name: '데모편집숍님, 안녕하세요' })).toBeInTheDocument();
    expect(screen.queryByText(/노르딕레더/)).not.toBeInTheDocument();
  });
});
