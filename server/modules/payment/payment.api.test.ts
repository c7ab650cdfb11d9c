import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { as, confirmedBrand, signIn, signInDemo } from '../../../tests/helpers/accounts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

describe(`payment and credit reads (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('lists the five plans by level', async () => {
    const call = as(t, await signInDemo(t, 'brand@demo.test'));
    const { list, total } = (await call({ method: 'GET', url: '/api/payment/v2/plan?isActivated=Y' })).json().data;
    expect(total).toBe(5);
    expect(list.map((p: { groupId: string }) => p.groupId)).toEqual(['FREE', 'STARTER', 'STANDARD', 'PRO', 'ENTERPRISE']);
    expect(list[3]).toMatchObject({ planId: 'PRO_MONTHLY', name: 'Pro', level: 3 });
    expect((await call({ method: 'GET', url: '/api/payment/v2/plan?isActivated=N' })).json().data.total).toBe(0);
  });

  it('answers the subscription with its derived state', async () => {
    const demo = (await as(t, await signInDemo(t, 'brand@demo.test'))({ method: 'GET', url: '/api/payment/v2/subscription' })).json().data;
    expect(demo).toMatchObject({ planGroup: 'PRO', planName: 'Pro', isTrial: false, state: 'CHARGED', daysLeft: 365 });
    const trial = await confirmedBrand(t);
    const sub = (await as(t, trial.token)({ method: 'GET', url: '/api/payment/v2/subscription' })).json().data;
    expect(sub).toMatchObject({ state: 'TRIAL', isTrial: true, daysLeft: 14 });
  });

  it('still answers plans and the subscription after the trial ended, with TRIAL_FINISHED', async () => {
    const trial = await confirmedBrand(t);
    t.clock.advance(15 * DAY_MS);
    const call = as(t, await signIn(t, trial.email));
    expect((await call({ method: 'GET', url: '/api/payment/v2/plan?isActivated=Y' })).statusCode).toBe(200);
    const sub = (await call({ method: 'GET', url: '/api/payment/v2/subscription' })).json().data;
    expect(sub).toMatchObject({ state: 'TRIAL_FINISHED', daysLeft: 0 });
    expect((await call({ method: 'GET', url: '/api/v1/admin/partnerships' })).json().data.subscriptionState).toBe('TRIAL_FINISHED');
    expect((await call({ method: 'GET', url: '/api/credit/account' })).statusCode).toBe(200);
  });

  it('refuses a sub-account plans and the subscription, as the menu hides payment from it; its identity still carries the subscription', async () => {
    const call = as(t, await signInDemo(t, 'staff@demo.test'));
    for (const url of ['/api/payment/v2/plan?isActivated=Y', '/api/payment/v2/subscription']) {
      const res = await call({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('SUB_ACCOUNT_FORBIDDEN');
    }
    // What the header banner reads instead.
    const identity = (await call({ method: 'GET', url: '/api/v1/admin/partnerships' })).json().data;
    // State and days left at the server's clock, as the main account's subscription counts them (issue 23 item 11): the console shows these, never its own count.
    const main = (await as(t, await signInDemo(t, 'brand@demo.test'))({ method: 'GET', url: '/api/payment/v2/subscription' })).json().data;
    expect(main.daysLeft).toBeGreaterThan(300);
    expect(identity).toMatchObject({ subscriptionState: 'CHARGED', daysLeft: main.daysLeft, subscription: expect.objectContaining({ planGroup: 'PRO' }) });
  });

  it('answers the demo credit account', async () => {
    const account = (await as(t, await signInDemo(t, 'brand@demo.test'))({ method: 'GET', url: '/api/credit/account' })).json().data;
    expect(account).toMatchObject({ balance: 125000, config: { rechargeThreshold: null, rechargeAmount: null, autoRechargeActivated: false } });
    expect(account.accountIdx).toEqual(expect.any(Number));
  });
});
