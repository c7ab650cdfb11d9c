import fs from 'node:fs';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { devRoutesServed } from './modules/dev/demoOnly';
import { seedDemo, DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo';
import { DEMO_OPERATORS } from './seed/operators';
import { ensureReferenceData } from './seed/reference';
import { localDiskStorage } from './providers/storage';
import { refuseDemoAccounts, startupPlan } from './startup';

/**
 * Start-up: open the database (embedded PGlite under DATA_DIR unless DATABASE_URL is set), apply
 * migrations, ensure reference data (plans), seed the demo brand on the embedded default (or with --demo), listen, and close
 * cleanly on SIGINT/SIGTERM.
 */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const { demo: withDemo, host } = startupPlan(config, process.argv.slice(2));
  if (!config.databaseUrl) fs.mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  await ensureReferenceData(database.db);
  // One storage for the seed and the app: the demo's product pictures are served like uploads.
  const storage = localDiskStorage(config.dataDir);
  if (!withDemo) await refuseDemoAccounts(database.db);
  const seeded = withDemo ? await seedDemo(database.db, storage) : false;
  const app = await buildApp({
    database, config, storage, logger: true,
    reservationJob: { intervalMs: 60_000 }, customerGradeJob: { intervalMs: 60_000 }, creditTopUpJob: { intervalMs: 60_000 },
    subscriptionRenewalJob: { intervalMs: config.renewalJobIntervalMs }, securityCounterSweep: { intervalMs: 60_000 },
    outboxSecretJob: { intervalMs: 60_000 }, messageJob: { intervalMs: 10_000 }, autoMessageJob: { intervalMs: 10_000 }, resultPollJob: { intervalMs: 15_000 }, consentNoticeJob: { intervalMs: 60 * 60_000 }, waitingNoShowJob: { intervalMs: 15_000 }, reservationReminderJob: { intervalMs: 60_000 }, shopSyncJob: { intervalMs: Math.min(config.shop.syncIntervalMs, 10_000) },
  });
  await app.listen({ port: config.port, host });

  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  app.log.info(`ready in ${Math.round(performance.now() - started)} ms on ${where}`);
  console.log(`\n  파트너 콘솔: http://localhost:${config.port}\n  Partner API docs: http://localhost:${config.port}/api/docs`);
  console.log(`  Listening on ${host}${host === '127.0.0.1' ? ': this machine only. HOST=0.0.0.0 exposes it to the network (the demo passwords below are public)' : ''}`);
  if (withDemo) {
    console.log(`\n  Demo accounts${seeded ? ' (seeded now)' : ''}, password ${DEMO_PASSWORD}:`);
    for (const a of DEMO_ACCOUNTS) console.log(`    ${a.email.padEnd(22)} ${a.label}`);
    console.log(`  Operator console (http://localhost:${config.port}/ops/login), same password:`);
    for (const a of DEMO_OPERATORS) console.log(`    ${a.email.padEnd(22)} ${a.label}`);
  }
  console.log(`\n  ${mailNote(app)}\n`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

/** Where the e-mails go; the dev outbox exists only in the embedded demo (server/modules/dev/demoOnly.ts). */
function mailNote(app: FastifyInstance): string {
  if (app.mail.name !== 'local') return `Mail: sent through SMTP from ${app.config.mailFrom}`;
  const served = devRoutesServed({ production: app.config.production, dbKind: app.dbKind, mailProvider: app.mail.name, messagingProvider: app.messaging.name });
  if (served.outbox) return `Mail: not sent; read it on this machine at http://localhost:${app.config.port}/api/dev/outbox?to=<email>`;
  return 'Mail: not sent (no SMTP_URL); kept in the mail_outbox table';
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
