import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Database, Db } from './db/client';
import type { Config } from './config';
import { loadConfig } from './config';
// phoneError answers for every country on the server (the console loads other countries' rule on demand).
import '../src/domain/phoneIntl';
import errorsPlugin from './plugins/errors';
import { logSafeError } from './http/logSafeError';
import { PUBLIC_BODY_LIMIT } from './http/bodyLimits';
import { SECURITY_SCHEMES } from './http/docs';
import { analyticsFromEnv, type AnalyticsProvider, type ErrorReporter } from './providers/analytics';
import authPlugin from './plugins/auth';
import { localOutboxMail, type MailProvider } from './providers/mail';
import type { ChargeCard } from './providers/billing/creditCharge';
import { billingChargeCard } from './modules/credit/billingCard';
import { smtpMail } from './providers/mail/smtp';
import { localDiskStorage, type Storage } from './providers/storage';
import { localOutboxMessaging, type MessagingProvider } from './providers/messaging';
import { solapiMessaging } from './providers/messaging/solapi';
import { sandboxBilling, tossBilling, type BillingProvider } from './providers/billing';
import { startReservationJob } from './jobs/reservations';
import { startCustomerGradeJob } from './jobs/customerGrades';
import { startCreditTopUpJob } from './jobs/creditTopUps';
import { startSubscriptionRenewalJob } from './jobs/subscriptionRenewals';
import { startSecurityCounterSweep } from './jobs/securityCounterSweep';
import { startOutboxSecretJob } from './jobs/outboxSecrets';
import { startMessageJob } from './modules/messages/sender';
import { startAutoMessageJob } from './modules/messages/auto';
import { startResultPollJob } from './modules/messages/reports';
import { startConsentNoticeJob } from './modules/messages/consentNotices';
import { startShopSyncJob } from './jobs/shopSync';
import { registerModules } from './modules';
import { databaseRateLimitStore, RateLimitCounts } from './http/rateLimitStore';
import { compileTrust } from './http/clientIp';
import { SECURITY_HEADERS } from './http/securityHeaders';
import { signedUploadGate, type Gate } from './modules/uploads/gate';
import { demoControlsServed } from './modules/dev/demoOnly';
import { demoClock } from './modules/dev/demoClock';
import { startWaitingNoShowJob } from './jobs/waitingNoShows';
import { startReservationReminderJob } from './jobs/reservationReminders';
import { clientPages } from './http/clientPages';

export interface Clock {
  now(): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: Database['kind'];
    clock: Clock;
    mail: MailProvider;
    /** The card payment of credit charges and auto top-ups: the tenant's card through `billing` (server/modules/credit/billingCard.ts). */
    chargeCard: ChargeCard;
    messaging: MessagingProvider;
    storage: Storage;
    billing: BillingProvider;
    config: Config;
  }
}

export interface BuildOptions {
  database: Database;
  config?: Partial<Config>;
  clock?: Clock;
  mail?: MailProvider;
  /** The card payment of credit charges; by default the tenant's registered card through `billing`. */
  chargeCard?: ChargeCard;
  /** 알림톡/SMS; the local message_outbox recorder by default. */
  messaging?: MessagingProvider;
  /** Runs the reservation job (status 7 → issued) every intervalMs while the server is up; off unless given (main.ts turns it on). */
  reservationJob?: { intervalMs: number };
  /** Checks every intervalMs whether a tenant's 03:00 grade run is due (server/jobs/customerGrades.ts); off unless given. */
  customerGradeJob?: { intervalMs: number };
  /** Finishes auto top-ups a crash left pending (server/jobs/creditTopUps.ts); off unless given. */
  creditTopUpJob?: { intervalMs: number };
  /** Renews due subscriptions by charging their cards (server/jobs/subscriptionRenewals.ts); off unless given. */
  subscriptionRenewalJob?: { intervalMs: number };
  /** Deletes ended rate-limit and sign-in counters (server/jobs/securityCounterSweep.ts); off unless given. */
  securityCounterSweep?: { intervalMs: number };
  /** Masks one-time codes in message_outbox once they expire (server/jobs/outboxSecrets.ts); off unless given. */
  outboxSecretJob?: { intervalMs: number };
  /** Sends due message campaigns (server/modules/messages/sender.ts); off unless given. */
  messageJob?: { intervalMs: number };
  /** Makes and sends the runs of ON automatic messages (server/modules/messages/auto.ts); off unless given. */
  autoMessageJob?: { intervalMs: number };
  /** Reads the messaging provider's delivery reports of PENDING recipients (server/modules/messages/reports.ts); off unless given. */
  resultPollJob?: { intervalMs: number };
  /** Sends the 2-year consent notices (server/modules/messages/consentNotices.ts); off unless given. */
  consentNoticeJob?: { intervalMs: number };
  /** Cancels waiting guests who did not confirm or arrive after a call (server/jobs/waitingNoShows.ts); off unless given. */
  waitingNoShowJob?: { intervalMs: number };
  /** Sends the day-before 알림톡 of reservation bookings from 10:00 Seoul (server/jobs/reservationReminders.ts); off unless given. */
  reservationReminderJob?: { intervalMs: number };
  /** Polls the connected shop platforms (server/jobs/shopSync.ts); off unless given. */
  shopSyncJob?: { intervalMs: number };
  /** Uploaded files; the local disk under config.dataDir by default. */
  storage?: Storage;
  /** Card billing keys and charges; by config.billingProvider (the local sandbox by default). */
  billing?: BillingProvider;
  /** Analytics and error reports (server/providers/analytics); from the environment when not given. */
  analytics?: AnalyticsProvider;
  errorReporter?: ErrorReporter;
  logger?: boolean;
  /** Where log lines go when logging (stdout by default); tests capture them to prove nothing secret is logged. */
  logStream?: NodeJS.WritableStream;
}

