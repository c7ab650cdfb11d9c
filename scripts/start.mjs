// `npm start`: build the console if it is missing or older than its sources, then run the server
// (embedded PGlite under ./data with demo accounts unless DATABASE_URL is set).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const built = path.join(root, 'dist/client/index.html');

function newestMtime(p) {
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

function clientIsStale() {
  if (!fs.existsSync(built)) return true;
  const sources = ['src', 'index.html', 'vite.config.ts'].map((p) => path.join(root, p));
  return Math.max(...sources.map(newestMtime)) > fs.statSync(built).mtimeMs;
}

if (clientIsStale()) {
  console.log('Building the console (first start or changed sources)…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// NODE_ENV is left as given: `npm start` is the demo, whose sign-up is confirmed through the dev
// outbox; NODE_ENV=production declares a production deployment, where the outboxes never exist.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
