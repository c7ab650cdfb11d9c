import fc from 'fast-check';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { confirmedBrand, sessionOf } from '../../../tests/helpers/accounts';
import { creditAccounts, creditReservations, customers, messageOutbox, messageRecipients } from '../../db/schema';
import { localOutboxMessaging, type CampaignMessage, type MessagingProvider } from '../../providers/messaging';
import type { CardChargeRequest, ChargeCard } from '../../providers/billing/creditCharge';
import { charge } from '../credit/ledger';
import { creditDebits } from '../credit/debits';
import { rowsOf } from '../products/service';
import { applyResults, runMessageJob } from './sender';

/**
 * The messages' credit property (issue 25 "must show"): for any campaign size, delivery outcome
 * (delivered, failed, results later by webhook, in any order, repeated), balance (enough, a little,
 * out) and top-ups between results, the ledger stays exact (balance = sum of entries, never below 0),
 * every reservation is settled once at the cost of what was delivered, no recipient is sent or
 * charged twice, and the campaign's cost is the sum of its recipients'.
 */
const card: ChargeCard = {
  async charge(r: CardChargeRequest) { return { ok: true as const, paymentKey: `pk-${r.idempotencyKey}` }; },
  async cancel() { return { ok: true }; },
};
const steer = { pending: false, fails: new Set<string>() };
let t: TestApp;
let brand: Awaited<ReturnType<typeof sessionOf>>;
beforeAll(async () => {
  t = await createTestApp({
    chargeCard: card,
    messaging: (database): MessagingProvider => ({
      name: 'property', async queue() {},
      async send(messages: CampaignMessage[]) {
        if (steer.pending) return messages.map((m) => ({ key: m.key, status: 'PENDING' as const }));
        return localOutboxMessaging(database.db, { keepSecrets: false, failPhones: steer.fails }).send(messages);
      },
    }),
  });
  t.clock.set(new Date('2026-11-23T11:00:00+09:00'));
  const b = await confirmedBrand(t);
  brand = await sessionOf(t, b.email);
  await brand.call({ method: 'PUT', url: '/api/v2/message-integration', payload: { senderNumber: '0212345678', optOutNumber: '080-123-4567', contact: '02-1234-5678' } });
});
afterAll(() => t.close());

let phoneSeq = 0;
const C = '/api/campaign/v1/campaign';

async function expectExact(tenantIdx: number) {
  const [a] = await t.database.db.select().from(creditAccounts).where(eq(creditAccounts.tenantIdx, tenantIdx));
  const [{ sum }] = rowsOf<{ sum: string | number }>(await t.database.db.execute(sql`select coalesce(sum(amount), 0) as sum from credit_ledger where tenant_idx = ${tenantIdx}`));
  expect(a.balance).toBeGreaterThanOrEqual(0);
  expect(Number(sum)).toBe(a.balance);
}

