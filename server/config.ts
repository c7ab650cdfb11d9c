import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { digitsOnly, isValidBusinessNumber } from '../src/domain/patterns';

/** Runtime configuration, read once from the environment. Secrets never appear in logs. */
export interface Config {
  port: number;
  /** HOST, the listen address; unset: loopback for the demo, every interface otherwise (server/startup.ts). */
  host: string | null;
  /** PostgreSQL URL; unset means the embedded PGlite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** Public origin used in e-mail links. */
  publicUrl: string;
  /** 'smtp' when SMTP_URL is set; else 'local', the mail_outbox table (see server/modules/dev). */
  mailProvider: 'local' | 'smtp';
  /** SMTP server URL with its credentials (smtp://user:pass@host:587, smtps://…:465); never logged. */
  smtpUrl?: string;
  /** The sender of every e-mail (MAIL_FROM); required with SMTP_URL. */
  mailFrom?: string;
  /** Directory of the built console; served with an SPA fallback when it exists. */
  clientDir: string;
  logLevel: string;
  /**
   * HMAC key of signed upload URLs (UPLOAD_SIGNING_SECRET). Unset means a random key per process:
   * the URLs live 15 minutes, so a restart only spends the uploads in flight.
   */
  uploadSecret: string;
  /**
   * The proxies whose X-Forwarded-For is trusted for the client IP (TRUST_PROXY): comma-separated
   * addresses, CIDRs or the names loopback / linklocal / uniquelocal. Unset: none, so the header is
   * ignored and clients cannot dodge the per-IP rate limits with it.
   */
  trustProxy: string | null;
  /** A production deployment (NODE_ENV=production): the dev outboxes never exist there. */
  production: boolean;
  /** HMAC key of the messaging provider's webhooks (MESSAGING_WEBHOOK_SECRET); unset: the webhooks answer 404 (docs/api/messages.md). */
  messagingWebhookSecret?: string;
  /**
   * MESSAGE_PROVIDER: 'local' (default, the message_outbox table) or 'solapi' (Solapi's API, needs
   * SOLAPI_API_KEY and SOLAPI_API_SECRET; server/providers/messaging/solapi.ts). Never logged.
   */
  messageProvider: 'local' | 'solapi';
  solapi?: {
    apiKey: string; apiSecret: string; baseUrl?: string; senderNumber?: string; pfId?: string;
    templateIds?: Record<string, string>; bmsTargeting?: 'I' | 'M' | 'N';
  };
  /** BILLING_PROVIDER: 'sandbox' (default, local test cards) or 'toss' (Toss Payments, needs TOSS_SECRET_KEY). */
  billingProvider: 'sandbox' | 'toss';
  /** Toss Payments' secret key (TOSS_SECRET_KEY); never logged. */
  tossSecretKey?: string;
  /** Toss Payments' API origin (TOSS_API_URL), https://api.tosspayments.com by default. */
  tossApiUrl?: string;
  /** How often each server process runs the subscription renewal job (RENEWAL_JOB_INTERVAL_MS), hourly by default. */
  renewalJobIntervalMs: number;
  /**
   * The platform as the seller (공급자) on the brands' receipts: SELLER_BUSINESS_NUMBER (10 digits, checked) and
   * SELLER_NAME. The defaults are demo values: a deployment that bills brands sets its own.
   */
  seller: { businessNumber: string; name: string };
  /**
   * Shop integrations (issue 28, docs/api/integrations.md). Cafe24: the app's CAFE24_CLIENT_ID and
   * CAFE24_CLIENT_SECRET (the secret also checks the launch URL's HMAC), CAFE24_API_URL (a template with
   * `{mall_id}`, https://{mall_id}.cafe24api.com by default), CAFE24_API_VERSION (X-Cafe24-Api-Version)
   * and CAFE24_WEBHOOK_KEY (the key the webhooks carry). Naver Commerce: NAVER_COMMERCE_API_URL. The
   * poll job's interval SHOP_SYNC_INTERVAL_MS and the first retry's delay SHOP_RETRY_BASE_MS. Never logged.
   */
  shop: {
    cafe24: { clientId: string; clientSecret: string; apiUrl: string; apiVersion: string; webhookKey: string; bucket?: { capacity: number; perSecond: number } };
    naver: { apiUrl: string };
    syncIntervalMs: number;
    retryBaseMs: number;
    maxAttempts: number;
  };
}

