import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { AdminContext, memoryStore, TestMemoryRouter, type AuthProvider } from 'react-admin';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { http, HttpResponse } from 'msw';
import type { Partnership } from '../domain/identity';
import { fixedConsole, partnership as basePartnership, subscription } from '../domain/testing/partnerships';

/** Component-test helpers of the shell: account fixtures, an msw server and a react-admin context. */

export const CREDIT_ACCOUNT_URL = '/api/credit/account';
export { server, setupMsw } from './server';

export function creditAccount(balance: number) {
  return http.get(CREDIT_ACCOUNT_URL, () =>
    HttpResponse.json({ data: { accountIdx: 7, balance, config: { rechargeThreshold: 50000, rechargeAmount: 100000, autoRechargeActivated: false } } }),
  );
}

export const NOW = new Date('2025-06-15T03:00:00Z');
const inDays = (days: number) => new Date(NOW.getTime() + days * 24 * 60 * 60 * 1000 + 60_000).toISOString();

/** The shared brand fixture, its plan running until 200 days after NOW (state and days left as the server counts them at NOW). */
const partnership = (over: Partial<Partnership> = {}): Partnership =>
  basePartnership({ subscription: subscription({ endDate: inDays(200) }), daysLeft: 200, ...over });

const ended = '2025-06-10T00:00:00Z';
export const fixtures = {
  brand: partnership(),
  subAccount: partnership({ idx: 2, parentIdx: 1, companyName: '매장 직원' }),
  repairer: partnership({ ...fixedConsole('repairer'), companyName: '수선파트너' }),
  launderer: partnership({ ...fixedConsole('launderer'), companyName: '세탁파트너' }),
  nonSubscriber: partnership({ subscription: null, subscriptionState: null, daysLeft: null }),
  trialDays: (days: number) =>
    partnership({
      subscription: subscription({ startDate: '2025-06-01T00:00:00Z', endDate: inDays(days), isTrial: true }),
      subscriptionState: 'TRIAL',
      daysLeft: days,
    }),
  chargedDays: (days: number) =>
    partnership({
      subscription: subscription({ planGroup: 'STANDARD', planName: 'Standard', endDate: inDays(days) }),
      subscriptionState: 'CHARGED',
      daysLeft: days,
    }),
  trialFinished: partnership({
    subscription: subscription({ startDate: '2025-05-27T00:00:00Z', endDate: ended, isTrial: true }),
    subscriptionState: 'TRIAL_FINISHED',
    daysLeft: 0,
  }),
  chargedFinished: partnership({
    subscription: subscription({ planGroup: 'STANDARD', planName: 'Standard', endDate: ended }),
    subscriptionState: 'CHARGED_PLAN_FINISHED',
    daysLeft: 0,
  }),
};

export function fakeAuthProvider(p: Partnership): AuthProvider {
  return {
    login: async () => {},
    logout: vi.fn(async () => {}),
    checkAuth: async () => {},
    checkError: async () => {},
    getPermissions: async () => undefined,
    getIdentity: async () => ({ id: p.idx, fullName: p.companyName, partnership: p }),
  };
}

/** The app's i18n setup before the shell texts are merged: the shell must read from its defaults. */
const emptyCatalogue = () => polyglotI18nProvider(() => ({}) as never, 'ko', { allowMissing: true });

/** Renders shell parts as they run inside <Admin>: router, auth, i18n defaults, store and query client. */
export function renderShell(ui: ReactNode, { account, path = '/b2b/home' }: { account: Partnership; path?: string }) {
  const authProvider = fakeAuthProvider(account);
  const result = render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext authProvider={authProvider} i18nProvider={emptyCatalogue()} store={memoryStore()}>
        {ui}
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, authProvider };
}

/** Makes `useMediaQuery` see a narrow (below 500 px) or a wide screen. jsdom has no matchMedia. */
export function setScreenNarrow(narrow: boolean) {
  window.matchMedia = (query: string) =>
    ({
      matches: narrow && query.includes('max-width:499'),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

/** Fixes `Date.now()` at NOW (only the date: timers stay real so testing-library can wait). */
export function freezeNow(now: Date = NOW) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());
}
