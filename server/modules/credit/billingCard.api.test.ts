import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { confirmedBrand, sessionOf } from '../../../tests/helpers/accounts';
import { creditAccounts, creditCharges } from '../../db/schema';
import { CREDIT_MSG } from '../../../src/domain/credit';
import { SANDBOX_CARDS, type sandboxBilling } from '../../providers/billing';
import { SANDBOX_DECLINE_MESSAGE } from '../../providers/billing/sandbox';
import { creditDebits, type CreditDebits } from './debits';
import { billingChargeCard } from './billingCard';

/**
 * The app's default credit card payment (billingCard.ts): no `chargeCard` override, so charges
 * and auto top-ups go to the tenant's latest registered card through the sandbox provider.
 */
const ACCOUNT = '/api/credit/account';
const CHARGE = '/api/credit/account/charge';
const CONFIG = '/api/credit/account/config';
const CARD = '/api/payment/v2/method/card';
const form = (n: string) => ({
  cardNumber1: n.slice(0, 4), cardNumber2: n.slice(4, 8), cardNumber3: n.slice(8, 12), cardNumber4: n.slice(12, 16),
  cardExpirationMonth: '12', cardExpirationYear: '29', cardPassword: '12', customerIdentityNumber: '900101', customerEmail: 'pay@brand.test',
});

