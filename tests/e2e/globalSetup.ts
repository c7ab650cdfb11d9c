import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from '../support/browser';
import { postgresServer } from '../support/postgres';
import { startServer, type RunningServer } from '../support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per e2e worker (VITEST_POOL_ID 1, 2, …): files in parallel never share a database. */
    baseUrls: string[];
    /** A superuser URL of the PostgreSQL server for the tests that start the server on DATABASE_URL. */
    postgresAdminUrl: string;
  }
}

/**
 * A real server per e2e worker for the run: the built console, the API and a fresh embedded
 * database with demo data (so two files at a time never see each other's changes, as one file at a
 * time on one server never did); and a PostgreSQL server (tests/support/postgres.ts) for the tests
 * that need one.
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
  // One after another: each seeds its demo within startServer's ceiling even on a busy machine
  // (two at once on one, beside a second suite, missed it).
  const servers: RunningServer[] = [];
  try {
    for (let i = 0; i < (Number(project.config.maxWorkers) || 1); i++) servers.push(await startServer());
  } catch (error) {
    // A server that started must not outlive a setup that failed.
    await Promise.all(servers.map((s) => s.stop()));
    await postgres.stop();
    throw error;
  }
  project.provide('baseUrls', servers.map((s) => s.url));
  return async () => {
    for (const server of servers) {
      await server.stop();
      fs.rmSync(server.dataDir, { recursive: true, force: true });
    }
    await postgres.stop();
  };
}
