/**
 * `npm run bench:first-load` (issue 24): cold first loads of the console's busiest pages against the
 * real server (PGlite demo), next to the anchor, a minimal react-admin app built from the same
 * packages (<Admin> + ListGuesser over the same API, bench/anchor), measured in the same run.
 *
 * Each load: a new browser context with the cache disabled, signed in as brand@demo.test by its stored
 * token; time from navigation start until the page's first content shows (median of 5). Beside it: JS
 * bytes (gzip) of the scripts requested and the requests made until the content showed, and the
 * longest main-thread task (Long Tasks API) until the network settled.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../tests/support/browser';
import { startServer } from '../tests/support/server';
import { startAnchorServer } from './anchor/serve';
import { FIRST_LOAD_CASES, type FirstLoadCase } from './firstLoadCases';

const root = path.resolve(import.meta.dirname, '..');
const LOADS = 5;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Figures { ms: number[]; jsGzip: number; jsFiles: number; requests: number; longestTask: number }

async function token(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/v1/admin/partnerships/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'brand@demo.test', password: 'demo1234!' }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The demo has no issued membership: 30 issued here, so the membership history has rows to show. */
async function issueMemberships(origin: string, bearer: string) {
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${origin}/api${url}`, { method, headers: { authorization: `Bearer ${bearer}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const json = (await res.json()) as { data: { idx: number } };
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const template = await call('POST', '/v1/admin/membership-template', { nftCardName: '벤치 멤버십', expireType: 'DAY', expireDays: 365 });
  for (let i = 0; i < 30; i++) {
    await call('POST', '/v1/admin/membership-nft', { nftTemplateIdx: template.idx, ordererName: `벤치 고객 ${i + 1}`, ordererTel: `0109${String(1000_0000 + i).slice(1)}` });
  }
}

async function loadOnce(browser: Browser, origin: string, c: FirstLoadCase, bearer: string | null, clientDir: string) {
  const context = await browser.newContext();
  await context.addInitScript(
    ([t, at]) => {
      if (t && !localStorage.getItem('accessToken')) {
        localStorage.setItem('accessToken', t);
        localStorage.setItem('accessTokenSignedInAt', at);
      }
      const w = window as unknown as { __longest: number };
      w.__longest = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longest = Math.max(w.__longest, e.duration);
      }).observe({ type: 'longtask', buffered: true });
    },
    [bearer, String(Date.now())] as const,
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts = new Set<string>();
  let requests = 0;
  let counting = true;
  page.on('request', (req) => {
    if (!counting) return;
    requests++;
    if (req.resourceType() === 'script') scripts.add(new URL(req.url()).pathname);
  });
  await page.goto(`${origin}${c.path}`, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(c.ready, undefined, { polling: 'raf', timeout: 30_000 });
  const ms = Number(await handle.jsonValue());
  counting = false;
  await page.waitForLoadState('networkidle');
  const longestTask = Number(await page.evaluate(() => (window as unknown as { __longest: number }).__longest));
  await context.close();
  let jsGzip = 0;
  for (const p of scripts) {
    const file = path.join(clientDir, p);
    if (fs.existsSync(file)) jsGzip += zlib.gzipSync(fs.readFileSync(file)).length;
  }
  return { ms, requests, longestTask, jsGzip, jsFiles: scripts.size };
}

async function measure(browser: Browser, origin: string, c: FirstLoadCase, bearer: string | null, clientDir: string): Promise<Figures> {
  // One warm-up load: the server's first answers (query plans, file reads) are not the browser's cold load.
  await loadOnce(browser, origin, c, bearer, clientDir);
  const runs = [];
  for (let i = 0; i < LOADS; i++) runs.push(await loadOnce(browser, origin, c, bearer, clientDir));
  const last = runs[runs.length - 1];
  return {
    ms: runs.map((r) => r.ms),
    jsGzip: last.jsGzip,
    jsFiles: last.jsFiles,
    requests: median(runs.map((r) => r.requests)),
    longestTask: Math.max(...runs.map((r) => r.longestTask)),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

async function main() {
  const server = await startServer();
  const anchor = await startAnchorServer(server.url);
  const browser = await launchChromium();
  const lines: string[] = [];
  let allMet = true;
  try {
    const bearer = await token(server.url);
    await issueMemberships(server.url, bearer);
    lines.push('| page (until) | median ms (5 cold loads) | goal | JS gzip (files) | requests | longest task |', '|---|---:|---|---:|---:|---:|');
    // FIRST_LOAD_ONLY=/auth/login measures the pages whose path holds it, and the anchor.
    const only = process.env.FIRST_LOAD_ONLY;
    for (const c of FIRST_LOAD_CASES.filter((x) => !only || x.anchor || x.path.includes(only))) {
      const origin = c.anchor ? anchor.url : server.url;
      const f = await measure(browser, origin, c, c.signedIn ? bearer : null, c.anchor ? anchor.clientDir : path.join(root, 'dist/client'));
      const ms = median(f.ms);
      const met = c.goalMs === undefined || (ms <= c.goalMs && (c.goalGzip === undefined || f.jsGzip <= c.goalGzip) && f.longestTask <= 200);
      if (c.goalMs !== undefined && !met) allMet = false;
      const goal = c.goalMs === undefined ? 'anchor' : `≤ ${c.goalMs} ms${c.goalGzip ? `, ≤ ${kb(c.goalGzip)}` : ''}, tasks ≤ 200 ms${met ? ' ✔' : ' ✘'}`;
      lines.push(`| ${c.label} | ${Math.round(ms)} (${f.ms.map(Math.round).join(', ')}) | ${goal} | ${kb(f.jsGzip)} (${f.jsFiles}) | ${f.requests} | ${Math.round(f.longestTask)} ms |`);
      console.log(lines[lines.length - 1]);
    }
  } finally {
    await browser.close();
    await anchor.stop();
    await server.stop();
  }
  console.log(`\nFirst load (issue 24), ${new Date().toISOString()}\n\n${lines.join('\n')}\n\n${allMet ? 'All goals met.' : 'Some goals not met.'}`);
}

await main();
