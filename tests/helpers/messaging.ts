import type { Database } from '../../server/db/client';
import { localOutboxMessaging, type MessagingProvider, type OutboundMessage } from '../../server/providers/messaging';

/**
 * The local provider as the app builds it on the test's database (one-time codes kept readable only
 * on the embedded one, as in the demo), also recording every message as sent, so a test reads a code
 * on PostgreSQL too, where the outbox row holds it masked.
 */
export function recordingMessaging(): { sent: OutboundMessage[]; messaging: (database: Database) => MessagingProvider } {
  const sent: OutboundMessage[] = [];
  return {
    sent,
    messaging: (database) => {
      const local = localOutboxMessaging(database.db, { keepSecrets: database.kind === 'pglite' });
      return {
        name: local.name,
        async queue(messages, executor) {
          await local.queue(messages, executor);
          sent.push(...messages);
        },
      };
    },
  };
}