describe(`campaign credit property (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('keeps the ledger exact and charges each delivered recipient once, whatever the order of results, failures and top-ups', async () => {
    await fc.assert(fc.asyncProperty(
      fc.record({
        outcomes: fc.array(fc.constantFrom('ok', 'fail'), { minLength: 1, maxLength: 6 }),
        later: fc.boolean(),
        leave: fc.integer({ min: 0, max: 200 }),
        webhooks: fc.array(fc.record({ pick: fc.array(fc.nat(), { maxLength: 6 }), status: fc.constantFrom('SENT', 'FAILED'), topUp: fc.boolean() }), { maxLength: 5 }),
      }),
      async ({ outcomes, later, leave, webhooks }) => {
        const { tenantIdx } = brand;
        const phones = outcomes.map(() => `0109${String(++phoneSeq).padStart(7, '0')}`);
        await t.database.db.insert(customers).values(phones.map((phone, i) => ({ tenantIdx, name: `p${phoneSeq}-${i}`, phone, agreeMarketing: 'Y' as const })));
        steer.fails = new Set(phones.filter((_, i) => outcomes[i] === 'fail'));
        steer.pending = later;
        // Leave 0–200 won after a fresh charge: sometimes enough for all, sometimes for a few, sometimes none.
        await charge(t.database.db, card, { tenantIdx, amount: 100_000 }, t.clock.now());
        const [acc] = await t.database.db.select().from(creditAccounts).where(eq(creditAccounts.tenantIdx, tenantIdx));
        if (acc.balance > leave) expect((await creditDebits(t.app).reserve(tenantIdx, acc.balance - leave)).ok).toBe(true);

        const created = await brand.call({ method: 'POST', url: C, payload: { basicInfo: { messageTitle: 'p', messageType: 'SMS' }, recipient: { marketing: true }, messageContent: { content: '#{고객명}님 세일' }, schedule: { sendType: 'IMMEDIATE' } } });
        const idx = created.json().data.idx;
        expect((await brand.call({ method: 'POST', url: `${C}/${idx}/schedule` })).statusCode).toBe(200);
        await runMessageJob(t.app);
        await expectExact(tenantIdx);

        const rows = () => t.database.db.select().from(messageRecipients).where(and(eq(messageRecipients.tenantIdx, tenantIdx), eq(messageRecipients.campaignIdx, idx)));
        for (const w of webhooks) {
          const current = await rows();
          if (!current.length) break;
          await applyResults(t.app, null, w.pick.map((p) => ({ key: current[p % current.length].providerKey, status: w.status as 'SENT' | 'FAILED' })));
          if (w.topUp) await charge(t.database.db, card, { tenantIdx, amount: 100_000 }, t.clock.now());
          await expectExact(tenantIdx);
        }

        const final = await rows();
        expect(final.length).toBe(outcomes.length);
        for (const r of final) {
          expect(r.cost > 0).toBe(r.status === 'SENT');
          // Delivered at most once.
          const sent = await t.database.db.select().from(messageOutbox).where(and(eq(messageOutbox.tenantIdx, tenantIdx), eq(messageOutbox.phone, r.phone)));
          expect(sent.length).toBeLessThanOrEqual(1);
        }
        const reservations = [...new Set(final.map((r) => r.reservationIdx).filter((x): x is number => x !== null))];
        for (const reservationIdx of reservations) {
          const [res] = await t.database.db.select().from(creditReservations).where(and(eq(creditReservations.tenantIdx, tenantIdx), eq(creditReservations.reservationIdx, reservationIdx)));
          const mine = final.filter((r) => r.reservationIdx === reservationIdx);
          if (mine.some((r) => r.status === 'PENDING')) expect(res.status).toBe('RESERVED');
          else {
            expect(res.status).toBe('SETTLED');
            expect(res.settledAmount).toBe(mine.reduce((s, r) => s + r.cost, 0));
          }
          const settles = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from credit_ledger where tenant_idx = ${tenantIdx} and kind = 'DEBIT_SETTLE' and group_key = ${`debit:${reservationIdx}`}`));
          expect(Number(settles[0].n)).toBeLessThanOrEqual(1);
        }
        const campaign = (await brand.call({ method: 'GET', url: `${C}/${idx}` })).json().data;
        if (campaign.basicMessageStatus === 'SENT') expect(campaign.messageCost).toBe(final.reduce((s, r) => s + r.cost, 0));
        // Settle the leftover PENDING ones so the next run starts clean.
        await applyResults(t.app, null, final.map((r) => ({ key: r.providerKey, status: 'FAILED' as const })));
        await expectExact(tenantIdx);
        // This run's customers leave the next runs' audience.
        await t.database.db.update(customers).set({ agreeMarketing: 'N' }).where(and(eq(customers.tenantIdx, tenantIdx), sql`${customers.phone} in (${sql.join(phones.map((p) => sql`${p}`), sql`, `)})`));
      },
    ), { numRuns: 12 });
  });
});
