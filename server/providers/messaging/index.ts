import type { Db } from '../../db/client';
import { messageOutbox } from '../../db/schema';

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

/** Rows per INSERT, well under PostgreSQL's 65,535 bind parameters (9 columns a row). */
const CHUNK = 2000;

/** The local default: records every message in message_outbox (status queued), which tests, the demo and GET /api/dev/messages read. */
export function localOutboxMessaging(db: Db): MessagingProvider {
  return {
    name: 'local',
    async queue(messages, executor) {
      const target = executor ?? db;
      for (let i = 0; i < messages.length; i += CHUNK) {
        await target.insert(messageOutbox).values(messages.slice(i, i + CHUNK).map((m) => ({
          tenantIdx: m.tenantIdx, channel: m.channel, templateCode: m.templateCode, countryCode: m.countryCode, phone: m.phone,
          variables: m.variables, refType: m.refType ?? null, refIdx: m.refIdx ?? null,
        })));
      }
    },
  };
}
