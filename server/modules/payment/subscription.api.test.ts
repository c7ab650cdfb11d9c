import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { as, confirmedBrand, sessionOf, signInDemo } from '../../../tests/helpers/accounts';
import { bills, subscriptions } from '../../db/schema';
import { SUBSCRIPTION_MSG, quote } from '../../../src/domain/subscription';
import { SANDBOX_CARDS } from '../../providers/billing';
import { SANDBOX_DECLINE_MESSAGE } from '../../providers/billing/sandbox';
import { runSubscriptionRenewalJob } from '../../jobs/subscriptionRenewals';

const DAY_MS = 24 * 60 * 60 * 1000;
const S = '/api/payment/v2/subscription';
const B = '/api/payment/v2/bill';
const M = '/api/payment/v2/method';
const groups = (n: string) => ({ cardNumber1: n.slice(0, 4), cardNumber2: n.slice(4, 8), cardNumber3: n.slice(8, 12), cardNumber4: n.slice(12, 16) });
const form = (number: string) => ({
  ...groups(number), cardExpirationMonth: '12', cardExpirationYear: '29', cardPassword: '12', customerIdentityNumber: '900101', customerEmail: 'pay@brand.test',
});
const STANDARD = { planId: 'STANDARD_MONTHLY', groupId: 'STANDARD' as const, name: 'Standard', price: 99_000 };
const PRO = { planId: 'PRO_MONTHLY', groupId: 'PRO' as const, name: 'Pro', price: 199_000 };

