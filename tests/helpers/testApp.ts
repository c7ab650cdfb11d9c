import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../server/config';
import { buildApp, type Clock } from '../../server/app';
import type { Database } from '../../server/db/client';
import { copyDemoFiles, createTestDatabase, TEST_START } from './testDb';
import { localDiskStorage } from '../../server/providers/storage';
import type { ChargeCard } from '../../server/providers/billing/creditCharge';
import type { MessagingProvider } from '../../server/providers/messaging';
import type { AnalyticsProvider, ErrorReporter } from '../../server/providers/analytics';

/** A clock the test can move: `clock.advance(ms)`. */
export function testClock(start = TEST_START) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    set: (d: Date) => void (now = d.getTime()),
    advance: (ms: number) => void (now += ms),
  } satisfies Clock & Record<string, unknown>;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof testClock>;
  /** The app's data directory (uploads land under it): a temp dir removed on close. */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh database with the plans; `demo: true` adds the demo tenants (seeded at the clock's now).
 * `config` overrides the app configuration; dataDir is always a fresh temp directory unless given.
 */
export async function createTestApp(
  opts: {
    demo?: boolean; logStream?: NodeJS.WritableStream; config?: Partial<Config>; chargeCard?: ChargeCard;
    /** The messaging provider on the test's database (e.g. one that also records what was sent: ./messaging.ts). */
    messaging?: (database: Database) => MessagingProvider;
    /** Analytics and error reporters (server/providers/analytics) other than the local tables. */
    analytics?: AnalyticsProvider; errorReporter?: ErrorReporter;
  } = {},
): Promise<TestApp> {
  const ownDataDir = opts.config?.dataDir ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'partner-api-test-'));
  const dataDir = opts.config?.dataDir ?? ownDataDir!;
  // The demo tenants come with the cloned database (seeded at the clock's start) and their pictures.
  const database = await createTestDatabase(opts.demo ? 'demo' : 'plain');
  if (opts.demo) copyDemoFiles(dataDir);
  const clock = testClock();
  const storage = localDiskStorage(dataDir);
  const app = await buildApp({
    database,
    clock,
    storage,
    chargeCard: opts.chargeCard,
    messaging: opts.messaging?.(database),
    analytics: opts.analytics,
    errorReporter: opts.errorReporter,
    config: { clientDir: '/nonexistent', publicUrl: 'http://console.test', logLevel: 'debug', uploadSecret: 'test-upload-secret', ...opts.config, dataDir },
    logger: Boolean(opts.logStream),
    logStream: opts.logStream,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}
