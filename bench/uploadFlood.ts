/**
 * `npm run bench:upload-flood` (issue 20 A1): unsigned 10 MB uploads must not slow anyone else.
 *
 * Starts the real server as its own process (server/main.ts, as `npm start` runs it) on PostgreSQL
 * (a scratch database with the demo tenants, bench/lib.ts) and then on the embedded PGlite, signs
 * in as brand@demo.test and measures the product list (GET /api/v1/admin/partners-product, one
 * connection, back to back) for BENCH_PHASE_S seconds (default 10) idle, then as long again while
 * BENCH_FLOOD (default 20) clients each PUT 10 MB to a signed-upload address with a bad signature,
 * over and over. Each flooding client has its own address (X-Forwarded-For, the server trusting
 * loopback), so they meet the signature check rather than the per-IP rate limit. Prints the list's
 * p50/p99 idle and under the flood and the refusals' p50/p99; the goal is the list's p99 under the
 * flood below 2 × idle (exit code 1 otherwise).
 */
import http from 'node:http';
import { DEMO_PASSWORD } from '../server/seed/demo';
import { startServer, type RunningServer } from '../tests/support/server';
import { fmt, percentile, withScratchDatabase } from './lib';

const PHASE_MS = Number(process.env.BENCH_PHASE_S ?? 10) * 1000;
const FLOOD = Number(process.env.BENCH_FLOOD ?? 20);
const UPLOAD_BYTES = 10 * 1024 * 1024;
const GOAL_RATIO = 2;
const LIST_PATH = '/api/v1/admin/partners-product';

const listAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function listOnce(base: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(LIST_PATH, base), { agent: listAgent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

/** Lists back to back until `until`: each one's milliseconds, and how many were not 200. */
async function listLoop(base: string, token: string, until: number) {
  const ms: number[] = [];
  let failures = 0;
  while (performance.now() < until) {
    const t0 = performance.now();
    if ((await listOnce(base, token)) !== 200) failures++;
    ms.push(performance.now() - t0);
  }
  return { ms: ms.sort((a, b) => a - b), failures };
}

/** One unsigned PUT of `body` from `ip`: status and milliseconds to the answer (the client's write errors after it are expected). */
function unsignedPut(base: string, body: Buffer, ip: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const url = new URL(`/api/media/upload/1/${'a'.repeat(32)}.png?expires=9999999999&signature=00`, base);
    const req = http.request(url, { method: 'PUT', agent: false, headers: { 'content-type': 'image/png', 'content-length': body.length, 'x-forwarded-for': ip } }, (res) => {
      const ms = performance.now() - t0;
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, ms }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
    req.end(body);
  });
}

async function floodLoop(base: string, until: number) {
  const body = Buffer.alloc(UPLOAD_BYTES, 0x41);
  const ms: number[] = [];
  const statuses = new Map<number, number>();
  await Promise.all(Array.from({ length: FLOOD }, async (_, i) => {
    while (performance.now() < until) {
      const res = await unsignedPut(base, body, `203.0.113.${i + 1}`);
      ms.push(res.ms);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  }));
  return { ms: ms.sort((a, b) => a - b), statuses };
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/admin/partnerships/sign-in`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'brand@demo.test', password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function measure(name: string, server: RunningServer): Promise<boolean> {
  try {
    const token = await signIn(server.url);
    await listLoop(server.url, token, performance.now() + 2_000); // warm-up
    const idle = await listLoop(server.url, token, performance.now() + PHASE_MS);
    const until = performance.now() + PHASE_MS;
    const [busy, flood] = await Promise.all([listLoop(server.url, token, until), floodLoop(server.url, until)]);
    const ratio = percentile(busy.ms, 99) / percentile(idle.ms, 99);
    const ok = ratio < GOAL_RATIO && idle.failures + busy.failures === 0 && [...flood.statuses.keys()].every((s) => s === 403);
    console.log(`${name.padEnd(10)} ${String(idle.ms.length).padStart(6)} ${fmt(percentile(idle.ms, 50))} ${fmt(percentile(idle.ms, 99))}   ${String(busy.ms.length).padStart(6)} ${fmt(percentile(busy.ms, 50))} ${fmt(percentile(busy.ms, 99))}  ${ratio.toFixed(2).padStart(5)}   ${String(flood.ms.length).padStart(6)} ${fmt(percentile(flood.ms, 50))} ${fmt(percentile(flood.ms, 99))}  ${JSON.stringify(Object.fromEntries(flood.statuses))} ${ok ? 'ok' : 'SLOW'}`);
    return ok;
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(`\nUnsigned 10 MB uploads against the list: ${FLOOD} clients PUTting over and over for ${PHASE_MS / 1000} s; the list's p99 under the flood must stay below ${GOAL_RATIO} × idle.\n`);
  console.log(`${'database'.padEnd(10)} ${'idle n'.padStart(6)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}   ${'busy n'.padStart(6)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}  ${'ratio'.padStart(5)}   ${'PUTs'.padStart(6)} ${'p50'.padStart(6)} ${'p99'.padStart(6)}  statuses`);
  const env = { TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn' };
  const postgres = await withScratchDatabase('upload_flood', async ({ url }) => measure('postgres', await startServer({ env: { ...env, DATABASE_URL: url } })));
  const pglite = await measure('pglite', await startServer({ env }));
  listAgent.destroy();
  if (!postgres || !pglite) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
