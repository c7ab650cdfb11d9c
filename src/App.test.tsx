import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { http } from 'msw';
import { AdminApp } from './App';
import { json, server, setupMsw, signIn } from './testing/server';
import { testQueryClient } from './testing/render';
import { noAfterServiceFigures } from './testing/afterService';
import { quietHome } from './testing/home';
import { brandAccount, nonSubscriber, repairerAccount, subAccount } from './testing/fixtures';
import { MSG } from './domain/messages';
import { subscription } from './domain/testing/partnerships';
import { adminPages } from './domain/routes';
import { ADMIN_PAGES, BESPOKE_VIEWS } from './pages';
import { RESOURCE_DEFINITIONS } from './domain/resources';
import type { ReactNode } from 'react';

// The shell is another engineer's and has its own tests; here it is a plain frame.
vi.mock('./layout/Layout', () => ({ Layout: ({ children }: { children: ReactNode }) => <div data-testid="shell">{children}</div> }));
vi.mock('./layout/DashboardTabs', () => ({ DashboardTabs: () => <nav aria-label="dashboard tabs" /> }));

setupMsw();
// The A/S figures of home's to-do and the dashboard's cards (their own tests check them).
beforeEach(() => server.use(...noAfterServiceFigures(), ...quietHome()));
// The home cards' figures (their own tests are src/custom/home/HomePage.test.tsx).
beforeEach(() => {
  server.use(
    http.get('/api/v1/admin/nft/ready/today', () => json({ today: 0, monthly: 0 })),
    http.get('/api/customer/v1/overview', () => json({ totalCustomers: 0, totalSignUps: 0, signUpRate: 0, totalMarketableCustomers: 0, lastWeek: null, updating: false, updatedAt: '2026-11-20T00:00:00.000Z' })),
  );
});

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  const router = createMemoryRouter([{ path: '*', element: <AdminApp queryClient={testQueryClient()} /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('routes', () => {
  it('sends / to home for a brand admin and greets with the brand name', async () => {
    signIn(brandAccount());
    const router = renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: '데모브랜드님, 안녕하세요' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/b2b/home');
    expect(screen.getByText('구독 현황')).toBeInTheDocument();
    expect(screen.getByText('구독 중')).toBeInTheDocument();
  });

  it('sends a repairer from home and from brand screens to the dashboard', async () => {
    signIn(repairerAccount());
    const router = renderAt('/b2b/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/b2b/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: '상품 대시보드' })).toBeInTheDocument();
    expect(screen.getByText('A/S 현황')).toBeInTheDocument();
    expect((await screen.findAllByText(MSG.noAnalysisData)).length).toBeGreaterThan(0);
    await router.navigate('/b2b/customer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/b2b/dashboard'));
  });

  it('shows the not-found page for unknown paths', async () => {
    signIn(brandAccount());
    renderAt('/b2b/does-not-exist');
    expect(await screen.findByRole('heading', { level: 1, name: MSG.notFoundTitle })).toBeInTheDocument();
    expect(screen.getByText(MSG.notFoundBody)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '홈으로 가기' })).toHaveAttribute('href', '/b2b/home');
  });

  it('sends a sub-account from a page of the main account home, saying why (issue 23 #21)', async () => {
    signIn(subAccount());
    const router = renderAt('/setting/brand');
    await waitFor(() => expect(router.state.location.pathname).toBe('/b2b/home'));
    expect(await screen.findByText(MSG.subAccountRefused)).toBeInTheDocument();
  });

  it('sends a Standard subscriber from membership setup home with the blocked-feature toast', async () => {
    const now = Date.now();
    signIn(brandAccount({
      subscription: subscription({ planGroup: 'STANDARD', planName: 'Standard', startDate: new Date(now - 86_400_000).toISOString(), endDate: new Date(now + 30 * 86_400_000).toISOString() }),
      subscriptionState: 'CHARGED',
    }));
    const router = renderAt('/b2b/membership/setting');
    await waitFor(() => expect(router.state.location.pathname).toBe('/b2b/home'));
    expect(await screen.findByText(MSG.featureBlocked)).toBeInTheDocument();
  });

  it('shows non-subscribers the sample banner on dashboards', async () => {
    signIn(nonSubscriber());
    renderAt('/b2b/dashboard/channel');
    expect(await screen.findByText('Pro 요금제를 구독하고 채널 대시보드를 이용해 보세요')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '구독하기' })).toHaveAttribute('href', '/b2b/payment/subscribe');
  });

  it('has a page for every route of the table that names one, and no page without a route', () => {
    const named = adminPages().map((r) => r.page);
    for (const page of named) expect(ADMIN_PAGES[page], page).toBeDefined();
    expect(Object.keys(ADMIN_PAGES).sort()).toEqual([...new Set(named)].sort());
  });

  it('gives bespoke pages only to declared resources (the others get the generic list and forms)', () => {
    const declared = RESOURCE_DEFINITIONS.map((def) => def.name);
    for (const name of Object.keys(BESPOKE_VIEWS)) expect(declared, name).toContain(name);
  });

  it('mounts a resource page at its spec path, and its siblings resolve like other paths', async () => {
    signIn(brandAccount());
    server.use(
      http.get('/api/v1/admin/store', () => json({ list: [{ idx: 1, name: '성수 플래그십', tag: null, pinned: 'N', createdAt: '2026-11-01T03:00:00.000Z' }], total: 1 })),
      http.get('/api/waiting/v1/reservation', () => json({ list: [], total: 0 })),
    );
    const router = renderAt('/b2b/store');
    expect(await screen.findByRole('link', { name: '성수 플래그십' })).toHaveAttribute('href', '/b2b/store/edit/1');
    await router.navigate('/b2b/store/reservation');
    expect(await screen.findByRole('heading', { level: 1, name: '예약' })).toBeInTheDocument();
    await router.navigate('/b2b/store/nope');
    expect(await screen.findByRole('heading', { level: 1, name: MSG.notFoundTitle })).toBeInTheDocument();
  });

  it('/auth/profile is the profile page', async () => {
    signIn(brandAccount());
    renderAt('/auth/profile');
    expect(await screen.findByRole('heading', { level: 1, name: '계정 설정' })).toBeInTheDocument();
  });

  it('shows plans with 변경하기 and the current subscription with 구독 해지', async () => {
    signIn(brandAccount());
    server.use(
      http.get('/api/payment/v2/plan', ({ request }) => {
        expect(new URL(request.url).searchParams.get('isActivated')).toBe('Y');
        return json({ list: [{ groupId: 'STANDARD', planId: 'S1', name: 'Standard', price: 99000, level: 2 }, { groupId: 'PRO', planId: 'P1', name: 'Pro', price: 199000, level: 3 }] });
      }),
      http.get('/api/payment/v2/method', () => json({ list: [], total: 0, hasPaymentEmail: true })),
      http.get('/api/payment/v2/bill', () => json({ list: [], total: 0 })),
      http.get('/api/payment/v2/subscription', () => json({ planGroup: 'PRO', planName: 'Pro', state: 'CHARGED', status: 'CHARGED', startDate: '2030-01-01T00:00:00Z', endDate: '2031-01-01T00:00:00Z', isCanceled: false })),
    );
    renderAt('/b2b/payment/subscribe');
    expect(await screen.findByText('월 199,000원')).toBeInTheDocument();
    expect(screen.getByText('월 99,000원')).toBeInTheDocument();
    expect(screen.getByText('이용 중')).toBeInTheDocument();
    expect(screen.queryByText(/카드 등록과 결제는 곧 이용하실 수 있어요/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '구독 해지' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Standard 변경하기' })).toBeInTheDocument();
  });
});

describe('unsaved changes', () => {
  it('asks 작업을 중단하고 다른 페이지로 이동할까요? with 예/아니요 when leaving a dirty form', async () => {
    signIn(brandAccount());
    const user = (await import('@testing-library/user-event')).default.setup();
    const router = renderAt('/setting/profile');
    const company = await screen.findByLabelText(/회사명/);
    await user.type(company, '2');
    void router.navigate('/b2b/home');
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(MSG.unsavedChanges);
    await user.click(screen.getByRole('button', { name: /아니요/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/setting/profile');
    expect(company).toHaveValue('데모컴퍼니2');

    void router.navigate('/b2b/home');
    await user.click(await screen.findByRole('button', { name: /^예/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/b2b/home'));
  });

  it('does not ask when nothing changed', async () => {
    signIn(brandAccount());
    const router = renderAt('/setting/profile');
    await screen.findByLabelText(/회사명/);
    await router.navigate('/b2b/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/b2b/home'));
  });
});

describe('home', () => {
  it('flags an incomplete brand account with a link to the settings', async () => {
    signIn(brandAccount({ isIncomplete: true }));
    renderAt('/b2b/home');
    expect(await screen.findByText(/브랜드명 또는 연락처가 비어 있어요/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '정보 입력하기' })).toHaveAttribute('href', '/setting/brand');
  });

  it('shows a finished trial honestly, with the plans link', async () => {
    signIn(nonSubscriber());
    renderAt('/b2b/home');
    expect(await screen.findByText('무료 체험 종료')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '요금제 보기' })).toHaveAttribute('href', '/b2b/payment/subscribe');
    // The to-do and customer cards show their dimmed samples (spec 1 section 6), not an empty state.
    expect(screen.getAllByText('아래는 예시 화면이에요')).toHaveLength(2);
  });
});

// The identity carries the state and days left the server computed at its clock; the browser's clock never changes them (issue 23 item 11).
describe("the browser's clock far off", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'] }));
  afterEach(() => vi.useRealTimers());
  const store = () => server.use(http.get('/api/v1/admin/store', () => json({ list: [{ idx: 1, name: '성수 플래그십', tag: null, pinned: 'N', createdAt: '2026-11-01T03:00:00.000Z' }], total: 1 })));

  it("years ahead: home shows the server's running plan and days left, and subscribed pages open", async () => {
    vi.setSystemTime(new Date('2040-01-01T00:00:00Z'));
    signIn(brandAccount({ subscription: subscription({ startDate: '2026-11-01T00:00:00Z', endDate: '2026-12-09T15:00:00Z' }), subscriptionState: 'CHARGED', daysLeft: 12 }));
    store();
    const router = renderAt('/b2b/home');
    expect(await screen.findByText('구독 중')).toBeInTheDocument();
    expect(screen.getByText('12일')).toBeInTheDocument();
    await router.navigate('/b2b/store');
    expect(await screen.findByRole('link', { name: '성수 플래그십' })).toBeInTheDocument();
  });

  it("years behind: a trial the server says is finished shows 무료 체험 종료 and subscribed pages send home", async () => {
    vi.setSystemTime(new Date('2020-01-01T00:00:00Z'));
    signIn(brandAccount({ subscription: subscription({ isTrial: true, startDate: '2026-11-01T00:00:00Z', endDate: '2026-11-15T00:00:00Z' }), subscriptionState: 'TRIAL_FINISHED', daysLeft: 0 }));
    store();
    const router = renderAt('/b2b/store');
    await waitFor(() => expect(router.state.location.pathname).toBe('/b2b/home'));
    expect(await screen.findByText('무료 체험 종료')).toBeInTheDocument();
    expect(screen.queryByText('성수 플래그십')).not.toBeInTheDocument();
  });
});
