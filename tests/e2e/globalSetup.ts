import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from '../support/browser';
import { postgresServer } from '../support/postgres';
import { copyDataDir, startServer, type RunningServer } from '../support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per e2e worker (VITEST_POOL_ID 1, 2, …): files in parallel never share a database. */
    baseUrls: string[];
    /**
     * The data directory of a stopped server that started fresh and seeded the demo: a file that
     * starts a server of its own starts it on a copy (copyDataDir), as the workers' servers do.
     */
    demoDataDir: string;
    /** A superuser URL of the PostgreSQL server for the tests that start the server on DATABASE_URL. */
    postgresAdminUrl: string;
  }
}

/**
 * A real server per e2e worker for the run: the built console, the API and an embedded database
 * of its own with demo data (so two files at a time never see each other's changes, as one file at
 * a time on one server never did); and a PostgreSQL server (tests/support/postgres.ts) for the
 * tests that need one. The first server starts exactly as `npm start` does on a new machine
 * (initdb, migrations, demo seed); it stops, and every other server starts on a copy of its data.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    // A missing prerequisite, not a failure to trace: one line, and no test starts.
    console.error(`No Chromium at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary.`);
    process.exit(1);
  }
  if (!fs.existsSync(path.resolve(import.meta.dirname, '../../dist/client/index.html'))) {
    throw new Error('dist/client is missing: run `vite build` first (npm run test:e2e does).');
  }
  const postgres = await postgresServer();
  project.provide('postgresAdminUrl', postgres.adminUrl);
  const servers: RunningServer[] = [];
  let demoDataDir = '';
  const stopAll = async () => {
    for (const server of servers) {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    if (demoDataDir) fs.rmSync(demoDataDir, { recursive: true, force: true });
    await postgres.stop();
  };
  try {
    // The one first start of the run: PGlite's initdb alone is 6.4 s of CPU on a quiet machine (the
    // later starts, on copies, skip it), so on a busy one it gets the ceiling of a setup, not of a start.
    const first = await startServer({ readyTimeoutMs: 180_000 });
    demoDataDir = first.dataDir;
    if ((await first.stop()) !== 0) throw new Error('the first server did not stop cleanly');
    const workers = Number(project.config.maxWorkers) || 1;
    for (let i = 0; i < workers; i++) servers.push(await startServer({ dataDir: copyDataDir(demoDataDir) }));
  } catch (error) {
    // A server that started must not outlive a setup that failed.
    await stopAll();
    throw error;
  }
  project.provide('demoDataDir', demoDataDir);
  project.provide('baseUrls', servers.map((s) => s.url));
  return stopAll;
}
