import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (the customer export); the local outbox keeps them in base64. */
  attachments?: MailAttachment[];
}

/** Outbound e-mail: the local outbox below, or SMTP (./smtp.ts); an e-mail API would implement the same. */
export interface MailProvider {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
  /** Releases connections when the server closes. */
  close?(): void;
}

/** The local default: keeps every message in the mail_outbox table, which tests and the demo read. */
export function localOutboxMail(db: Db): MailProvider {
  return {
    name: 'local',
    async send(message) {
      const attachments = message.attachments?.length
        ? message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length, base64: a.content.toString('base64') }))
        : null;
      await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, attachments });
    },
  };
}
