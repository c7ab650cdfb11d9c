import type { FastifyPluginAsync } from 'fastify';
import { LOOPBACK_ONLY_NO_RATE_LIMIT } from './demoOnly';
import { desc, sql } from 'drizzle-orm';
import { mailOutbox } from '../../db/schema';
import { docs, obj, str, ok } from '../../http/docs';

const OUTBOX_LIMIT = 50;

/**
 * What the local mail provider "sent" (newest first). Registered only in the embedded demo and
 * answering loopback clients only (./routes.ts, ./demoOnly.ts); with SMTP the route does not exist.
 */
export const outboxRoutes: FastifyPluginAsync = async (app) => {
  app.get('/dev/outbox', {
    config: { public: true, rateLimit: LOOPBACK_ONLY_NO_RATE_LIMIT },
    schema: docs({
      tags: ['dev'], summary: '로컬 메일 발신함', isPublic: true,
      description: '내장 데이터베이스의 데모에서 로컬 메일 공급자를 쓸 때만 존재하고, 서버가 도는 기기(루프백)에서만 응답합니다. 최신순 50건.',
      querystring: obj('조건', { to: str('받는 사람 이메일 (생략하면 전부)') }),
      response: { 200: ok('메일', obj('목록', { list: { type: 'array', items: obj('메일', { idx: { type: 'integer' }, to: str('받는 사람'), subject: str('제목'), text: str('본문'), html: str('HTML'), attachments: { type: 'array', description: '첨부 (있을 때만): {filename, contentType, size, base64}' }, createdAt: str('ISO') }) } })) },
    }),
  }, async (request) => {
    const { to } = request.query as { to?: string };
    const rows = await app.db
      .select()
      .from(mailOutbox)
      .where(to ? sql`lower(${mailOutbox.to}) = ${to.trim().toLowerCase()}` : undefined)
      .orderBy(desc(mailOutbox.idx))
      .limit(OUTBOX_LIMIT);
    // Attachments (the customer export) only on the mails that have them: {filename, contentType, size, base64}.
    const list = rows.map(({ attachments, ...r }) => ({ ...r, ...(attachments ? { attachments } : {}), createdAt: r.createdAt.toISOString() }));
    return { data: { list, total: list.length } };
  });
};
