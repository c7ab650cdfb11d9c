import type { FastifyPluginAsync } from 'fastify';
import {
  LOUNGE_KEY_PATTERN, LOUNGE_MSG, OTP_LIMITS, OTP_MAX_ATTEMPTS, STAFF_PIN_LIMITS, STAFF_PIN_RULE, loungePath, loungePhoneDigits,
  loungeRedeemSchema, loungeSendSchema, loungeVerifySchema, staffPinSchema,
} from '../../../src/domain/lounge';
import { notFound } from '../../http/errors';
import { perIp } from '../../http/rateLimit';
import { parseIdx } from '../../http/params';
import type { Checked } from '../../http/routeInput';
import { bool, docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { createLoungeSession, customerOf, endLoungeSession, sendCode, verifyCode } from './session';
import { customerWallet, ensureLoungeKey, joinMembership, loungeFront, loungeTenant, redeemCoupon } from './service';
import { saveStaffPin, staffPinState } from './staffPin';
import { idxJson } from '../../../src/domain/integers';

/** The public lounge API (no partner login) under the main base; the customer's own routes need X-Lounge-Token. */
export const PUBLIC_LOUNGE = '/v1/public/lounge';
/** The console's staff PIN and lounge link (coupon list page's settings dialog). */
export const STAFF_PIN = '/v1/admin/coupon-staff-pin';

/** Requests per client IP per minute on each lounge route (the code sends have their own limits in src/domain/lounge.ts). */
export const LOUNGE_REQUESTS_PER_IP_PER_MINUTE = 60;

const TAG = ['lounge'];
const int = (description: string) => ({ type: 'integer', description });
const any = (description: string) => ({ description });
const keyParam = obj('경로', { loungeKey: str('라운지 공개 키 (12자)') });
const keyIdxParam = obj('경로', { loungeKey: str('라운지 공개 키 (12자)'), idx: idxJson('idx') });
const tokenNote = '고객 세션 토큰은 X-Lounge-Token 헤더로 보냅니다 (파트너의 Authorization과 별개, 서로의 경로에서 쓰이지 않음).';

const keyParams = (raw: unknown) => {
  const key = (raw as Record<string, unknown> | null)?.loungeKey;
  if (typeof key !== 'string' || !LOUNGE_KEY_PATTERN.test(key)) throw notFound(LOUNGE_MSG.notFound);
  return { loungeKey: key };
};
const keyIdxParams = (message: string) => (raw: unknown) => ({
  ...keyParams(raw), idx: parseIdx((raw as Record<string, unknown> | null)?.idx, message),
});
const membershipParams = keyIdxParams(LOUNGE_MSG.membershipNotFound);
const couponParams = keyIdxParams(LOUNGE_MSG.couponNotFound);

export const loungeRoutes: FastifyPluginAsync = async (app) => {
  const publicConfig = { public: true, rateLimit: perIp(LOUNGE_REQUESTS_PER_IP_PER_MINUTE) } as const;
  const keyOf = (p: unknown) => (p as Checked<typeof keyParams>).loungeKey;
  const deps = () => ({ messaging: app.messaging, publicUrl: app.config.publicUrl });

  app.get(`${PUBLIC_LOUNGE}/:loungeKey`, {
    config: { ...publicConfig, input: { params: keyParams } },
    schema: docs({
      tags: TAG, summary: '라운지: 브랜드와 가입할 수 있는 멤버십', isPublic: true, params: keyParam,
      response: {
        200: ok('라운지', obj('라운지', { brandName: str('브랜드 이름'), lounge: any('브랜드 라운지 설정 (문구, 로고, 이미지, 색, 보여 줄 쿠폰)'), memberships: any('가입할 수 있는 멤버십 목록') })),
        404: errorEnvelope(`${LOUNGE_MSG.notFound} | ${LOUNGE_MSG.closed}`),
      },
    }),
  }, async (request) => {
    const tenant = await loungeTenant(app.db, keyOf(request.params), app.clock.now());
    return { data: await loungeFront(app.db, tenant) };
  });

  app.post(`${PUBLIC_LOUNGE}/:loungeKey/otp`, {
    config: { ...publicConfig, input: { params: keyParams, body: loungeSendSchema } },
    schema: docs({
      tags: TAG, summary: '라운지: 인증번호 보내기', isPublic: true, params: keyParam,
      description: `6자리 인증번호를 문자로 보냅니다 (3분 유효). 휴대폰마다 30초에 한 번, 1시간에 ${OTP_LIMITS.perPhone}번, IP마다 1시간에 ${OTP_LIMITS.perIp}번 (429).`,
      body: bodyFromYup(loungeSendSchema, '휴대폰', { phone: '휴대폰 번호 (010…)' }),
      response: { 200: ok('보냄', obj('만료', { expiresAt: str('ISO') })), 400: errorEnvelope('VALIDATION_FAILED'), 429: errorEnvelope('TOO_MANY_REQUESTS') },
    }),
  }, async (request) => {
    const tenant = await loungeTenant(app.db, keyOf(request.params), app.clock.now());
    const { phone } = request.body as Checked<typeof loungeSendSchema>;
    const { expiresAt } = await sendCode(app.db, app.messaging, tenant, loungePhoneDigits(phone), request.ip, app.clock.now());
    return { data: { expiresAt: expiresAt.toISOString() } };
  });

  app.post(`${PUBLIC_LOUNGE}/:loungeKey/otp/verify`, {
    config: { ...publicConfig, input: { params: keyParams, body: loungeVerifySchema } },
    schema: docs({
      tags: TAG, summary: '라운지: 인증번호 확인 (로그인)', isPublic: true, params: keyParam,
      description: `맞으면 고객을 휴대폰으로 찾거나 만들고 (라운지 가입 표시) 고객 세션 토큰을 줍니다. ${OTP_MAX_ATTEMPTS}번 틀리면 그 인증번호는 잠깁니다. ${tokenNote}`,
      body: bodyFromYup(loungeVerifySchema, '휴대폰과 인증번호', { phone: '휴대폰 번호', code: '6자리 인증번호' }),
      response: {
        200: ok('로그인', obj('세션', { token: str('고객 세션 토큰'), expiresAt: str('ISO') })),
        400: errorEnvelope('VALIDATION_FAILED (틀림, 남은 횟수) | INVALID_TOKEN (만료)'), 429: errorEnvelope('TOO_MANY_REQUESTS (잠김)'),
      },
    }),
  }, async (request) => {
    const tenant = await loungeTenant(app.db, keyOf(request.params), app.clock.now());
    const { phone, code } = request.body as Checked<typeof loungeVerifySchema>;
    const now = app.clock.now();
    const { customerIdx } = await verifyCode(app.db, tenant, loungePhoneDigits(phone), code, now);
    const session = await createLoungeSession(app.db, tenant.tenantIdx, customerIdx, now);
    return { data: { token: session.token, expiresAt: session.expiresAt.toISOString() } };
  });

  app.post(`${PUBLIC_LOUNGE}/:loungeKey/sign-out`, {
    config: { ...publicConfig, input: { params: keyParams } },
    schema: docs({ tags: TAG, summary: '라운지: 로그아웃', description: tokenNote, loungeSession: true, params: keyParam, response: { 200: ok('로그아웃') } }),
  }, async (request) => {
    const tenant = await loungeTenant(app.db, keyOf(request.params), app.clock.now());
    const { tokenHash } = await customerOf(app.db, request, tenant.tenantIdx, app.clock.now());
    await endLoungeSession(app.db, tokenHash, app.clock.now());
    return { data: {} };
  });

  app.get(`${PUBLIC_LOUNGE}/:loungeKey/me`, {
    config: { ...publicConfig, input: { params: keyParams } },
    schema: docs({
      tags: TAG, summary: '라운지: 내 멤버십, 보증서, 쿠폰', description: tokenNote, loungeSession: true, params: keyParam,
      response: { 200: ok('내 지갑', obj('지갑', { customer: any('이름, 가린 휴대폰'), memberships: any('멤버십 (카드의 혜택 benefits, 링크 links, 받은 쿠폰 coupons)'), certificates: any('보증서'), coupons: any('쿠폰 (온라인: 코드 code와 URL url, 오프라인: 바코드)'), stampCard: any('스탬프 카드') })), 401: errorEnvelope('UNAUTHORIZED') },
    }),
  }, async (request) => {
    const tenant = await loungeTenant(app.db, keyOf(request.params), app.clock.now());
    const now = app.clock.now();
    const { customerIdx } = await customerOf(app.db, request, tenant.tenantIdx, now);
    return { data: await customerWallet(app.db, app.config.publicUrl, tenant.tenantIdx, customerIdx, now) };
  });

  app.post(`${PUBLIC_LOUNGE}/:loungeKey/memberships/:idx/join`, {
    config: { ...publicConfig, input: { params: membershipParams } },
    schema: docs({
      tags: TAG, summary: '라운지: 멤버십 가입', loungeSession: true, params: keyIdxParam,
      description: `사용자 신청(requestRoute user)으로 발급합니다: 템플릿의 사용자 신청 사용이 Y면 승인 대기(상태 1), 아니면 바로 발급(상태 3). ${tokenNote}`,
      response: { 200: ok('가입', obj('멤버십', { idx: int('idx'), nftNumber: str('번호'), status: int('상태'), statusLabel: str('고객에게 보이는 상태') })), 404: errorEnvelope(LOUNGE_MSG.membershipNotFound), 409: errorEnvelope(LOUNGE_MSG.membershipAlreadyJoined) },
    }),
  }, async (request) => {
    const { loungeKey, idx } = request.params as Checked<typeof membershipParams>;
    const tenant = await loungeTenant(app.db, loungeKey, app.clock.now());
    const now = app.clock.now();
    const { customerIdx } = await customerOf(app.db, request, tenant.tenantIdx, now);
    return { data: await joinMembership(app.db, deps(), tenant.tenantIdx, customerIdx, idx, now) };
  });

  app.post(`${PUBLIC_LOUNGE}/:loungeKey/coupons/:idx/redeem`, {
    config: { ...publicConfig, input: { params: couponParams, body: loungeRedeemSchema } },
    schema: docs({
      tags: TAG, summary: '라운지: 쿠폰 사용 (직원 확인)', loungeSession: true, params: keyIdxParam,
      description: `고객의 휴대폰에서 직원이 확인합니다. 비밀번호 사용 쿠폰은 매장 PIN 4자리가 필요하고, 고객마다 ${STAFF_PIN_LIMITS.maxWrong}번 틀리면 10분 동안 막히고, 브랜드 전체에서 1시간에 ${STAFF_PIN_LIMITS.brandMaxWrong}번 틀리면 PIN 쿠폰 사용이 멈춥니다 (맞는 PIN도 429, 한 시간이 지나거나 콘솔에서 새 PIN을 저장할 때까지). 한 쿠폰은 한 번만 사용됩니다. ${tokenNote}`,
      body: bodyFromYup(loungeRedeemSchema, '확인', { pin: '매장 PIN 4자리 (비밀번호 사용 쿠폰)', storeIdx: '사용 매장 idx (선택)' }),
      response: {
        200: ok('사용', obj('사용', { idx: int('idx'), title: str('쿠폰 이름'), usedAt: str('ISO'), storeIdx: { type: ['integer', 'null'], description: '매장' } })),
        400: errorEnvelope(LOUNGE_MSG.pinWrong), 404: errorEnvelope(LOUNGE_MSG.couponNotFound),
        409: errorEnvelope(`${LOUNGE_MSG.couponUsed} | ${LOUNGE_MSG.couponExpired}`), 429: errorEnvelope(`${LOUNGE_MSG.pinLocked} | ${LOUNGE_MSG.pinPaused}`),
      },
    }),
  }, async (request) => {
    const { loungeKey, idx } = request.params as Checked<typeof couponParams>;
    const tenant = await loungeTenant(app.db, loungeKey, app.clock.now());
    const now = app.clock.now();
    const { customerIdx } = await customerOf(app.db, request, tenant.tenantIdx, now);
    return { data: await redeemCoupon(app.db, tenant.tenantIdx, customerIdx, idx, request.body as Checked<typeof loungeRedeemSchema>, now) };
  });

  // The console: the brand's staff PIN (main account only) and its lounge link.
  const pinDoc = obj('매장 PIN 설정', {
    pinSet: bool('PIN이 설정됨 (PIN 자체는 답하지 않음)'), loungeKey: str('라운지 공개 키'), loungePath: str('라운지 경로'),
    pausedUntil: { type: ['string', 'null'], description: `PIN이 1시간에 ${STAFF_PIN_LIMITS.brandMaxWrong}번 틀려 PIN 쿠폰 사용이 멈춘 동안 다시 쓸 수 있는 시각 (ISO), 아니면 null. 새 PIN을 저장하면 바로 풀림` },
  });
  const pinState = async (tenantIdx: number) => {
    const [state, loungeKey] = await Promise.all([staffPinState(app.db, tenantIdx, app.clock.now()), ensureLoungeKey(app.db, tenantIdx)]);
    return { ...state, loungeKey, loungePath: loungePath(loungeKey) };
  };

  app.get(STAFF_PIN, {
    config: { access: STAFF_PIN_RULE },
    schema: docs({ tags: TAG, summary: '매장 PIN 설정과 라운지 링크', response: { 200: ok('설정', pinDoc) } }),
  }, async (request) => ({ data: await pinState(principalOf(request).tenantIdx) }));

  app.put(STAFF_PIN, {
    config: { access: { ...STAFF_PIN_RULE, write: true }, input: { body: staffPinSchema } },
    schema: docs({
      tags: TAG, summary: '매장 PIN 저장', description: '4자리 숫자. 해시로만 저장합니다. 저장하면 브랜드의 PIN 오류 한도가 새로 시작됩니다 (멈춘 PIN 쿠폰 사용이 풀림).',
      body: bodyFromYup(staffPinSchema, 'PIN', { pin: '4자리 숫자', pinConfirm: '한 번 더' }),
      response: { 200: ok('설정', pinDoc), 400: errorEnvelope('VALIDATION_FAILED') },
    }),
  }, async (request) => {
    const { tenantIdx, adminIdx } = principalOf(request);
    await saveStaffPin(app.db, tenantIdx, adminIdx, (request.body as Checked<typeof staffPinSchema>).pin, app.clock.now());
    return { data: await pinState(tenantIdx) };
  });
};
