import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Outbound e-mail. Real adapters (SMTP, an e-mail API) implement the same interface. */
export interface MailProvider {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

/** The local default: keeps every message in the mail_outbox table, which tests and the demo read. */
export function localOutboxMail(db: Db): MailProvider {
  return {
    name: 'local',
    async send(message) {
      await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null });
    },
  };
}
