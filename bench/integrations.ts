/**
 * `npm run bench:integrations`: a backlog of 50,000 Cafe24 orders (BENCH_ORDERS) synced by the poll job
 * from the local fake of Cafe24 with the platform's real leaky bucket (40 calls per mall, 2 drained a
 * second, 429 beyond), on a scratch PostgreSQL database (TEST_DATABASE_URL's server, or the machine's
 * on 127.0.0.1:5432, or an embedded one; dropped afterwards). BENCH_DELIVERED of them (default 1,000)
 * are delivered (N40) and of a selected product, so they also make customers, customer orders and
 * warranties. Prints the wall time beside the limit's own minimum for the calls made
 * (max(0, calls − 40) / 2 s: the burst, then 2 a second), the 429s met and the bucket's highest level,
 * and checks every order arrived once and every delivered one has one warranty.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { rowsOf } from '../server/modules/products/service';
import { connect } from '../server/modules/integrations/service';
import { exchangeCode } from '../server/modules/integrations/cafe24';
import { depsOf, runShopSync } from '../server/modules/integrations/sync';
import { shopConnections } from '../server/db/schema';
import { startFakeCafe24 } from '../tests/support/fakeCafe24';
import { withScratchDatabase } from './lib';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const DELIVERED = Math.min(ORDERS, Number(process.env.BENCH_DELIVERED ?? 1_000));
const MALL = 'benchmall';

async function main() {
  const fake = await startFakeCafe24();
  try {
    await withScratchDatabase('integrations', async ({ database, dataDir, brand }) => {
      const app = await buildApp({
        database,
        config: {
          dataDir, clientDir: '/nonexistent', logLevel: 'warn', publicUrl: 'http://console.bench',
          shop: {
            cafe24: { clientId: fake.clientId, clientSecret: fake.clientSecret, apiUrl: fake.apiUrl, apiVersion: '2025-12-01', webhookKey: 'bench' },
            naver: { apiUrl: 'http://127.0.0.1:9' }, syncIntervalMs: 60_000, retryBaseMs: 500, maxAttempts: 6,
          },
        },
      });
      await app.ready();
      try {
        // The backlog: one line each, a second apart, the first DELIVERED ones delivered and of product 11.
        const base = Date.now() - ORDERS * 1000 - 60_000;
        for (let i = 0; i < ORDERS; i++) {
          const at = new Date(base + i * 1000).toISOString();
          const delivered = i < DELIVERED;
          fake.addOrder(MALL, {
            order_id: `B${String(i).padStart(6, '0')}`, order_date: at, updated_date: at,
            buyer: { name: `벤치${i}`, cellphone: `010-${String(1000 + Math.floor(i / 10_000)).slice(-4)}-${String(i % 10_000).padStart(4, '0')}` },
            items: [{ order_item_code: `B${i}-01`, product_no: delivered ? 11 : 12, product_name: delivered ? '가죽 토트백' : '울 코트', order_status: delivered ? 'N40' : 'N10', payment_amount: 50_000, delivered_date: delivered ? at : null }],
          });
        }
        // Connected through the fake's OAuth (its consent answers at once).
        const authorize = await fetch(`${fake.url}/malls/${MALL}/api/v2/oauth/authorize?response_type=code&client_id=${fake.clientId}&state=s&redirect_uri=http://console.bench/cafe24/oauth`, { redirect: 'manual' });
        const code = new URL(authorize.headers.get('location')!).searchParams.get('code')!;
        const tokens = await exchangeCode(app.config, MALL, code);
        const conn = await connect(database.db, brand.idx, 'cafe24', MALL, 1, 'ORDER', tokens, new Date(base - 86_400_000));
        await database.db.update(shopConnections).set({ settings: { issueMode: 'DELIVERED', productNos: ['11'] }, createdAt: new Date(base) })
          .where(sql`tenant_idx = ${conn.tenantIdx} AND idx = ${conn.idx}`);

        const started = performance.now();
        const runs = await runShopSync(depsOf(app));
        const ms = performance.now() - started;

        const [counts] = rowsOf<{ lines: number; distinct: number; issued: number; orders: number }>(await database.db.execute(sql`
          SELECT count(*)::int AS lines, count(DISTINCT item_id)::int AS distinct,
            count(*) FILTER (WHERE warranty_state = 'ISSUED')::int AS issued, count(customer_order_idx)::int AS orders
          FROM shop_orders WHERE tenant_idx = ${conn.tenantIdx} AND connection_idx = ${conn.idx}`));
        const [nftCount] = rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM nfts WHERE tenant_idx = ${conn.tenantIdx} AND request_route = 'cafe24'`));
        const calls = fake.stats.calls + fake.stats.throttled;
        const minimumS = Math.max(0, calls - 40) / 2;
        const ok = counts.lines === ORDERS && counts.distinct === ORDERS && counts.issued === DELIVERED && nftCount.n === DELIVERED && counts.orders === DELIVERED;
        console.log('\nCafe24 backlog sync against the fake (leaky bucket 40, 2/s)');
        console.table([{
          orders: ORDERS, delivered: DELIVERED, 'API calls': calls, '429s met': fake.stats.throttled, 'highest bucket level': fake.stats.maxLevel.toFixed(1),
          'wall time (s)': (ms / 1000).toFixed(1), "the limit's minimum for these calls (s)": minimumS.toFixed(1),
          'lines once': counts.lines === counts.distinct, 'warranties': nftCount.n, 'runs': runs.connections,
        }]);
        if (!ok) {
          console.error('MISMATCH', counts, nftCount);
          process.exitCode = 1;
        }
      } finally {
        await app.close();
      }
    }, 'postgres');
  } finally {
    await fake.close();
  }
}

await main();