type Call = ReturnType<typeof as>;
/** A brand on its trial with a card (the sandbox's approving card unless told). */
async function brandWithCard(t: TestApp, card: string = SANDBOX_CARDS.approve) {
  const account = await confirmedBrand(t);
  const { call, tenantIdx } = await sessionOf(t, account.email);
  const res = await call({ method: 'POST', url: `${M}/card`, payload: form(card) });
  expect(res.statusCode).toBe(201);
  return { call, tenantIdx, email: account.email, cardIdx: res.json().data.idx as number };
}
const subscribe = (call: Call, planId: string, key?: string) =>
  call({ method: 'POST', url: S, payload: { planId }, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
const stateOf = async (call: Call) => (await call({ method: 'GET', url: '/api/v1/admin/partnerships' })).json().data.subscriptionState;

describe(`subscription and bills (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  let t: TestApp;
  let start: Date;
  beforeAll(async () => { t = await createTestApp({ demo: true }); start = t.clock.now(); });
  afterEach(() => t.clock.set(start));
  afterAll(() => t.close());

  it('subscribes a trial brand to Standard with its card: charged with VAT, a PLAN bill, state CHARGED', async () => {
    const { call, tenantIdx } = await brandWithCard(t);
    const calc = (await call({ method: 'POST', url: `${S}/calculator`, payload: { planId: 'STANDARD_MONTHLY' } })).json().data;
    expect(calc).toMatchObject({ kind: 'NEW', price: 99_000, vat: 9_900, totalAmount: 108_900 });

    const res = await subscribe(call, 'STANDARD_MONTHLY', 'first-subscribe-1');
    expect(res.statusCode).toBe(201);
    const { subscription, bill } = res.json().data;
    expect(subscription).toMatchObject({ planGroup: 'STANDARD', isTrial: false, isCanceled: false, state: 'CHARGED', endDate: calc.endDate });
    expect(bill).toMatchObject({ kind: 'SUBSCRIBE', status: 'complete', totalAmount: 108_900, planId: 'STANDARD_MONTHLY' });
    expect(bill.itemList).toEqual([expect.objectContaining({ itemType: 'PLAN', itemName: 'Standard', price: 99_000, totalAmount: 108_900, payDate: expect.any(String) })]);

    const list = (await call({ method: 'GET', url: `${B}?sort=DESC&page=1&pageSize=10` })).json().data;
    expect(list).toMatchObject({ total: 1, list: [{ idx: bill.idx, status: 'complete' }] });
    expect((await call({ method: 'GET', url: `${B}/${bill.idx}` })).json().data).toEqual({ ...list.list[0], receipt: expect.any(Object) });
    expect(await stateOf(call)).toBe('CHARGED');
    const rows = await t.database.db.select().from(bills).where(eq(bills.tenantIdx, tenantIdx));
    expect(rows).toHaveLength(1);
  });

  it('charges a retried request with the same Idempotency-Key once and answers the same bill', async () => {
    const { call, tenantIdx } = await brandWithCard(t);
    const [a, b] = await Promise.all([subscribe(call, 'PRO_MONTHLY', 'retry-key-0001'), subscribe(call, 'PRO_MONTHLY', 'retry-key-0001')]);
    const c = await subscribe(call, 'PRO_MONTHLY', 'retry-key-0001');
    for (const r of [a, b, c]) expect(r.statusCode).toBe(201);
    expect(new Set([a, b, c].map((r) => r.json().data.bill.idx)).size).toBe(1);
    const reused = await subscribe(call, 'STANDARD_MONTHLY', 'retry-key-0001');
    expect([reused.statusCode, reused.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const rows = await t.database.db.select().from(bills).where(and(eq(bills.tenantIdx, tenantIdx), eq(bills.status, 'complete')));
    expect(rows).toHaveLength(1);
    const charges = (t.app.billing as unknown as { charges: Map<string, unknown> }).charges;
    expect([...charges.keys()].filter((k) => k === `sub-${tenantIdx}-retry-key-0001`)).toHaveLength(1);
    expect(await t.database.db.select().from(subscriptions).where(and(eq(subscriptions.tenantIdx, tenantIdx), eq(subscriptions.isTrial, false)))).toHaveLength(1);
  });

  it('charges once when two subscribes with different keys race: the other is refused as already subscribed', async () => {
    const { call, tenantIdx } = await brandWithCard(t);
    const [a, b] = await Promise.all([subscribe(call, 'PRO_MONTHLY', 'race-key-000a'), subscribe(call, 'PRO_MONTHLY', 'race-key-000b')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const rows = await t.database.db.select().from(bills).where(eq(bills.tenantIdx, tenantIdx));
    expect(rows.map((r) => r.status)).toEqual(['complete']);
    const charges = (t.app.billing as unknown as { charges: Map<string, unknown> }).charges;
    expect([...charges.keys()].filter((k) => k.startsWith(`sub-${tenantIdx}-race-key`))).toHaveLength(1);
  });

  it('upgrades Standard to Pro prorated as the calculator says, keeping the period end; a downgrade refunds', async () => {
    const brand = await brandWithCard(t);
    const first = (await subscribe(brand.call, 'STANDARD_MONTHLY')).json().data.subscription;
    t.clock.advance(10 * DAY_MS);
    const now = t.clock.now();
    const { call } = await sessionOf(t, brand.email);
    const expected = quote(PRO, { plan: STANDARD, startDate: new Date(first.startDate), endDate: new Date(first.endDate) }, now);
    const calc = (await call({ method: 'POST', url: `${S}/calculator`, payload: { planId: 'PRO_MONTHLY' } })).json().data;
    expect(calc).toEqual(expected);
    expect(calc).toMatchObject({ kind: 'UPGRADE', endDate: first.endDate });
    expect(calc.totalAmount).toBeGreaterThan(0);
    expect(calc.totalAmount).toBeLessThan(PRO.price * 1.1 - STANDARD.price * 1.1 + 1);

    const up = (await subscribe(call, 'PRO_MONTHLY')).json().data;
    expect(up.subscription).toMatchObject({ planGroup: 'PRO', endDate: first.endDate, startDate: first.startDate, state: 'CHARGED' });
    expect(up.bill).toMatchObject({ kind: 'CHANGE', status: 'complete', totalAmount: calc.totalAmount });
    expect(up.bill.itemList.map((i: { itemType: string }) => i.itemType)).toEqual(['PLAN', 'REFUND_PLAN']);

    const down = (await subscribe(call, 'STANDARD_MONTHLY')).json().data;
    expect(down.bill).toMatchObject({ kind: 'CHANGE', status: 'ready' });
    expect(down.bill.totalAmount).toBeLessThan(0);
    expect(down.subscription).toMatchObject({ planGroup: 'STANDARD', endDate: first.endDate });

    const again = await subscribe(call, 'STANDARD_MONTHLY');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: SUBSCRIPTION_MSG.alreadySubscribed });
  });

  it("answers one status computed with the server's clock: CANCEL_SCHEDULED while a cancelled period runs, then only CHARGED_PLAN_FINISHED (issue 23 item 11)", async () => {
    const { call, email } = await brandWithCard(t);
    const read = async (c: Call) => (await c({ method: 'GET', url: S })).json().data as { state: string; status: string; isCanceled: boolean };
    expect(await read(call)).toMatchObject({ state: 'TRIAL', status: 'TRIAL' });
    const sub = (await subscribe(call, 'STANDARD_MONTHLY')).json().data.subscription;
    expect(sub).toMatchObject({ state: 'CHARGED', status: 'CHARGED' });
    expect((await call({ method: 'DELETE', url: S })).json().data).toMatchObject({ state: 'CHARGED', status: 'CANCEL_SCHEDULED' });
    expect(await read(call)).toMatchObject({ state: 'CHARGED', status: 'CANCEL_SCHEDULED', isCanceled: true });

    // Only the server's clock moves: the answer follows it, whatever the client's time.
    t.clock.set(new Date(new Date(sub.endDate).getTime() + 60_000));
    const after = (await sessionOf(t, email)).call;
    expect(await read(after)).toMatchObject({ state: 'CHARGED_PLAN_FINISHED', status: 'CHARGED_PLAN_FINISHED', isCanceled: true });
    expect(await stateOf(after)).toBe('CHARGED_PLAN_FINISHED');
  });

  it("a finished trial answers TRIAL_FINISHED by the server's clock", async () => {
    const { email } = await brandWithCard(t);
    t.clock.set(new Date(start.getTime() + 15 * DAY_MS));
    const { call } = await sessionOf(t, email);
    expect((await call({ method: 'GET', url: S })).json().data).toMatchObject({ isTrial: true, state: 'TRIAL_FINISHED', status: 'TRIAL_FINISHED' });
  });

  it('cancels to the period end: isCanceled, still CHARGED until the end date, then CHARGED_PLAN_FINISHED', async () => {
    const { call, email } = await brandWithCard(t);
    const sub = (await subscribe(call, 'STANDARD_MONTHLY')).json().data.subscription;
    const res = await call({ method: 'DELETE', url: S });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ isCanceled: true, state: 'CHARGED', endDate: sub.endDate });
    expect((await call({ method: 'DELETE', url: S })).json()).toMatchObject({ code: 'CONFLICT', message: SUBSCRIPTION_MSG.alreadyCanceled });

    t.clock.set(new Date(new Date(sub.endDate).getTime() - 60_000));
    expect(await stateOf((await sessionOf(t, email)).call)).toBe('CHARGED');
    t.clock.set(new Date(sub.endDate));
    const after = (await sessionOf(t, email)).call;
    expect(await stateOf(after)).toBe('CHARGED_PLAN_FINISHED');
  });

  it("refuses a declined card with the provider's message and records a failed bill; no subscription", async () => {
    const { call, tenantIdx } = await brandWithCard(t, SANDBOX_CARDS.chargeDeclines);
    const res = await subscribe(call, 'STANDARD_MONTHLY', 'declined-0001');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_DECLINED', message: SANDBOX_DECLINE_MESSAGE });
    expect(await stateOf(call)).toBe('TRIAL');
    const rows = await t.database.db.select().from(bills).where(eq(bills.tenantIdx, tenantIdx));
    expect(rows.map((r) => [r.status, r.failMessage])).toEqual([['fail', SANDBOX_DECLINE_MESSAGE]]);
  });

  it('refuses without a card, bad input with field errors, and Free or Enterprise', async () => {
    const { token } = await confirmedBrand(t);
    const call = as(t, token);
    expect((await subscribe(call, 'STANDARD_MONTHLY')).json()).toMatchObject({ code: 'CONFLICT', message: SUBSCRIPTION_MSG.cardRequired });
    for (const payload of [{}, { planId: '' }, { planId: 'NOPE' }, { planId: 'FREE' }, { planId: 'ENTERPRISE' }]) {
      for (const url of [S, `${S}/calculator`]) {
        const res = await call({ method: 'POST', url, payload });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { planId: expect.any(String) } });
      }
    }
    const badKey = await call({ method: 'POST', url: S, payload: { planId: 'PRO_MONTHLY' }, headers: { 'idempotency-key': 'x' } });
    expect(badKey.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { 'Idempotency-Key': SUBSCRIPTION_MSG.idempotencyKey } });
    for (const q of ['sort=UP', 'page=0', 'pageSize=7']) {
      const res = await call({ method: 'GET', url: `${B}?${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json().errors), q).toHaveLength(1);
    }
    expect((await call({ method: 'GET', url: `${B}/abc` })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: S })).json()).toMatchObject({ code: 'CONFLICT', message: SUBSCRIPTION_MSG.notCancelable });
  });

  it("answers another tenant's bill 404 and lists only the tenant's bills", async () => {
    const a = await brandWithCard(t);
    const bill = (await subscribe(a.call, 'STANDARD_MONTHLY')).json().data.bill;
    const b = await brandWithCard(t);
    const res = await b.call({ method: 'GET', url: `${B}/${bill.idx}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: SUBSCRIPTION_MSG.billNotFound });
    expect((await b.call({ method: 'GET', url: B })).json().data).toEqual({ list: [], total: 0 });
    // b's cancel touches b only: a is still renewing.
    expect((await b.call({ method: 'DELETE', url: S })).statusCode).toBe(409);
    expect((await a.call({ method: 'GET', url: S })).json().data.isCanceled).toBe(false);
  });

  it('answers the month’s guarantee issuing as the NFT bill', async () => {
    const call = as(t, await signInDemo(t, 'brand@demo.test'));
    const res = await call({ method: 'GET', url: `${B}/nft/monthly` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ month: '2026-11', totalAmount: 0, itemList: [{ itemType: 'NFT', count: expect.any(Number) }] });
  });

  it('refuses a sub-account and the service partners on every new route', async () => {
    const routes = [
      { method: 'POST' as const, url: S, payload: { planId: 'PRO_MONTHLY' } },
      { method: 'POST' as const, url: `${S}/calculator`, payload: { planId: 'PRO_MONTHLY' } },
      { method: 'DELETE' as const, url: S },
      { method: 'GET' as const, url: B },
      { method: 'GET' as const, url: `${B}/1` },
      { method: 'GET' as const, url: `${B}/nft/monthly` },
    ];
    for (const [email, code] of [['staff@demo.test', 'SUB_ACCOUNT_FORBIDDEN'], ['repair@demo.test', 'FORBIDDEN_ROLE'], ['laundry@demo.test', 'FORBIDDEN_ROLE']] as const) {
      const call = as(t, await signInDemo(t, email));
      for (const r of routes) {
        const res = await call(r);
        expect(res.statusCode, `${email} ${r.method} ${r.url}`).toBe(403);
        expect(res.json().code).toBe(code);
      }
    }
    for (const r of routes) expect((await t.app.inject(r)).statusCode).toBe(401);
    // The demo brand's Pro is untouched by all of it.
    expect((await as(t, await signInDemo(t, 'brand@demo.test'))({ method: 'GET', url: S })).json().data).toMatchObject({ planGroup: 'PRO', isCanceled: false });
  });
});

describe(`subscription renewals (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  let t: TestApp;
  let start: Date;
  beforeAll(async () => { t = await createTestApp(); start = t.clock.now(); });
  afterEach(() => t.clock.set(start));
  afterAll(() => t.close());

  it('renews a due subscription once, even with two workers at once, for one more month', async () => {
    const { call, tenantIdx, email } = await brandWithCard(t);
    const sub = (await subscribe(call, 'STANDARD_MONTHLY')).json().data.subscription;
    t.clock.set(new Date(new Date(sub.endDate).getTime() - 3 * DAY_MS));
    expect(await runSubscriptionRenewalJob(t.app)).toEqual({ renewed: 0, failed: 0 });
    t.clock.set(new Date(new Date(sub.endDate).getTime() - 2 * DAY_MS));
    const [r1, r2] = await Promise.all([runSubscriptionRenewalJob(t.app), runSubscriptionRenewalJob(t.app)]);
    expect(r1.renewed + r2.renewed).toBe(1);
    expect(await runSubscriptionRenewalJob(t.app)).toEqual({ renewed: 0, failed: 0 });
    const renewed = (await (await sessionOf(t, email)).call({ method: 'GET', url: S })).json().data;
    expect(renewed).toMatchObject({ state: 'CHARGED', startDate: sub.startDate });
    expect(new Date(renewed.endDate).getTime()).toBeGreaterThan(new Date(sub.endDate).getTime() + 27 * DAY_MS);
    const rows = await t.database.db.select().from(bills).where(and(eq(bills.tenantIdx, tenantIdx), eq(bills.kind, 'RENEWAL')));
    expect(rows.map((r) => [r.status, r.totalAmount])).toEqual([['complete', 108_900]]);
  });

  it('retries a failing renewal a day apart, 3 times, then the account is CHARGED_PLAN_FINISHED', async () => {
    const { call, tenantIdx, email, cardIdx } = await brandWithCard(t);
    const sub = (await subscribe(call, 'STANDARD_MONTHLY')).json().data.subscription;
    // The card is replaced by one whose charges are declined.
    expect((await call({ method: 'DELETE', url: `${M}/${cardIdx}` })).statusCode).toBe(200);
    expect((await call({ method: 'POST', url: `${M}/card`, payload: form(SANDBOX_CARDS.chargeDeclines) })).statusCode).toBe(201);
    const end = new Date(sub.endDate).getTime();

    for (const [offset, failed] of [[-2 * DAY_MS, 1], [-2 * DAY_MS + 3_600_000, 0], [-DAY_MS, 1], [0, 1], [DAY_MS, 0]] as const) {
      t.clock.set(new Date(end + offset));
      expect((await runSubscriptionRenewalJob(t.app)).failed, `at end${offset / DAY_MS}d`).toBe(failed);
      const state = await stateOf((await sessionOf(t, email)).call);
      expect(state).toBe(offset < 0 ? 'CHARGED' : 'CHARGED_PLAN_FINISHED');
    }
    const rows = await t.database.db.select().from(bills).where(and(eq(bills.tenantIdx, tenantIdx), eq(bills.kind, 'RENEWAL')));
    expect(rows.map((r) => [r.status, r.attempt, r.failMessage])).toEqual([0, 1, 2].map((n) => ['fail', n, SANDBOX_DECLINE_MESSAGE]));
    const listed = (await (await sessionOf(t, email)).call({ method: 'GET', url: `${B}?sort=ASC` })).json().data;
    expect(listed.list.map((b: { status: string }) => b.status)).toEqual(['complete', 'fail', 'fail', 'fail']);
  });

  it('catches up one try a day when the job did not run for days, not every overdue try at once', async () => {
    const { call, tenantIdx, cardIdx } = await brandWithCard(t);
    const sub = (await subscribe(call, 'STANDARD_MONTHLY')).json().data.subscription;
    expect((await call({ method: 'DELETE', url: `${M}/${cardIdx}` })).statusCode).toBe(200);
    expect((await call({ method: 'POST', url: `${M}/card`, payload: form(SANDBOX_CARDS.chargeDeclines) })).statusCode).toBe(201);
    const end = new Date(sub.endDate).getTime();
    // First run an hour after the end: all three tries are overdue, one is made.
    for (const [offset, failed] of [[3_600_000, 1], [2 * 3_600_000, 0], [DAY_MS + 3_600_000, 1], [DAY_MS + 2 * 3_600_000, 0]] as const) {
      t.clock.set(new Date(end + offset));
      expect((await runSubscriptionRenewalJob(t.app)).failed, `at end+${offset / 3_600_000}h`).toBe(failed);
    }
    const rows = await t.database.db.select().from(bills).where(and(eq(bills.tenantIdx, tenantIdx), eq(bills.kind, 'RENEWAL')));
    expect(rows.map((r) => r.attempt).sort()).toEqual([0, 1]);
  });

  it('renews at the price of the plan changed to during the period', async () => {
    const { call, tenantIdx } = await brandWithCard(t);
    const sub = (await subscribe(call, 'STANDARD_MONTHLY')).json().data.subscription;
    expect((await subscribe(call, 'PRO_MONTHLY')).statusCode).toBe(201);
    t.clock.set(new Date(new Date(sub.endDate).getTime() - 2 * DAY_MS));
    await runSubscriptionRenewalJob(t.app);
    const rows = await t.database.db.select().from(bills).where(and(eq(bills.tenantIdx, tenantIdx), eq(bills.kind, 'RENEWAL')));
    expect(rows.map((r) => [r.status, r.planId, r.totalAmount])).toEqual([['complete', 'PRO_MONTHLY', 218_900]]);
  });

  it('finishes an attempt a crashed process left in request, charging it once', async () => {
    const { call, tenantIdx } = await brandWithCard(t);
    const sub = (await subscribe(call, 'STANDARD_MONTHLY')).json().data.subscription;
    const subRow = (await t.database.db.select().from(subscriptions).where(and(eq(subscriptions.tenantIdx, tenantIdx), eq(subscriptions.isTrial, false))))[0];
    t.clock.set(new Date(new Date(sub.endDate).getTime() - 2 * DAY_MS));
    // What a process leaves when it dies after claiming attempt 0 and before its charge answered.
    await t.database.db.insert(bills).values({
      tenantIdx, kind: 'RENEWAL', status: 'request', planId: 'STANDARD_MONTHLY', subscriptionIdx: subRow.idx, totalAmount: 108_900,
      itemList: [], orderId: `renew_${tenantIdx}_${subRow.idx}_crashed_0`, periodEnd: subRow.endDate, attempt: 0,
      createdAt: new Date(t.clock.now().getTime() - 11 * 60_000),
    });
    expect(await runSubscriptionRenewalJob(t.app)).toEqual({ renewed: 1, failed: 0 });
    expect(await runSubscriptionRenewalJob(t.app)).toEqual({ renewed: 0, failed: 0 });
    const rows = await t.database.db.select().from(bills).where(and(eq(bills.tenantIdx, tenantIdx), eq(bills.kind, 'RENEWAL')));
    expect(rows.map((r) => r.status)).toEqual(['complete']);
    const charges = (t.app.billing as unknown as { charges: Map<string, unknown> }).charges;
    expect([...charges.keys()].filter((k) => k.startsWith(`renew_${tenantIdx}_`))).toHaveLength(1);
  });

  it('does not renew a cancelled subscription', async () => {
    const { call, tenantIdx } = await brandWithCard(t);
    const sub = (await subscribe(call, 'STANDARD_MONTHLY')).json().data.subscription;
    await call({ method: 'DELETE', url: S });
    t.clock.set(new Date(sub.endDate));
    await runSubscriptionRenewalJob(t.app);
    expect(await t.database.db.select().from(bills).where(and(eq(bills.tenantIdx, tenantIdx), eq(bills.kind, 'RENEWAL')))).toHaveLength(0);
  });
});