/** The demo seller: a made-up business number that passes the check digit, and a name that says it is the demo. */
const DEMO_SELLER = { businessNumber: '1234567891', name: '파트너 콘솔 (데모)' } as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  const mailFrom = env.MAIL_FROM?.trim() || undefined;
  const billingProvider = (env.BILLING_PROVIDER?.trim() || 'sandbox') as Config['billingProvider'];
  if (billingProvider !== 'sandbox' && billingProvider !== 'toss') throw new Error('BILLING_PROVIDER must be sandbox or toss');
  const tossSecretKey = env.TOSS_SECRET_KEY?.trim() || undefined;
  if (billingProvider === 'toss' && !tossSecretKey) throw new Error('BILLING_PROVIDER=toss needs TOSS_SECRET_KEY');
  const messageProvider = (env.MESSAGE_PROVIDER?.trim() || 'local') as Config['messageProvider'];
  if (messageProvider !== 'local' && messageProvider !== 'solapi') throw new Error('MESSAGE_PROVIDER must be local or solapi');
  if (smtpUrl && !mailFrom) throw new Error('MAIL_FROM must be set with SMTP_URL (e.g. "파트너 콘솔 <no-reply@example.com>")');
  return {
    port,
    host: env.HOST?.trim() || null,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    mailProvider: smtpUrl ? 'smtp' : 'local',
    smtpUrl,
    mailFrom,
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist/client'),
    logLevel: env.LOG_LEVEL ?? 'info',
    uploadSecret: env.UPLOAD_SIGNING_SECRET || randomBytes(32).toString('hex'),
    trustProxy: env.TRUST_PROXY?.trim() || null,
    production: env.NODE_ENV === 'production',
    messagingWebhookSecret: env.MESSAGING_WEBHOOK_SECRET?.trim() || undefined,
    messageProvider,
    solapi: messageProvider === 'solapi' ? solapiOf(env) : undefined,
    billingProvider,
    tossSecretKey,
    tossApiUrl: env.TOSS_API_URL?.trim() || undefined,
    renewalJobIntervalMs: positiveMs(env.RENEWAL_JOB_INTERVAL_MS, 'RENEWAL_JOB_INTERVAL_MS') ?? 60 * 60_000,
    seller: sellerOf(env),
    shop: {
      cafe24: {
        clientId: env.CAFE24_CLIENT_ID?.trim() || 'demo-cafe24-client',
        clientSecret: env.CAFE24_CLIENT_SECRET?.trim() || 'demo-cafe24-secret',
        apiUrl: env.CAFE24_API_URL?.trim() || 'https://{mall_id}.cafe24api.com',
        apiVersion: env.CAFE24_API_VERSION?.trim() || '2025-12-01',
        webhookKey: env.CAFE24_WEBHOOK_KEY?.trim() || 'demo-cafe24-webhook-key',
      },
      naver: { apiUrl: env.NAVER_COMMERCE_API_URL?.trim() || 'https://api.commerce.naver.com' },
      syncIntervalMs: positiveMs(env.SHOP_SYNC_INTERVAL_MS, 'SHOP_SYNC_INTERVAL_MS') ?? 5 * 60_000,
      retryBaseMs: positiveMs(env.SHOP_RETRY_BASE_MS, 'SHOP_RETRY_BASE_MS') ?? 1_000,
      maxAttempts: 6,
    },
  };
}

function solapiOf(env: NodeJS.ProcessEnv): NonNullable<Config['solapi']> {
  const apiKey = env.SOLAPI_API_KEY?.trim();
  const apiSecret = env.SOLAPI_API_SECRET?.trim();
  if (!apiKey || !apiSecret) throw new Error('MESSAGE_PROVIDER=solapi needs SOLAPI_API_KEY and SOLAPI_API_SECRET');
  let templateIds: Record<string, string> | undefined;
  if (env.SOLAPI_TEMPLATE_IDS?.trim()) {
    try {
      templateIds = JSON.parse(env.SOLAPI_TEMPLATE_IDS) as Record<string, string>;
    } catch {
      throw new Error('SOLAPI_TEMPLATE_IDS must be a JSON object of template codes to Solapi template ids');
    }
    if (!templateIds || typeof templateIds !== 'object' || Object.values(templateIds).some((v) => typeof v !== 'string')) {
      throw new Error('SOLAPI_TEMPLATE_IDS must be a JSON object of template codes to Solapi template ids');
    }
  }
  const targeting = env.SOLAPI_BMS_TARGETING?.trim() || 'I';
  if (!['I', 'M', 'N'].includes(targeting)) throw new Error('SOLAPI_BMS_TARGETING must be I, M or N');
  return {
    apiKey, apiSecret, baseUrl: env.SOLAPI_BASE_URL?.trim() || undefined, senderNumber: digitsOnly(env.SOLAPI_SENDER_NUMBER ?? '') || undefined,
    pfId: env.SOLAPI_PF_ID?.trim() || undefined, templateIds, bmsTargeting: targeting as 'I' | 'M' | 'N',
  };
}

function sellerOf(env: NodeJS.ProcessEnv): Config['seller'] {
  const number = env.SELLER_BUSINESS_NUMBER?.trim() || DEMO_SELLER.businessNumber;
  if (!isValidBusinessNumber(number)) throw new Error('SELLER_BUSINESS_NUMBER must be a valid 10-digit business registration number');
  return { businessNumber: digitsOnly(number), name: env.SELLER_NAME?.trim() || DEMO_SELLER.name };
}

/** A whole number of milliseconds of at least 1 from the environment, or undefined when unset. */
function positiveMs(raw: string | undefined, name: string): number | undefined {
  if (!raw?.trim()) return undefined;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 1) throw new Error(`${name} must be a whole number of milliseconds`);
  return ms;
}
