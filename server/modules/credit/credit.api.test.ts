import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { confirmedBrand, sessionOf } from '../../../tests/helpers/accounts';
import { creditAccounts, creditCharges, creditLedger } from '../../db/schema';
import { findAccountByEmail } from '../accounts/repository';
import { rowsOf } from '../products/service';
import type { CardChargeRequest, ChargeCard } from '../../providers/billing/creditCharge';
import { CREDIT_MSG } from '../../../src/domain/credit';
import { MSG } from '../../../src/domain/messages';
import { creditDebits, type CreditDebits } from './debits';
import { STALE_TOP_UP_MS, runCreditTopUpJob } from '../../jobs/creditTopUps';

/** A card the test steers: approves (counting each distinct key once, as a provider would) or declines. */
function testCard() {
  const charged = new Map<string, number>();
  const card = {
    decline: false,
    calls: 0,
    charged,
    async charge(r: CardChargeRequest) {
      card.calls += 1;
      if (card.decline) return { ok: false as const, reason: 'DECLINED' };
      charged.set(r.idempotencyKey, r.total);
      return { ok: true as const, paymentKey: `pk-${r.idempotencyKey}` };
    },
    async cancel() {
      return { ok: true };
    },
  } satisfies ChargeCard & Record<string, unknown>;
  return card;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const card = testCard();
let t: TestApp;
let debits: CreditDebits;
beforeAll(async () => {
  t = await createTestApp({ demo: true, chargeCard: card });
  debits = creditDebits(t.app);
});
afterAll(() => t.close());
beforeEach(() => {
  card.decline = false;
});

/** The invariant: the balance equals the sum of the tenant's entries and is never negative. */
async function expectExact(tenantIdx: number) {
  const [account] = await t.database.db.select().from(creditAccounts).where(eq(creditAccounts.tenantIdx, tenantIdx));
  const [{ sum }] = rowsOf<{ sum: string | number | null }>(await t.database.db.execute(sql`select coalesce(sum(amount), 0) as sum from credit_ledger where tenant_idx = ${tenantIdx}`));
  expect(account.balance).toBeGreaterThanOrEqual(0);
  expect(Number(sum)).toBe(account.balance);
  const negative = rowsOf(await t.database.db.execute(sql`select 1 from credit_ledger where tenant_idx = ${tenantIdx} and balance_after < 0`));
  expect(negative).toEqual([]);
  return account.balance;
}

async function freshBrand() {
  const brand = await confirmedBrand(t);
  return { ...(await sessionOf(t, brand.email)), email: brand.email };
}

const ACCOUNT = '/api/credit/account';
const CHARGE = '/api/credit/account/charge';
const CONFIG = '/api/credit/account/config';
const GROUPS = '/api/credit/transaction/group';

describe(`credit ledger (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('the demo balance is explained by its opening entry', async () => {
    const { call, tenantIdx } = await sessionOf(t, 'brand@demo.test');
    expect((await call({ method: 'GET', url: ACCOUNT })).json().data).toMatchObject({ balance: 125_000, notice: null });
    expect((await call({ method: 'GET', url: '/api/credit/v1/account' })).json().data.balance).toBe(125_000);
    expect(await expectExact(tenantIdx)).toBe(125_000);
  });

  it('charges the amount plus VAT 10%; a retry with the same Idempotency-Key charges once, even concurrently', async () => {
    const { call, tenantIdx } = await freshBrand();
    const res = await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 }, headers: { 'idempotency-key': 'c-1' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ amount: 100_000, vat: 10_000, total: 110_000, status: 'PAID', auto: false });
    const again = await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 }, headers: { 'idempotency-key': 'c-1' } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.chargeIdx).toBe(res.json().data.chargeIdx);
    const raced = await Promise.all([1, 2, 3, 4].map(() => call({ method: 'POST', url: CHARGE, payload: { amount: 300_000 }, headers: { 'idempotency-key': 'c-2' } })));
    expect(new Set(raced.map((r) => r.json().data.chargeIdx)).size).toBe(1);
    expect(raced.filter((r) => r.statusCode === 201)).toHaveLength(1);
    // The provider saw one payment per charge (its idempotency key is the charge's).
    expect([...card.charged.keys()].filter((k) => k.startsWith(`credit-${tenantIdx}-`))).toHaveLength(2);
    expect((await call({ method: 'GET', url: ACCOUNT })).json().data.balance).toBe(400_000);
    expect(await expectExact(tenantIdx)).toBe(400_000);
    const charges = await t.database.db.select().from(creditCharges).where(eq(creditCharges.tenantIdx, tenantIdx));
    expect(charges.map((c) => c.status)).toEqual(['PAID', 'PAID']);
  });

  it('refuses an Idempotency-Key reused with another amount (422), however the retries race, and charges once', async () => {
    const { call, tenantIdx } = await freshBrand();
    const first = await call({ method: 'POST', url: CHARGE, payload: { amount: 300_000 }, headers: { 'idempotency-key': 'reuse-1' } });
    expect(first.statusCode).toBe(201);
    const other = await call({ method: 'POST', url: CHARGE, payload: { amount: 500_000 }, headers: { 'idempotency-key': 'reuse-1' } });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: MSG.idempotencyKeyReused });
    // A first use racing with other bodies: exactly one body owns the key.
    const raced = await Promise.all([100_000, 500_000, 100_000, 500_000].map((amount) =>
      call({ method: 'POST', url: CHARGE, payload: { amount }, headers: { 'idempotency-key': 'reuse-2' } })));
    const owner = raced.find((r) => r.statusCode === 201)!.json().data.amount;
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 201, 422, 422]);
    expect(await expectExact(tenantIdx)).toBe(300_000 + owner);
  });

  it('a declined charge answers 409 and credits nothing', async () => {
    const { call, tenantIdx } = await freshBrand();
    card.decline = true;
    const res = await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: CREDIT_MSG.chargeDeclined });
    expect(await expectExact(tenantIdx)).toBe(0);
  });

  it('refuses bad input with field errors', async () => {
    const { call } = await sessionOf(t, 'brand@demo.test');
    const bad = await call({ method: 'POST', url: CHARGE, payload: { amount: 12_345 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ amount: CREDIT_MSG.amountInvalid });
    const longKey = await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 }, headers: { 'idempotency-key': 'k'.repeat(101) } });
    expect(longKey.json().errors).toEqual({ 'Idempotency-Key': CREDIT_MSG.idempotencyKeyInvalid });
    const groups = await call({ method: 'GET', url: `${GROUPS}?start=2026-11-01&sort=amount,asc` });
    expect(groups.statusCode).toBe(400);
    expect(groups.json().errors).toEqual({ end: CREDIT_MSG.endInvalid, sort: CREDIT_MSG.sortInvalid });
    expect((await call({ method: 'GET', url: `${GROUPS}?start=2026-11-02&end=2026-11-01` })).json().errors).toEqual({ end: CREDIT_MSG.rangeInvalid });
    expect((await call({ method: 'POST', url: `${CHARGE}/abc/refund` })).statusCode).toBe(404);
  });

  it('saves auto top-up from the option lists; a threshold not below the amount is refused with the spec message', async () => {
    const { call } = await sessionOf(t, 'brand@demo.test');
    const { accountIdx } = (await call({ method: 'GET', url: ACCOUNT })).json().data;
    const refused = await call({ method: 'PUT', url: CONFIG, payload: { accountIdx, rechargeThreshold: 300_000, rechargeAmount: 100_000, autoRechargeActivated: true } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: '충전 조건보다 큰 금액을 선택해주세요.', errors: { rechargeAmount: '충전 조건보다 큰 금액을 선택해주세요.' } });
    const off = await call({ method: 'PUT', url: CONFIG, payload: { accountIdx, rechargeThreshold: 50_000, rechargeAmount: 100_000, autoRechargeActivated: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.config).toEqual({ rechargeThreshold: 50_000, rechargeAmount: 100_000, autoRechargeActivated: false });
    // Another tenant's account idx changes nothing.
    const other = await sessionOf(t, 'other@demo.test');
    const otherIdx = (await other.call({ method: 'GET', url: ACCOUNT })).json().data.accountIdx;
    const cross = await call({ method: 'PUT', url: CONFIG, payload: { accountIdx: otherIdx, rechargeThreshold: 50_000, rechargeAmount: 100_000, autoRechargeActivated: true } });
    expect(cross.statusCode).toBe(404);
    expect((await other.call({ method: 'GET', url: ACCOUNT })).json().data.config.autoRechargeActivated).toBe(false);
  });

  it('reserves, settles and releases; the balance equals the ledger after a mix of operations', async () => {
    const { call, tenantIdx } = await freshBrand();
    await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 } });
    const a = await debits.reserve(tenantIdx, 30_000, { idempotencyKey: 'm-1' });
    expect(a.ok).toBe(true);
    const retry = await debits.reserve(tenantIdx, 30_000, { idempotencyKey: 'm-1' });
    expect(retry).toMatchObject({ ok: true, replayed: true });
    if (!a.ok || !retry.ok) return;
    expect(retry.reservation.reservationIdx).toBe(a.reservation.reservationIdx);
    expect(await expectExact(tenantIdx)).toBe(70_000);
    await debits.settle(tenantIdx, a.reservation.reservationIdx, 12_000);
    await debits.settle(tenantIdx, a.reservation.reservationIdx, 12_000); // a retried settlement changes nothing
    expect(await expectExact(tenantIdx)).toBe(88_000);
    await expect(debits.release(tenantIdx, a.reservation.reservationIdx)).rejects.toMatchObject({ status: 409 });
    const b = await debits.reserve(tenantIdx, 50_000);
    if (!b.ok) throw new Error('reserve refused');
    await expect(debits.settle(tenantIdx, b.reservation.reservationIdx, 60_000)).rejects.toMatchObject({ status: 400 });
    await debits.release(tenantIdx, b.reservation.reservationIdx);
    expect(await debits.reserve(tenantIdx, 88_001)).toEqual({ ok: false, reason: 'INSUFFICIENT_BALANCE' });
    expect(await expectExact(tenantIdx)).toBe(88_000);
    // Another tenant cannot settle this tenant's reservation.
    const other = await sessionOf(t, 'other@demo.test');
    const c = await debits.reserve(tenantIdx, 1_000);
    if (!c.ok) throw new Error('reserve refused');
    await expect(debits.settle(other.tenantIdx, c.reservation.reservationIdx, 0)).rejects.toMatchObject({ status: 404 });

    t.clock.advance(1000);
    const today = new Date(t.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 10);
    const groups = (await call({ method: 'GET', url: `${GROUPS}?start=${today}&end=${today}&sort=startedAt,asc` })).json().data;
    expect(groups.total).toBe(4);
    expect(groups.list.map((g: { type: string; status: string; amount: number }) => [g.type, g.status, g.amount])).toEqual([
      ['CHARGE', 'PAID', 100_000], ['DEBIT', 'SETTLED', -12_000], ['DEBIT', 'RELEASED', 0], ['DEBIT', 'RESERVED', -1_000],
    ]);
    expect(groups.list[1].entries.map((e: { kind: string }) => e.kind)).toEqual(['DEBIT_RESERVE', 'DEBIT_SETTLE']);
    const desc = (await call({ method: 'GET', url: `${GROUPS}?start=${today}&end=${today}&pageSize=10` })).json().data;
    expect(desc.list[0].type).toBe('DEBIT');
    // Another tenant sees none of it.
    expect((await other.call({ method: 'GET', url: `${GROUPS}?start=${today}&end=${today}` })).json().data.list.map((g: { type: string }) => g.type)).not.toContain('DEBIT');
  });

  it('50 concurrent debits against a balance covering 10 of them never overdraw and lose no won', async () => {
    const { call, tenantIdx } = await freshBrand();
    await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 } });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => debits.reserve(tenantIdx, 10_000, { idempotencyKey: `race-${i}` })));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(await expectExact(tenantIdx)).toBe(0);
    const settled = await Promise.all(results.flatMap((r) => (r.ok ? [debits.settle(tenantIdx, r.reservation.reservationIdx, 7_500)] : [])));
    expect(settled).toHaveLength(10);
    expect(await expectExact(tenantIdx)).toBe(25_000);
  });

  it('lists which charge is refundable as the refund decides it, and refuses the others with their Korean message (issue 23 item 13)', async () => {
    const startedAt = t.clock.now();
    try {
      const { call, tenantIdx, email } = await freshBrand();
      const used = (await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 } })).json().data;
      t.clock.advance(1000);
      const r = await debits.reserve(tenantIdx, 1_000);
      if (!r.ok) throw new Error('reserve refused');
      await debits.settle(tenantIdx, r.reservation.reservationIdx, 1_000);
      t.clock.advance(1000);
      const unused = (await call({ method: 'POST', url: CHARGE, payload: { amount: 300_000 } })).json().data;
      const seoulDay = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
      const today = seoulDay(t.clock.now());
      const groupsOf = async (c: typeof call, end: string) => {
        const list = (await c({ method: 'GET', url: `${GROUPS}?start=${today}&end=${end}` })).json().data.list as { groupKey: string; refundable?: boolean; refundRefusal?: string | null }[];
        return Object.fromEntries(list.map((g) => [g.groupKey, { refundable: g.refundable, refundRefusal: g.refundRefusal }]));
      };
      expect(await groupsOf(call, today)).toEqual({
        [`charge:${used.chargeIdx}`]: { refundable: false, refundRefusal: CREDIT_MSG.refundUsed },
        [`charge:${unused.chargeIdx}`]: { refundable: true, refundRefusal: null },
        [`debit:${r.reservation.reservationIdx}`]: { refundable: undefined, refundRefusal: undefined },
      });
      // Used credit: refused with its message, nothing changes.
      const refusedUsed = await call({ method: 'POST', url: `${CHARGE}/${used.chargeIdx}/refund` });
      expect(refusedUsed.statusCode).toBe(409);
      expect(refusedUsed.json()).toMatchObject({ code: 'CONFLICT', message: '사용한 충전금은 환불할 수 없어요' });

      // Eight days on (the server's clock), the unused charge is past the 7-day window: listed as such and refused.
      t.clock.advance(8 * DAY_MS);
      const { call: later } = await sessionOf(t, email);
      expect((await groupsOf(later, seoulDay(t.clock.now())))[`charge:${unused.chargeIdx}`]).toEqual({ refundable: false, refundRefusal: CREDIT_MSG.refundWindowPassed });
      const refusedLate = await later({ method: 'POST', url: `${CHARGE}/${unused.chargeIdx}/refund` });
      expect(refusedLate.statusCode).toBe(409);
      expect(refusedLate.json()).toMatchObject({ code: 'CONFLICT', message: '충전 후 7일이 지나 환불할 수 없어요' });
      expect(await expectExact(tenantIdx)).toBe(399_000);
      const [row] = await t.database.db.select().from(creditCharges).where(eq(creditCharges.chargeIdx, unused.chargeIdx));
      expect(row.status).toBe('PAID');
    } finally {
      t.clock.set(startedAt);
    }
  });

  it('refunds an unused charge within 7 days only', async () => {
    const { call, tenantIdx, email } = await freshBrand();
    const first = (await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 } })).json().data;
    const refunded = await call({ method: 'POST', url: `${CHARGE}/${first.chargeIdx}/refund` });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data.status).toBe('REFUNDED');
    expect(await expectExact(tenantIdx)).toBe(0);
    const twice = await call({ method: 'POST', url: `${CHARGE}/${first.chargeIdx}/refund` });
    expect(twice.json()).toMatchObject({ code: 'CONFLICT', message: CREDIT_MSG.refundNotPaid });

    const used = (await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 } })).json().data;
    const r = await debits.reserve(tenantIdx, 1_000);
    if (r.ok) await debits.release(tenantIdx, r.reservation.reservationIdx);
    expect((await call({ method: 'POST', url: `${CHARGE}/${used.chargeIdx}/refund` })).json()).toMatchObject({ code: 'CONFLICT', message: CREDIT_MSG.refundUsed });

    const late = (await call({ method: 'POST', url: CHARGE, payload: { amount: 300_000 } })).json().data;
    t.clock.advance(7 * DAY_MS + 1000);
    const { call: later } = await sessionOf(t, email); // the first session has expired by now
    expect((await later({ method: 'POST', url: `${CHARGE}/${late.chargeIdx}/refund` })).json()).toMatchObject({ code: 'CONFLICT', message: CREDIT_MSG.refundWindowPassed });
    // Another tenant's charge is a 404 and stays paid.
    const other = await sessionOf(t, 'other@demo.test');
    const cross = await other.call({ method: 'POST', url: `${CHARGE}/${used.chargeIdx}/refund` });
    expect(cross.statusCode).toBe(404);
    expect(await expectExact(tenantIdx)).toBe(400_000);
  });

  it('auto top-up fires when a debit crosses the threshold; a declined top-up turns it off and tells the brand', async () => {
    const { call, tenantIdx } = await freshBrand();
    await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 } });
    const { accountIdx } = (await call({ method: 'GET', url: ACCOUNT })).json().data;
    await call({ method: 'PUT', url: CONFIG, payload: { accountIdx, rechargeThreshold: 50_000, rechargeAmount: 300_000, autoRechargeActivated: true } });
    const above = await debits.reserve(tenantIdx, 40_000);
    expect(above.ok).toBe(true);
    expect(await expectExact(tenantIdx)).toBe(60_000);
    await debits.reserve(tenantIdx, 20_000); // 40,000 < 50,000: tops up 300,000
    expect(await expectExact(tenantIdx)).toBe(340_000);
    const auto = await t.database.db.select().from(creditCharges).where(eq(creditCharges.tenantIdx, tenantIdx));
    expect(auto.filter((c) => c.auto).map((c) => [c.status, c.amount, c.vat])).toEqual([['PAID', 300_000, 30_000]]);
    const kinds = (await t.database.db.select().from(creditLedger).where(eq(creditLedger.tenantIdx, tenantIdx))).map((e) => e.kind);
    expect(kinds).toContain('AUTO_TOPUP');

    card.decline = true;
    await debits.reserve(tenantIdx, 300_000); // 40,000 again: the top-up is declined
    expect(await expectExact(tenantIdx)).toBe(40_000);
    const account = (await call({ method: 'GET', url: ACCOUNT })).json().data;
    expect(account.config.autoRechargeActivated).toBe(false);
    expect(account.notice).toMatchObject({ kind: 'AUTO_TOPUP_FAILED', message: CREDIT_MSG.autoTopUpFailed });
    card.decline = false;
    await debits.reserve(tenantIdx, 10_000); // off: no more top-ups
    expect(await expectExact(tenantIdx)).toBe(30_000);
  });

  it('concurrent debits crossing the threshold top up once', async () => {
    const { call, tenantIdx } = await freshBrand();
    await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 } });
    const { accountIdx } = (await call({ method: 'GET', url: ACCOUNT })).json().data;
    await call({ method: 'PUT', url: CONFIG, payload: { accountIdx, rechargeThreshold: 50_000, rechargeAmount: 100_000, autoRechargeActivated: true } });
    await Promise.all(Array.from({ length: 10 }, () => debits.reserve(tenantIdx, 10_000)));
    const autos = (await t.database.db.select().from(creditCharges).where(eq(creditCharges.tenantIdx, tenantIdx))).filter((c) => c.auto);
    expect(autos.every((c) => c.status === 'PAID')).toBe(true);
    expect(autos.length).toBeGreaterThanOrEqual(1);
    const balance = await expectExact(tenantIdx);
    expect(balance).toBe(100_000 - 100_000 + autos.length * 100_000);
  });

  it('refuses sub-accounts and service partners on every credit route', async () => {
    const cases = [
      { method: 'GET' as const, url: ACCOUNT }, { method: 'GET' as const, url: '/api/credit/v1/account' },
      { method: 'PUT' as const, url: CONFIG, payload: {} }, { method: 'POST' as const, url: CHARGE, payload: { amount: 100_000 } },
      { method: 'POST' as const, url: `${CHARGE}/1/refund` }, { method: 'GET' as const, url: `${GROUPS}?start=2026-11-01&end=2026-11-30` },
    ];
    for (const [email, code] of [['staff@demo.test', 'SUB_ACCOUNT_FORBIDDEN'], ['repair@demo.test', 'FORBIDDEN_ROLE'], ['laundry@demo.test', 'FORBIDDEN_ROLE']]) {
      const { call } = await sessionOf(t, email);
      for (const c of cases) {
        const res = await call(c);
        expect(res.statusCode, `${email} ${c.method} ${c.url}`).toBe(403);
        expect(res.json().code).toBe(code);
      }
    }
    for (const c of cases) expect((await t.app.inject(c)).statusCode).toBe(401);
    const brand = await findAccountByEmail(t.database.db, 'brand@demo.test');
    expect(await expectExact(brand!.idx)).toBeGreaterThanOrEqual(0);
  });

  it('the top-up job finishes an auto top-up a crash left pending, once, claimed by one of two runs', async () => {
    const { tenantIdx } = await freshBrand();
    await t.database.db.update(creditAccounts).set({ rechargeThreshold: 50_000, rechargeAmount: 100_000, autoRechargeActivated: true }).where(eq(creditAccounts.tenantIdx, tenantIdx));
    // What a debit's transaction leaves when the process dies before processing it.
    await t.database.db.insert(creditCharges).values({ tenantIdx, amount: 100_000, vat: 10_000, auto: true, status: 'PENDING', createdAt: t.clock.now() });
    expect(await runCreditTopUpJob(t.app)).toBe(0); // not stale yet: the debit's own call may still be on it
    t.clock.advance(STALE_TOP_UP_MS + 1000);
    const calls = card.calls;
    // Two processes' runs at once: one claims it, and the card is asked once.
    expect((await Promise.all([runCreditTopUpJob(t.app), runCreditTopUpJob(t.app)])).sort()).toEqual([0, 1]);
    expect(card.calls - calls).toBe(1);
    expect(await expectExact(tenantIdx)).toBe(100_000);
    const charges = await t.database.db.select().from(creditCharges).where(eq(creditCharges.tenantIdx, tenantIdx));
    expect(charges.map((c) => c.status)).toEqual(['PAID']);
  });

  it('a refund racing a debit: exactly one of them happens', async () => {
    const { call, tenantIdx } = await freshBrand();
    const { chargeIdx } = (await call({ method: 'POST', url: CHARGE, payload: { amount: 100_000 } })).json().data;
    const [refunded, reserved] = await Promise.all([call({ method: 'POST', url: `${CHARGE}/${chargeIdx}/refund` }), debits.reserve(tenantIdx, 50_000)]);
    const balance = await expectExact(tenantIdx);
    if (refunded.statusCode === 200) {
      expect(reserved.ok).toBe(false);
      expect(balance).toBe(0);
    } else {
      expect(refunded.json().message).toBe(CREDIT_MSG.refundUsed);
      expect(reserved.ok).toBe(true);
      expect(balance).toBe(50_000);
    }
  });
});
