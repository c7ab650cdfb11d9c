import fc from 'fast-check';
import { asc, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { creditAccounts, creditCharges, creditLedger, creditReservations } from '../../db/schema';
import type { CardChargeRequest, ChargeCard } from '../../providers/billing/creditCharge';
import { CHARGE_AMOUNTS, RECHARGE_AMOUNTS, RECHARGE_THRESHOLDS } from '../../../src/domain/credit';
import { charge, ensureAccount, processAutoTopUps, refund, release, reserve, settle } from './ledger';

/**
 * The ledger's property (issue 12 "must show"): any interleaving of charges, declined charges,
 * debits (alone and racing), settlements, releases, refunds and auto top-ups (approved and
 * declined) keeps the balance equal to the sum of the ledger, never below 0, and every entry's
 * balance_after equal to the previous one plus its amount.
 */
const card: ChargeCard & { decline: boolean } = {
  decline: false,
  async charge(r: CardChargeRequest) {
    return this.decline ? { ok: false as const, reason: 'DECLINED' } : { ok: true as const, paymentKey: `pk-${r.idempotencyKey}` };
  },
  async cancel() {
    return { ok: true };
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Op =
  | { op: 'charge'; amount: number; decline: boolean }
  | { op: 'reserve'; amounts: number[] }
  | { op: 'settle'; pick: number; fraction: number }
  | { op: 'release'; pick: number }
  | { op: 'refund'; pick: number }
  | { op: 'autoConfig'; threshold: number; amount: number; on: boolean }
  | { op: 'topUpDeclines'; decline: boolean };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('charge' as const), amount: fc.constantFrom(...CHARGE_AMOUNTS), decline: fc.boolean() }),
  fc.record({ op: fc.constant('reserve' as const), amounts: fc.array(fc.integer({ min: 1, max: 400_000 }), { minLength: 1, maxLength: 6 }) }),
  fc.record({ op: fc.constant('settle' as const), pick: fc.nat(), fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ op: fc.constant('release' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('autoConfig' as const), threshold: fc.constantFrom(...RECHARGE_THRESHOLDS), amount: fc.constantFrom(...RECHARGE_AMOUNTS), on: fc.boolean() }),
  fc.record({ op: fc.constant('topUpDeclines' as const), decline: fc.boolean() }),
);

let nextTenant = 5_000_000;

async function expectExact(tenantIdx: number) {
  const db = t.database.db;
  const [account] = await db.select().from(creditAccounts).where(eq(creditAccounts.tenantIdx, tenantIdx));
  const entries = await db.select().from(creditLedger).where(eq(creditLedger.tenantIdx, tenantIdx)).orderBy(asc(creditLedger.entryIdx));
  let running = 0;
  for (const e of entries) {
    running += e.amount;
    expect(e.balanceAfter).toBe(running);
    expect(e.balanceAfter).toBeGreaterThanOrEqual(0);
  }
  expect(account.balance).toBe(running);
}

describe(`credit ledger property (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('any interleaving keeps balance = sum of entries ≥ 0', async () => {
    await fc.assert(fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
      const db = t.database.db;
      const tenantIdx = ++nextTenant;
      await ensureAccount(db, tenantIdx);
      const open: number[] = [];
      const paid: number[] = [];
      const now = () => t.clock.now();
      card.decline = false;
      for (const o of ops) {
        if (o.op === 'charge') {
          card.decline = o.decline;
          const { charge: c } = await charge(db, card, { tenantIdx, amount: o.amount }, now());
          card.decline = false;
          if (c.status === 'PAID') paid.push(c.chargeIdx);
        } else if (o.op === 'reserve') {
          const results = await Promise.all(o.amounts.map((amount) => reserve(db, card, { tenantIdx, amount }, now())));
          for (const r of results) if (r.ok) open.push(r.reservation.reservationIdx);
        } else if (o.op === 'settle' && open.length) {
          const idx = open.splice(o.pick % open.length, 1)[0];
          const [row] = await db.select().from(creditReservations).where(eq(creditReservations.reservationIdx, idx));
          await settle(db, tenantIdx, idx, Math.floor(row.amount * o.fraction), now());
        } else if (o.op === 'release' && open.length) {
          await release(db, tenantIdx, open.splice(o.pick % open.length, 1)[0], now());
        } else if (o.op === 'refund' && paid.length) {
          // Refused (used, already refunded) or done: either way the ledger stays exact.
          await refund(db, card, tenantIdx, paid[o.pick % paid.length], now()).catch((err: { status?: number }) => {
            if (err.status !== 409) throw err;
          });
        } else if (o.op === 'autoConfig') {
          await db.update(creditAccounts).set({ rechargeThreshold: o.threshold, rechargeAmount: Math.max(o.amount, o.threshold * 2), autoRechargeActivated: o.on })
            .where(eq(creditAccounts.tenantIdx, tenantIdx));
        } else if (o.op === 'topUpDeclines') {
          card.decline = o.decline;
          await processAutoTopUps(db, card, tenantIdx, now());
        }
        t.clock.advance(60_000);
      }
      card.decline = false;
      await expectExact(tenantIdx);
      const pending = await db.select().from(creditCharges).where(eq(creditCharges.tenantIdx, tenantIdx));
      expect(pending.filter((c) => c.status === 'PENDING')).toEqual([]);
    }), { numRuns: 25 });
  });
});