/**
 * What must never reach a log line: credentials in headers, and whole bodies and statement values
 * (passwords, tokens, phones, names), should a log call ever be handed one. Errors go through
 * logSafeError, which keeps a failed query's SQL but not its parameters.
 */
const REDACT = [
  'req.headers.authorization',
  'req.headers["x-auth-token"]',
  'req.headers.cookie',
  'body',
  'req.body',
  'params',
  'detail',
];

/**
 * Builds the whole server: external plugins, then app plugins (db, clock, providers decorated on
 * the instance), then the routes of every module. Tests call this with an in-memory database.
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const config: Config = { ...loadConfig(), ...opts.config };
  const trust = compileTrust(config.trustProxy);
  const counts = new RateLimitCounts(opts.database.db);
  // The signed upload's gate answers its refusals before Fastify (modules/uploads/gate.ts); set once the clock exists.
  let gate: Gate = () => false;
  const app = Fastify({
    serverFactory: (handler, options) => {
      // Fastify's options with its defaults filled in: what it sets on a server it makes itself.
      const o = options as { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number; maxRequestsPerSocket: number };
      const server = http.createServer((req, res) => void (gate(req, res) || handler(req, res)));
      server.keepAliveTimeout = o.keepAliveTimeout;
      server.requestTimeout = o.requestTimeout;
      server.setTimeout(o.connectionTimeout);
      if (o.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = o.maxRequestsPerSocket;
      return server;
    },
    logger: opts.logger
      ? {
          level: config.logLevel,
          ...(opts.logStream ? { stream: opts.logStream } : {}),
          redact: { paths: REDACT, censor: '[redacted]' },
          // Paths are logged without their query strings: verification and reset tokens travel there.
          serializers: {
            req: (req) => ({ method: req.method, url: req.url.split('?')[0], remoteAddress: req.ip }),
            err: (err) => logSafeError(err),
          },
        }
      : false,
    // Only the configured proxies are trusted for the client IP (per-IP rate limits depend on it).
    trustProxy: trust ?? false,
    // Outside the API scope (health, unknown paths, the console's files) nothing takes a body; every
    // API route has its own limit by purpose (http/bodyLimits.ts), uploads theirs (modules/uploads).
    bodyLimit: PUBLIC_BODY_LIMIT,
  });

  await app.register(import('@fastify/swagger'), {
    openapi: {
      info: { title: 'Partner API', version: '1.0.0', description: 'The partner REST API behind the console. Errors are `{ code, title?, message, errors? }`.' },
      components: { securitySchemes: SECURITY_SCHEMES },
      security: [{ bearer: [] }],
    },
  });
  await app.register(import('@fastify/swagger-ui'), { routePrefix: '/api/docs' });
  // Route limits count in the database, so they hold across every server process on it.
  await app.register(import('@fastify/rate-limit'), { global: false, store: databaseRateLimitStore(counts) });

  app.decorate('db', opts.database.db);
  app.decorate('dbKind', opts.database.kind);
  const clock = opts.clock ?? { now: () => new Date() };
  const embeddedDemo = demoControlsServed({ production: config.production, dbKind: opts.database.kind });
  // The embedded demo's clock can be moved (PUT /api/dev/clock); nowhere else.
  app.decorate('clock', embeddedDemo ? demoClock(clock) : clock);
  gate = signedUploadGate({ secret: config.uploadSecret, now: () => app.clock.now(), counts, trust, log: app.log });
  app.decorate('mail', opts.mail ?? mailProviderOf(config, opts.database.db));
  app.addHook('onClose', async () => app.mail.close?.());
  // One-time codes stay readable in the outbox only where the demo serves it (/api/dev/messages), and only until used or expired.
  app.decorate('messaging', opts.messaging ?? messagingProviderOf(config, opts.database.db, embeddedDemo, app.log));
  app.decorate('storage', opts.storage ?? localDiskStorage(config.dataDir));
  app.decorate('billing', opts.billing ?? billingProviderOf(config));
  app.decorate('config', config);
  const fromEnv = analyticsFromEnv(opts.database.db);
  app.decorate('analytics', opts.analytics ?? fromEnv.analytics);
  app.decorate('errorReporter', opts.errorReporter ?? fromEnv.errors);
  app.decorate('chargeCard', opts.chargeCard ?? billingChargeCard(app));

  app.addHook('onSend', async (_request, reply) => {
    reply.headers(SECURITY_HEADERS);
  });

  await app.register(errorsPlugin);
  await app.register(authPlugin);

  app.get('/api/health', { config: { public: true }, schema: { hide: true } }, async () => ({
    data: { status: 'ok', database: app.dbKind },
  }));
  await registerModules(app);

  await registerClient(app, config.clientDir);
  if (opts.reservationJob) startReservationJob(app, opts.reservationJob.intervalMs);
  if (opts.shopSyncJob) startShopSyncJob(app, opts.shopSyncJob.intervalMs);
  if (opts.customerGradeJob) startCustomerGradeJob(app, opts.customerGradeJob.intervalMs);
  if (opts.creditTopUpJob) startCreditTopUpJob(app, opts.creditTopUpJob.intervalMs);
  if (opts.subscriptionRenewalJob) startSubscriptionRenewalJob(app, opts.subscriptionRenewalJob.intervalMs);
  if (opts.securityCounterSweep) startSecurityCounterSweep(app, opts.securityCounterSweep.intervalMs);
  if (opts.outboxSecretJob) startOutboxSecretJob(app, opts.outboxSecretJob.intervalMs);
  if (opts.messageJob) startMessageJob(app, opts.messageJob.intervalMs);
  if (opts.autoMessageJob) startAutoMessageJob(app, opts.autoMessageJob.intervalMs);
  if (opts.resultPollJob) startResultPollJob(app, opts.resultPollJob.intervalMs);
  if (opts.consentNoticeJob) startConsentNoticeJob(app, opts.consentNoticeJob.intervalMs);
  if (opts.waitingNoShowJob) startWaitingNoShowJob(app, opts.waitingNoShowJob.intervalMs);
  if (opts.reservationReminderJob) startReservationReminderJob(app, opts.reservationReminderJob.intervalMs);
  return app;
}

/** Solapi when MESSAGE_PROVIDER=solapi (SOLAPI_API_KEY, SOLAPI_API_SECRET), else the local outbox. */
function messagingProviderOf(config: Config, db: Db, keepSecrets: boolean, log: FastifyBaseLogger): MessagingProvider {
  if (config.messageProvider !== 'solapi') return localOutboxMessaging(db, { keepSecrets });
  if (!config.solapi) throw new Error('MESSAGE_PROVIDER=solapi needs SOLAPI_API_KEY and SOLAPI_API_SECRET');
  return solapiMessaging(db, { ...config.solapi, log });
}

