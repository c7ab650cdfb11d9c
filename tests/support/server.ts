import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The real server as a child process, exactly as `npm start` runs it, on a free port and its own data dir. */
export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Milliseconds from spawn to the first answer of /api/health. */
  readyMs: number;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startServer(
  opts: { dataDir?: string; env?: Record<string, string>; logFile?: string; args?: string[]; nodeArgs?: string[]; readyTimeoutMs?: number } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'console-data-'));
  const url = `http://127.0.0.1:${port}`;
  const log = fs.openSync(opts.logFile ?? path.join(dataDir, '..', `server-${port}.log`), 'a');
  const started = performance.now();
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts', ...(opts.args ?? [])], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      CLIENT_DIR: path.resolve(import.meta.dirname, '../../dist/client'),
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', log, log],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await waitFor(`${url}/api/health`, child, opts.readyTimeoutMs ?? 60_000);
  } catch (error) {
    // A server that never answered must not outlive the run that started it.
    child.kill('SIGKILL');
    fs.closeSync(log);
    throw error;
  }
  const readyMs = performance.now() - started;
  return {
    url,
    dataDir,
    process: child,
    readyMs,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      fs.closeSync(log);
      return code;
    },
  };
}

/**
 * A new data directory holding a copy of `template`, a stopped server's: a server started on it
 * opens the demo already seeded, without the initdb, migrations and seeding of a first start
 * (12.6 s → 5.3 s quiet, measured), so a start stays within its ceiling on a busy machine.
 */
export function copyDataDir(template: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-data-'));
  fs.cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

export async function waitFor(url: string, child: ChildProcess | null, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before answering ${url}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${url}`);
}
