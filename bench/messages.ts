/**
 * `npm run bench:messages` (issue 25), on a scratch PostgreSQL database (bench/lib.ts):
 *
 * 1. Audience: 1,000,000 customers of the demo brand (BENCH_CUSTOMERS), every tenth with marketing
 *    consent; the estimate (count of who may receive an SMS ad now: filter, consent, opt-outs,
 *    frequency cap) timed 5 times. Goal < 2 s.
 * 2. Send: a one-off SMS ad to those ~100,000, from SCHEDULED to SENT by the send job through the
 *    local provider (the outbox), credit reserved and settled per batch. Goal < 60 s. Checks every
 *    recipient has one result, the campaign's cost equals the ledger's debit, the ledger is exact.
 * 3. The naive loop it replaces, in the same run: one recipient at a time (reserve, send one, write,
 *    settle) over 2,000 recipients, extrapolated to the same count; the ratio is printed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { rowsOf } from '../server/modules/products/service';
import { charge, reserve, settle } from '../server/modules/credit/ledger';
import { countAudience } from '../server/modules/messages/service';
import { runMessageJob } from '../server/modules/messages/sender';
import { localOutboxMessaging } from '../server/providers/messaging';
import { messageCampaigns } from '../server/db/schema';
import type { ChargeCard } from '../server/providers/billing/creditCharge';
import { recipientSchema, UNIT_PRICE } from '../src/domain/message';
import { DEMO_PASSWORD } from '../server/seed/demo';
import { withScratchDatabase } from './lib';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 1_000_000);
const NAIVE = 2_000;
const NOW = new Date('2026-11-24T11:00:00+09:00');
const card: ChargeCard = { async charge(r) { return { ok: true as const, paymentKey: `pk-${r.idempotencyKey}` }; }, async cancel() { return { ok: true }; } };
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  await withScratchDatabase('messages', async ({ database, dataDir, brand }) => {
    const db = database.db;
    const tenant = brand.idx;
    let t0 = performance.now();
    await db.execute(sql`INSERT INTO customers (tenant_idx, phone, name, agree_marketing)
      SELECT ${tenant}, '019' || lpad(g::text, 8, '0'), '고객' || g, CASE WHEN g % 10 = 0 THEN 'Y' ELSE 'N' END FROM generate_series(1, ${CUSTOMERS}) g`);
    await db.execute(sql`VACUUM ANALYZE customers`);
    console.log(`seeded ${CUSTOMERS.toLocaleString('en-US')} customers in ${s(performance.now() - t0)}`);

    const clock = { now: () => NOW };
    const app = await buildApp({ database, clock, chargeCard: card, messaging: localOutboxMessaging(db), config: { dataDir, clientDir: '/nonexistent', logLevel: 'warn' } });
    await app.ready();
    try {
      const filter = recipientSchema.cast({ marketing: true });
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < 5; i++) {
        t0 = performance.now();
        count = await countAudience(db, tenant, 'SMS', filter, NOW, 1);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const estimateMs = times[2];
      console.log(`estimate over ${CUSTOMERS.toLocaleString('en-US')} customers: ${count.toLocaleString('en-US')} may receive it; median ${s(estimateMs)} (goal < 2 s) ${estimateMs < 2000 ? 'OK' : 'MISSED'}`);

      for (let i = 0; i < 3; i++) await charge(db, card, { tenantIdx: tenant, amount: 5_000_000 }, NOW);
      const signIn = await app.inject({ method: 'POST', url: '/api/v1/admin/partnerships/sign-in', payload: { email: 'brand@demo.test', password: DEMO_PASSWORD } });
      const headers = { authorization: `Bearer ${signIn.json().data.token as string}` };
      const created = await app.inject({ method: 'POST', url: '/api/campaign/v1/campaign', headers, payload: {
        basicInfo: { messageTitle: '벤치 세일', messageType: 'SMS' }, recipient: { marketing: true }, messageContent: { content: '#{고객명}님 세일' }, schedule: { sendType: 'IMMEDIATE' },
      } });
      const idx = created.json().data.idx as number;
      const scheduled = await app.inject({ method: 'POST', url: `/api/campaign/v1/campaign/${idx}/schedule`, headers });
      if (scheduled.statusCode !== 200) throw new Error(scheduled.body);
      const [before] = rowsOf<{ b: string }>(await db.execute(sql`select balance as b from credit_accounts where tenant_idx = ${tenant}`));
      t0 = performance.now();
      await runMessageJob(app);
      const sendMs = performance.now() - t0;
      const [c] = await db.select().from(messageCampaigns).where(and(eq(messageCampaigns.tenantIdx, tenant), eq(messageCampaigns.idx, idx)));
      const [after] = rowsOf<{ b: string }>(await db.execute(sql`select balance as b from credit_accounts where tenant_idx = ${tenant}`));
      const [ledger] = rowsOf<{ sum: string }>(await db.execute(sql`select coalesce(sum(amount), 0) as sum from credit_ledger where tenant_idx = ${tenant}`));
      const [dupes] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (select phone from message_outbox where tenant_idx = ${tenant} and ref_idx = ${idx} group by phone having count(*) > 1) d`));
      const ok = c.status === 'SENT' && c.successCount === count && Number(before.b) - Number(after.b) === c.messageCost && Number(ledger.sum) === Number(after.b) && Number(dupes.n) === 0;
      console.log(`send ${c.successCount.toLocaleString('en-US')} recipients SCHEDULED → ${c.status}: ${s(sendMs)} (goal < 60 s) ${sendMs < 60_000 ? 'OK' : 'MISSED'}; cost ${c.messageCost.toLocaleString('en-US')} won = balance change; ledger exact; no duplicate: ${ok ? 'yes' : 'NO'}`);

      // The naive loop: one recipient at a time.
      const phones = rowsOf<{ phone: string; name: string }>(await db.execute(sql`select phone, name from customers where tenant_idx = ${tenant} and agree_marketing = 'N' order by idx limit ${NAIVE}`));
      const provider = localOutboxMessaging(db);
      t0 = performance.now();
      for (const p of phones) {
        const r = await reserve(db, card, { tenantIdx: tenant, amount: UNIT_PRICE.SMS }, NOW);
        if (!r.ok) throw new Error('no credit');
        const [res] = await provider.send([{ key: `naive-${p.phone}`, tenantIdx: tenant, channel: 'SMS', kind: 'SMS', countryCode: '82', phone: p.phone, text: `${p.name}님 세일` }]);
        await db.execute(sql`insert into message_recipients (tenant_idx, campaign_idx, customer_idx, name, phone, channel, ad, status, cost, provider_key)
          values (${tenant}, 0, ${Number(p.phone)}, ${p.name}, ${p.phone}, 'SMS', true, ${res.status}, ${UNIT_PRICE.SMS}, ${`naive-${p.phone}`})`);
        await settle(db, tenant, r.reservation.reservationIdx, UNIT_PRICE.SMS, NOW);
      }
      const naiveMs = ((performance.now() - t0) / phones.length) * count;
      console.log(`naive one-at-a-time loop: ${phones.length.toLocaleString('en-US')} in ${s(performance.now() - t0)}, extrapolated to ${count.toLocaleString('en-US')}: ${s(naiveMs)}; the job is ${(naiveMs / sendMs).toFixed(1)}× faster`);
    } finally {
      await app.close();
    }
  }, 'postgres');
}

main().catch((err) => { console.error(err); process.exit(1); });
