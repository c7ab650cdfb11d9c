import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LOUNGE_KEY_PATTERN } from '../../../src/domain/loungePath';
import { loungePhoneDigits, loungeSendSchema, loungeVerifySchema } from '../../../src/domain/lounge';
import { idxJson } from '../../../src/domain/integers';
import { notFound } from '../../http/errors';
import { parseIdx } from '../../http/params';
import type { perIp } from '../../http/rateLimit';
import type { Checked } from '../../http/routeInput';
import { docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { bodyFromYup } from '../../http/yupDocs';
import { createLoungeSession, sendCode, verifyCode } from './session';
import type { LoungeTenant } from './service';

/**
 * What a store's guest pages (waiting at /waiting/{loungeKey}/{idx}, reservations at
 * /reservation/{loungeKey}/{idx}) share: their path's parameters and the lounge's phone sign-in.
 */
export const GUEST_TOKEN_NOTE = '손님 세션 토큰은 라운지와 같은 X-Lounge-Token 헤더로 보냅니다 (휴대폰 인증번호 로그인).';

/** `:loungeKey/:idx` of a guest page: anything malformed is the page's own 404. */
export const guestPageParams = (notFoundMessage: string) => Object.assign((raw: unknown) => {
  const r = (raw ?? {}) as Record<string, unknown>;
  if (typeof r.loungeKey !== 'string' || !LOUNGE_KEY_PATTERN.test(r.loungeKey)) throw notFound(notFoundMessage);
  return { loungeKey: r.loungeKey, idx: parseIdx(r.idx, notFoundMessage) };
}, { accepts: { idx: idxJson() } });

export const guestPageParamDoc = (idxLabel: string) => obj('경로', { loungeKey: str('브랜드 공개 키 (라운지 키, 12자)'), idx: idxJson(idxLabel) });

interface GuestSignIn {
  /** The page's path (`…/:loungeKey/:idx`), its per-IP limited public config and OpenAPI tags. */
  path: string; config: { public: true; rateLimit: ReturnType<typeof perIp> }; tags: string[];
  idxLabel: string; notFoundMessage: string;
  /** The name a customer new to the brand gets (found by phone otherwise; never marked a lounge member). */
  newName: string;
  /** The brand behind the page, refusing an unknown or closed page with its 404. */
  place: (request: FastifyRequest) => Promise<{ tenant: LoungeTenant; now: Date }>;
}

/** POST …/otp and …/otp/verify: the lounge's code sign-in, with its limits (docs/api/lounge.md), for a guest page. */
export function guestSignInRoutes(app: FastifyInstance, o: GuestSignIn): void {
  const params = guestPageParams(o.notFoundMessage);
  const paramsDoc = guestPageParamDoc(o.idxLabel);
  const refusals = { 404: errorEnvelope(o.notFoundMessage), 429: errorEnvelope('TOO_MANY_REQUESTS') };

  app.post(`${o.path}/otp`, {
    config: { ...o.config, input: { params, body: loungeSendSchema } },
    schema: docs({
      tags: o.tags, summary: '손님: 인증번호 보내기', isPublic: true, params: paramsDoc, description: '라운지 로그인과 같은 한도 (docs/api/lounge.md).',
      body: bodyFromYup(loungeSendSchema, '휴대폰', { phone: '휴대폰 번호 (010…)' }),
      response: { 200: ok('보냄', obj('만료', { expiresAt: str('ISO') })), 400: errorEnvelope('VALIDATION_FAILED'), ...refusals },
    }),
  }, async (request) => {
    const { tenant, now } = await o.place(request);
    const { phone } = request.body as Checked<typeof loungeSendSchema>;
    const { expiresAt } = await sendCode(app.db, app.messaging, tenant, loungePhoneDigits(phone), request.ip, now);
    return { data: { expiresAt: expiresAt.toISOString() } };
  });

  app.post(`${o.path}/otp/verify`, {
    config: { ...o.config, input: { params, body: loungeVerifySchema } },
    schema: docs({
      tags: o.tags, summary: '손님: 인증번호 확인 (로그인)', isPublic: true, params: paramsDoc,
      description: `고객을 휴대폰으로 찾거나 만들고 (라운지 가입 표시는 하지 않음) 세션 토큰을 줍니다. ${GUEST_TOKEN_NOTE}`,
      body: bodyFromYup(loungeVerifySchema, '휴대폰과 인증번호', { phone: '휴대폰 번호', code: '6자리 인증번호' }),
      response: { 200: ok('로그인', obj('세션', { token: str('세션 토큰'), expiresAt: str('ISO') })), 400: errorEnvelope('VALIDATION_FAILED | INVALID_TOKEN'), ...refusals },
    }),
  }, async (request) => {
    const { tenant, now } = await o.place(request);
    const { phone, code } = request.body as Checked<typeof loungeVerifySchema>;
    const { customerIdx } = await verifyCode(app.db, tenant, loungePhoneDigits(phone), code, now, { member: false, newName: o.newName });
    const session = await createLoungeSession(app.db, tenant.tenantIdx, customerIdx, now);
    return { data: { token: session.token, expiresAt: session.expiresAt.toISOString() } };
  });
}
