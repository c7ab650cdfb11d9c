import type { FastifyPluginAsync } from 'fastify';
import { LOOPBACK_ONLY_NO_RATE_LIMIT } from './demoOnly';
import { desc, eq } from 'drizzle-orm';
import { messageOutbox } from '../../db/schema';
import { digitsOnly } from '../../../src/domain/patterns';
import { docs, obj, str } from '../../http/docs';

const OUTBOX_LIMIT = 50;

/**
 * What the local messaging provider "sent" (알림톡, SMS), newest first. Registered only in the
 * embedded demo and answering loopback clients only (./routes.ts, ./demoOnly.ts).
 */
export const messagesRoutes: FastifyPluginAsync = async (app) => {
  app.get('/dev/messages', {
    config: { public: true, rateLimit: LOOPBACK_ONLY_NO_RATE_LIMIT },
    schema: docs({
      tags: ['dev'], summary: '로컬 메시지 발신함 (알림톡)', isPublic: true,
      description: '내장 데이터베이스의 데모에서 로컬 메시지 공급자를 쓸 때만 존재하고, 서버가 도는 기기(루프백)에서만 응답합니다. 최신순 50건.',
      querystring: obj('조건', { phone: str('받는 번호 (숫자만 비교, 생략하면 전부)') }),
      response: {
        200: {
          description: '메시지', type: 'object',
          properties: { data: obj('목록', { list: { type: 'array', items: obj('메시지', { idx: { type: 'integer' }, channel: str('ALIMTALK | SMS'), templateCode: str('템플릿 코드'), countryCode: str('국가 번호'), phone: str('번호'), variables: { type: 'object' }, refType: str('대상 종류'), refIdx: { type: 'integer' }, status: str('queued'), createdAt: str('ISO') }) } }) },
        },
      },
    }),
  }, async (request) => {
    const { phone } = request.query as { phone?: string };
    const digits = phone ? digitsOnly(phone) : '';
    const rows = await app.db.select().from(messageOutbox)
      .where(digits ? eq(messageOutbox.phone, digits) : undefined)
      .orderBy(desc(messageOutbox.createdAt), desc(messageOutbox.idx))
      .limit(OUTBOX_LIMIT);
    const list = rows.map((r) => ({
      idx: r.idx, channel: r.channel, templateCode: r.templateCode, countryCode: r.countryCode, phone: r.phone,
      variables: r.variables, refType: r.refType, refIdx: r.refIdx, status: r.status, createdAt: r.createdAt.toISOString(),
    }));
    return { data: { list, total: list.length } };
  });
};
