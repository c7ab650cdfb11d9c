/**
 * `npm run bench`: measures the platform's speed targets against the real server and prints a table.
 * Run after `vite build` (the npm script does). Figures are medians unless named otherwise.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { launchChromium } from '../tests/support/browser';
import { startServer, waitFor, freePort } from '../tests/support/server';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist/client');
const rows: { figure: string; value: string; goal: string; ok: boolean | null }[] = [];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function loginPageFigures(baseUrl: string) {
  const browser = await launchChromium();
  const times: number[] = [];
  let scripts = new Set<string>();
  try {
    for (let i = 0; i < 5; i++) {
      // A new context has an empty cache: every load is cold.
      const context = await browser.newContext();
      const page = await context.newPage();
      const loaded = new Set<string>();
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') loaded.add(new URL(res.url()).pathname);
      });
      await page.goto(`${baseUrl}/auth/login`, { waitUntil: 'commit' });
      const handle = await page.waitForFunction(
        () => {
          const input = document.querySelector('input[type="email"], input[name="email"]');
          return input && (input as HTMLElement).offsetParent !== null ? performance.now() : null;
        },
        undefined,
        { polling: 'raf', timeout: 20_000 },
      );
      times.push(Number(await handle.jsonValue()));
      await page.waitForLoadState('networkidle');
      scripts = loaded;
      await context.close();
    }
  } finally {
    await browser.close();
  }
  let gzipBytes = 0;
  for (const p of scripts) gzipBytes += zlib.gzipSync(fs.readFileSync(path.join(clientDir, p))).length;
  const kb = gzipBytes / 1024;
  rows.push({ figure: `/auth/login first-load JS, gzip (${scripts.size} files)`, value: `${kb.toFixed(1)} KB`, goal: '≤ 250 KB', ok: kb <= 250 });
  const ms = median(times);
  rows.push({ figure: 'login form on screen, median of 5 cold loads', value: `${Math.round(ms)} ms (${times.map(Math.round).join(', ')})`, goal: '< 600 ms', ok: ms < 600 });
}

async function serverStartFigures() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  const first = await startServer({ dataDir });
  await first.stop();
  const starts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const s = await startServer({ dataDir });
    starts.push(s.readyMs);
    await s.stop();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  rows.push({ figure: 'first start on an empty data dir (migrate + demo seed)', value: `${Math.round(first.readyMs)} ms`, goal: '', ok: null });
  const ms = median(starts);
  rows.push({ figure: 'server start on an existing data dir, median of 3', value: `${Math.round(ms)} ms`, goal: '< 2 s', ok: ms < 2000 });
}

/** `npm start` in a fresh clone (node_modules linked from this checkout) until /auth/login answers. */
async function freshCloneFigure() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-clone-'));
  execFileSync('git', ['clone', '--quiet', root, dir]);
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], { cwd: dir, env: { ...process.env, PORT: String(port), DATABASE_URL: '', LOG_LEVEL: 'warn' }, stdio: 'ignore', detached: true });
  try {
    await waitFor(`http://127.0.0.1:${port}/auth/login`, child, 180_000);
    const ms = performance.now() - started;
    rows.push({ figure: '`npm start` on a fresh clone → /auth/login answers (build + migrate + seed)', value: `${(ms / 1000).toFixed(1)} s`, goal: '', ok: null });
  } finally {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) throw new Error('run `vite build` first');
  const server = await startServer();
  try {
    await loginPageFigures(server.url);
  } finally {
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
  await serverStartFigures();
  if (!process.argv.includes('--skip-clone')) await freshCloneFigure();

  const w = Math.max(...rows.map((r) => r.figure.length));
  console.log(`\n${'figure'.padEnd(w)} | value | goal | met`);
  console.log(`${'-'.repeat(w)}-|-------|------|----`);
  for (const r of rows) console.log(`${r.figure.padEnd(w)} | ${r.value} | ${r.goal || '-'} | ${r.ok === null ? '-' : r.ok ? 'yes' : 'NO'}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