describe(`credit charges through the registered card (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  let t: TestApp;
  let debits: CreditDebits;
  let sandbox: ReturnType<typeof sandboxBilling>;
  let providerCalls: string[];
  beforeAll(async () => {
    t = await createTestApp();
    debits = creditDebits(t.app);
    sandbox = t.app.billing as ReturnType<typeof sandboxBilling>;
    providerCalls = [];
    const charge = sandbox.charge.bind(sandbox);
    vi.spyOn(sandbox, 'charge').mockImplementation((r) => { providerCalls.push(r.idempotencyKey); return charge(r); });
  });
  afterAll(() => t.close());

  async function brand(...cards: string[]) {
    const account = await confirmedBrand(t);
    const session = await sessionOf(t, account.email);
    for (const card of cards) expect((await session.call({ method: 'POST', url: CARD, payload: form(card) })).statusCode).toBe(201);
    return session;
  }
  const ofTenant = (keys: Iterable<string>, tenantIdx: number) => [...keys].filter((k) => k.startsWith(`credit-${tenantIdx}-`));
  const balanceOf = async (tenantIdx: number) => (await t.database.db.select().from(creditAccounts).where(eq(creditAccounts.tenantIdx, tenantIdx)))[0]?.balance ?? 0;

  it('charges the approving sandbox card amount + VAT; a retried request (also concurrent) is charged once by the provider', async () => {
    const { call, tenantIdx } = await brand(SANDBOX_CARDS.approve);
    const res = await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 }, headers: { 'idempotency-key': 'card-1' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ amount: 100_000, vat: 10_000, total: 110_000, status: 'PAID' });
    const raced = await Promise.all([1, 2, 3].map(() => call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 }, headers: { 'idempotency-key': 'card-1' } })));
    expect(raced.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(raced.map((r) => r.json().data.chargeIdx)).toEqual([1, 2, 3].map(() => res.json().data.chargeIdx));

    const key = `credit-${tenantIdx}-${res.json().data.chargeIdx}`;
    expect(ofTenant(providerCalls, tenantIdx)).toEqual([key]);
    expect(ofTenant(sandbox.charges.keys(), tenantIdx)).toEqual([key]);
    expect(sandbox.charges.get(key)).toMatchObject({ status: 'DONE', amount: 110_000, orderId: key });
    const [row] = await t.database.db.select().from(creditCharges).where(eq(creditCharges.tenantIdx, tenantIdx)).orderBy(creditCharges.chargeIdx);
    expect(row.paymentKey).toBe(sandbox.charges.get(key)!.paymentKey);
    expect((await call({ method: 'GET', url: ACCOUNT })).json().data.balance).toBe(100_000);

    // The sandbox moves no money, so its refund (the card payment's cancel) is approved.
    const refunded = await call({ method: 'POST', url: `${CHARGE}/${res.json().data.chargeIdx}/refund` });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data.status).toBe('REFUNDED');
    expect(await balanceOf(tenantIdx)).toBe(0);
  });

  it('on a real provider (no cancel call yet) the cancel is refused, so a refund puts the credit back (409) rather than keep the money', async () => {
    const toss = billingChargeCard({ ...t.app, billing: { ...t.app.billing, name: 'toss' } } as FastifyInstance);
    expect(await toss.cancel({ tenantIdx: 1, paymentKey: 'pk', total: 110_000, reason: '크레딧 충전 환불' })).toEqual({ ok: false, reason: 'CANCEL_UNSUPPORTED' });
  });

  it('without a registered card: 409 with CREDIT_MSG.cardRequired, nothing credited, the provider not called', async () => {
    const { call, tenantIdx } = await brand();
    const res = await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: CREDIT_MSG.cardRequired });
    expect(ofTenant(providerCalls, tenantIdx)).toEqual([]);
    expect(await balanceOf(tenantIdx)).toBe(0);
  });

  it('the latest card is charged: the card whose charges are declined refuses with the provider message, and auto top-up turns off', async () => {
    const { call, tenantIdx } = await brand(SANDBOX_CARDS.approve);
    expect((await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 } })).statusCode).toBe(201);
    const { accountIdx } = (await call({ method: 'GET', url: ACCOUNT })).json().data;
    expect((await call({ method: 'PUT', url: CONFIG, payload: { accountIdx, rechargeThreshold: 50_000, rechargeAmount: 300_000, autoRechargeActivated: true } })).statusCode).toBe(200);
    // Registers, but every charge on it is declined (README's sandbox table); now the latest card.
    expect((await call({ method: 'POST', url: CARD, payload: form(SANDBOX_CARDS.chargeDeclines) })).statusCode).toBe(201);

    const declined = await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 } });
    expect(declined.statusCode).toBe(409);
    expect(declined.json()).toMatchObject({ code: 'CONFLICT', message: SANDBOX_DECLINE_MESSAGE });
    expect(await balanceOf(tenantIdx)).toBe(100_000);

    expect((await debits.reserve(tenantIdx, 60_000)).ok).toBe(true); // 40,000 < 50,000: the top-up is tried and declined
    expect(await balanceOf(tenantIdx)).toBe(40_000);
    const account = (await call({ method: 'GET', url: ACCOUNT })).json().data;
    expect(account.config.autoRechargeActivated).toBe(false);
    expect(account.notice).toMatchObject({ kind: 'AUTO_TOPUP_FAILED', message: CREDIT_MSG.autoTopUpFailed });
    const charges = await t.database.db.select().from(creditCharges).where(eq(creditCharges.tenantIdx, tenantIdx)).orderBy(creditCharges.chargeIdx);
    expect(charges.map((c) => [c.auto, c.status, c.failReason])).toEqual([[false, 'PAID', null], [false, 'FAILED', 'REJECT_CARD_COMPANY'], [true, 'FAILED', 'REJECT_CARD_COMPANY']]);
    expect(ofTenant(sandbox.charges.keys(), tenantIdx)).toHaveLength(1);
  });

  it('auto top-up charges the approving card when a debit crosses the threshold; without a card it turns off', async () => {
    const { call, tenantIdx } = await brand(SANDBOX_CARDS.approve);
    await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 } });
    const { accountIdx } = (await call({ method: 'GET', url: ACCOUNT })).json().data;
    await call({ method: 'PUT', url: CONFIG, payload: { accountIdx, rechargeThreshold: 50_000, rechargeAmount: 300_000, autoRechargeActivated: true } });
    await debits.reserve(tenantIdx, 60_000);
    expect(await balanceOf(tenantIdx)).toBe(340_000);
    expect(ofTenant(sandbox.charges.keys(), tenantIdx).map((k) => sandbox.charges.get(k)!.amount)).toEqual([110_000, 330_000]);

    // The card deleted: the next top-up finds no card, so auto top-up turns off and the brand is told.
    const { list } = (await call({ method: 'GET', url: '/api/payment/v2/method' })).json().data;
    expect((await call({ method: 'DELETE', url: `/api/payment/v2/method/${list[0].idx}` })).statusCode).toBe(200);
    await debits.reserve(tenantIdx, 300_000); // 40,000 < 50,000
    expect(await balanceOf(tenantIdx)).toBe(40_000);
    const account = (await call({ method: 'GET', url: ACCOUNT })).json().data;
    expect(account.config.autoRechargeActivated).toBe(false);
    expect(account.notice).toMatchObject({ kind: 'AUTO_TOPUP_FAILED', message: CREDIT_MSG.autoTopUpFailed });
    const [last] = (await t.database.db.select().from(creditCharges).where(eq(creditCharges.tenantIdx, tenantIdx)).orderBy(creditCharges.chargeIdx)).slice(-1);
    expect(last).toMatchObject({ auto: true, status: 'FAILED', failReason: 'NO_CARD' });
    expect(ofTenant(sandbox.charges.keys(), tenantIdx)).toHaveLength(2);
  });
});
