import type { Db } from '../../db/client';
import { messageOutbox } from '../../db/schema';
import { maskSecret } from './secrets';

/** One message to a customer's phone (알림톡 or SMS), filled from a template's variables. */
export interface OutboundMessage {
  tenantIdx: number;
  channel: 'ALIMTALK' | 'SMS';
  templateCode: string;
  countryCode: string;
  /** National digits (src/domain/guarantee.ts normalizePhone). */
  phone: string;
  variables: Record<string, string>;
  /** What the message is about, e.g. 'nft' and the certificate's idx. */
  refType?: string;
  refIdx?: number;
  /** A one-time secret the message carries (a sign-in code): the variable that holds it and when it stops working (./secrets.ts). */
  secret?: { variable: string; expiresAt: Date };
}

/**
 * Outbound messaging (알림톡, SMS). Real adapters (a Kakao business message API) implement the same
 * interface. `queue` takes many messages at once (bulk complete, the reservation job) and an
 * optional executor: the local provider writes inside the caller's transaction, so a rolled-back
 * issue leaves no message behind.
 */
export interface MessagingProvider {
  readonly name: string;
  queue(messages: OutboundMessage[], executor?: Db): Promise<void>;
  /**
   * Campaign messages (issue 25): each with its own idempotency key, answered per recipient. Optional,
   * so a provider written for `queue` alone still fits; without it the campaign sender uses the
   * local outbox (`campaignSenderOf`).
   */
  send?(messages: CampaignMessage[]): Promise<CampaignResult[]>;
  /**
   * Delivery reports of a batch `send` answered with a `ref` (Solapi's group id): each recipient's
   * status now, and how many are still on their way. Optional: a provider that answers every result
   * at once (the local outbox) or only by webhook has none. Polled by the result job (sender.ts).
   */
  results?(ref: string): Promise<{ results: CampaignResult[]; pending: number }>;
}

/** One campaign message, its text already framed (ad) and filled (variables). */
export interface CampaignMessage {
  /** Our idempotency key, unique per campaign and customer (message_recipients.provider_key). */
  key: string;
  tenantIdx: number;
  channel: 'BRAND' | 'SMS' | 'ALIMTALK';
  /** What it goes out as: SMS, LMS, MMS (with `imageUrl`), ALIMTALK, BRAND_TEXT, BRAND_IMAGE. */
  kind: string;
  countryCode: string;
  phone: string;
  text: string;
  title?: string | null;
  imageUrl?: string | null;
  buttons?: { name: string; url: string }[];
  /** The provider's code of an approved 알림톡 template. */
  templateCode?: string | null;
  /** The brand's registered sender number and Kakao sender profile key (a real provider sends from them). */
  from?: string | null;
  senderKey?: string | null;
  /** SMS fallback when the Kakao message cannot be delivered. */
  fallback?: { kind: 'SMS' | 'LMS'; text: string; title?: string | null } | null;
  refIdx?: number;
}

/**
 * A recipient's result: SENT (delivered, by fallback when `fallback`), FAILED, or PENDING (the
 * result comes later, by the provider's delivery reports (`results`) or the result webhook).
 */
export interface CampaignResult {
  key: string; status: 'SENT' | 'FAILED' | 'PENDING'; fallback?: boolean; reason?: string;
  /** A PENDING result's batch at the provider (Solapi's group id), whose reports `results(ref)` answers. */
  ref?: string;
}

/** Rows per INSERT, well under PostgreSQL's 65,535 bind parameters (11 columns a row). */
const CHUNK = 2000;

/**
 * The local default: records every message in message_outbox (status queued), which tests, the demo
 * and GET /api/dev/messages read. `keepSecrets` (only where that outbox is served: the embedded demo)
 * keeps a one-time secret readable until it is used or expires; otherwise it is masked as it is written.
 */
export function localOutboxMessaging(
  db: Db, opts: { keepSecrets: boolean; failPhones?: ReadonlySet<string> } = { keepSecrets: false },
): MessagingProvider & { send: NonNullable<MessagingProvider['send']> } {
  const secretColumns = (m: OutboundMessage) => {
    if (!m.secret) return { variables: m.variables, secretVariable: null, secretExpiresAt: null };
    if (!opts.keepSecrets) return { variables: maskSecret(m.variables, m.secret.variable), secretVariable: null, secretExpiresAt: null };
    return { variables: m.variables, secretVariable: m.secret.variable, secretExpiresAt: m.secret.expiresAt };
  };
  return {
    name: 'local',
    async queue(messages, executor) {
      const target = executor ?? db;
      for (let i = 0; i < messages.length; i += CHUNK) {
        await target.insert(messageOutbox).values(messages.slice(i, i + CHUNK).map((m) => ({
          tenantIdx: m.tenantIdx, channel: m.channel, templateCode: m.templateCode, countryCode: m.countryCode, phone: m.phone,
          refType: m.refType ?? null, refIdx: m.refIdx ?? null, ...secretColumns(m),
        })));
      }
    },
    /**
     * Campaign messages: each recorded in the outbox as it would arrive (the Kakao message, or its SMS
     * fallback). `failPhones` (tests and the demo's failure numbers) makes delivery to a phone fail:
     * a Kakao message then falls back to SMS when it has one, an SMS fails.
     */
    async send(messages) {
      const results: CampaignResult[] = [];
      const rows: (typeof messageOutbox.$inferInsert)[] = [];
      for (const m of messages) {
        const fails = opts.failPhones?.has(m.phone) ?? false;
        if (!fails) {
          rows.push({ tenantIdx: m.tenantIdx, channel: m.channel, templateCode: m.templateCode ?? `campaign:${m.kind}`, countryCode: m.countryCode, phone: m.phone,
            variables: { text: m.text, ...(m.title ? { title: m.title } : {}), ...(m.kind === 'MMS' && m.imageUrl ? { imageUrl: m.imageUrl } : {}) }, refType: 'campaign', refIdx: m.refIdx ?? null, status: 'sent' });
          results.push({ key: m.key, status: 'SENT' });
        } else if (m.channel !== 'SMS' && m.fallback) {
          rows.push({ tenantIdx: m.tenantIdx, channel: 'SMS', templateCode: `campaign:${m.fallback.kind}`, countryCode: m.countryCode, phone: m.phone,
            variables: { text: m.fallback.text, ...(m.fallback.title ? { title: m.fallback.title } : {}) }, refType: 'campaign', refIdx: m.refIdx ?? null, status: 'sent' });
          results.push({ key: m.key, status: 'SENT', fallback: true });
        } else {
          results.push({ key: m.key, status: 'FAILED', reason: 'UNDELIVERABLE' });
        }
      }
      for (let i = 0; i < rows.length; i += CHUNK) await db.insert(messageOutbox).values(rows.slice(i, i + CHUNK));
      return results;
    },
  };
}

/** The provider's campaign send, or the local outbox's when the provider has none. */
export function campaignSenderOf(provider: MessagingProvider, db: Db): NonNullable<MessagingProvider['send']> {
  return provider.send ? provider.send.bind(provider) : localOutboxMessaging(db).send;
}