/** Toss Payments when BILLING_PROVIDER=toss (TOSS_SECRET_KEY), else the local sandbox. */
function billingProviderOf(config: Config): BillingProvider {
  if (config.billingProvider !== 'toss') return sandboxBilling();
  if (!config.tossSecretKey) throw new Error('BILLING_PROVIDER=toss needs TOSS_SECRET_KEY');
  return tossBilling({ secretKey: config.tossSecretKey, baseUrl: config.tossApiUrl });
}

/** SMTP when configured (SMTP_URL, MAIL_FROM), else the local outbox. */
function mailProviderOf(config: Config, db: Db): MailProvider {
  if (config.mailProvider === 'local') return localOutboxMail(db);
  if (!config.smtpUrl || !config.mailFrom) throw new Error('The SMTP mail provider needs SMTP_URL and MAIL_FROM');
  return smtpMail({ url: config.smtpUrl, from: config.mailFrom });
}

/**
 * Serves the built console and answers every non-API GET with index.html, so the spec's
 * browser-history paths (/b2b/..., /auth/login) load the console.
 */
async function registerClient(app: FastifyInstance, clientDir: string) {
  const indexFile = path.join(clientDir, 'index.html');
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(import('@fastify/static'), {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      maxAge: '1y',
      immutable: true,
      setHeaders: (response, filePath) => {
        // Hashed assets are immutable; anything else (index.html, icons) is revalidated.
        if (!filePath.includes(`${path.sep}assets${path.sep}`)) response.setHeader('cache-control', 'no-cache');
      },
    });
  }
  const pageHtml = hasClient ? clientPages(clientDir, fs.readFileSync(indexFile, 'utf8')) : null;
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && request.method === 'GET' && pageHtml) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(pageHtml(request.url));
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: '요청한 주소를 찾을 수 없어요' });
  });
}
