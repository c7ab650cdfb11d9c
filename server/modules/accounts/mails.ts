import type { FastifyInstance } from 'fastify';
import { MSG } from '../../../src/domain/messages';
import { API_BASES } from '../../../src/config/apiBases';
import { PARTNERSHIPS } from '../paths';
import { issueEmailToken } from './emailTokens';

function html(text: string, link: string): string {
  const paragraphs = text
    .split('\n\n')
    .map((p) => (p === link ? `<p><a href="${link}">${link}</a></p>` : `<p>${p.replace(/\n/g, '<br>')}</p>`));
  return `<!doctype html><html lang="ko"><body>${paragraphs.join('')}</body></html>`;
}

/** The verification link points at the API, which confirms and redirects to the console. */
export async function sendConfirmMail(app: FastifyInstance, admin: { idx: number; email: string }): Promise<void> {
  const token = await issueEmailToken(app.db, admin.idx, 'confirm', app.clock.now());
  const link = `${app.config.publicUrl}${API_BASES.main}${PARTNERSHIPS}/email/confirm?token=${token}`;
  const text = MSG.confirmMailBody(link);
  await app.mail.send({ to: admin.email, subject: MSG.confirmMailSubject, text, html: html(text, link) });
}

/** The reset link opens the console's new-password page, which sends the token back with PUT /password. */
export async function sendResetMail(app: FastifyInstance, admin: { idx: number; email: string }): Promise<void> {
  const token = await issueEmailToken(app.db, admin.idx, 'reset', app.clock.now());
  const link = `${app.config.publicUrl}/reset/password?token=${token}`;
  const text = MSG.resetMailBody(link);
  await app.mail.send({ to: admin.email, subject: MSG.resetMailSubject, text, html: html(text, link) });
}
