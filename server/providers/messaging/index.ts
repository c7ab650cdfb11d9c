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
}

/** Rows per INSERT, well under PostgreSQL's 65,535 bind parameters (11 columns a row). */
const CHUNK = 2000;

/**
 * The local default: records every message in message_outbox (status queued), which tests, the demo
 * and GET /api/dev/messages read. `keepSecrets` (only where that outbox is served: the embedded demo)
 * keeps a one-time secret readable until it is used or expires; otherwise it is masked as it is written.
 */
export function localOutboxMessaging(db: Db, opts: { keepSecrets: boolean } = { keepSecrets: false }): MessagingProvider {
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
  };
}
