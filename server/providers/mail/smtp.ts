import nodemailer from 'nodemailer';
import type { MailProvider } from './index';

/**
 * Real e-mail through an SMTP server (SMTP_URL, e.g. smtps://user:pass@mail.example.com:465),
 * sent from MAIL_FROM. The URL carries the credentials, so it is never logged.
 */
export function smtpMail(opts: { url: string; from: string }): MailProvider {
  const transport = nodemailer.createTransport(opts.url);
  return {
    name: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments?.length
          ? { attachments: message.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })) }
          : {}),
      });
    },
    close: () => transport.close(),
  };
}
