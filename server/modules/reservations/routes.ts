import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  RESERVATION_MSG, RESERVATION_RULE, STAFF_ACTIONS, dayQuerySchema, guestBookSchema, guestChangeSchema, reservationGuestPath, staffBookingActionSchema,
  type StaffAction,
} from '../../../src/domain/reservation';
import { idxJson } from '../../../src/domain/integers';
import { parseIdx } from '../../http/params';
import { perIp } from '../../http/rateLimit';
import type { Checked } from '../../http/routeInput';
import { docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { bodyFromYup } from '../../http/yupDocs';
import { principalOf } from '../../plugins/auth';
import { customerOf } from '../lounge/session';
import { GUEST_TOKEN_NOTE, guestPageParamDoc, guestPageParams, guestSignInRoutes } from '../lounge/guestRoutes';
import { ensureLoungeKey } from '../lounge/service';
import {
  book, changeBooking, dayOr, daySlots, guestBookings, guestCancelBooking, publicReservation, reservationOf, reservationTenant, staffDay, staffMoveBooking,
  type Deps,
} from './service';

const TAG = ['reservation'];
const any = (description: string) => ({ description });
const R = '/v1/reservation';
/** The guest's public API (no partner login), under the waiting base. */
export const PUBLIC_RESERVATION = '/v1/public/reservation';
/** Requests per client IP per minute on each guest route. */
export const RESERVATION_GUEST_REQUESTS_PER_IP_PER_MINUTE = 60;

const idxOf = (raw: unknown, key: string, message: string) => parseIdx((raw as Record<string, unknown> | null)?.[key], message);
const reservationParams = Object.assign((raw: unknown) => ({ idx: idxOf(raw, 'idx', RESERVATION_MSG.notFound) }), { accepts: { idx: idxJson() } });
const bookingParams = Object.assign((raw: unknown) => ({
  idx: idxOf(raw, 'idx', RESERVATION_MSG.notFound), bookingIdx: idxOf(raw, 'bookingIdx', RESERVATION_MSG.bookingNotFound),
}), { accepts: { idx: idxJson(), bookingIdx: idxJson() } });
const publicParams = guestPageParams(RESERVATION_MSG.notFound);
const publicBookingParams = Object.assign((raw: unknown) => ({
  ...publicParams(raw), bookingIdx: idxOf(raw, 'bookingIdx', RESERVATION_MSG.bookingNotFound),
}), { accepts: { idx: idxJson(), bookingIdx: idxJson() } });

const idxDoc = obj('경로', { idx: idxJson('예약 idx') });
const bookingDoc = obj('경로', { idx: idxJson('예약 idx'), bookingIdx: idxJson('예약 내역 idx') });
const publicParamDoc = guestPageParamDoc('예약 idx');
const publicBookingDoc = obj('경로', { loungeKey: str('브랜드 공개 키 (라운지 키, 12자)'), idx: idxJson('예약 idx'), bookingIdx: idxJson('예약 내역 idx') });
const dateDoc = obj('쿼리', { date: { type: 'string', format: 'date', description: '서울 날짜 YYYY-MM-DD (기본 오늘)' } });
const tokenNote = GUEST_TOKEN_NOTE;

/** The staff's booking routes (waiting base): a day's bookings by slot, moves on a booking, the guest link. */
export const reservationRoutes: FastifyPluginAsync = async (app) => {
  const deps = (): Deps => ({ db: app.db, messaging: app.messaging, billing: app.billing });
  const read = { access: RESERVATION_RULE };
  const write = { access: { ...RESERVATION_RULE, write: true } };

  app.get(`${R}/:idx/booking`, {
    config: { ...read, input: { params: reservationParams, query: dayQuerySchema } },
    schema: docs({
      tags: TAG, summary: '하루의 예약 현황 (직원)', params: idxDoc, querystring: dateDoc,
      description: '그날의 시간별 좌석(정원, 예약 수)과 예약 목록(시간순, 상태·예약금·마스킹한 휴대폰), 상태별 수.',
      response: { 200: ok('예약 현황', obj('현황', { reservation: any('예약'), date: str('날짜'), open: { type: 'boolean' }, slots: any('시간별 좌석'), counts: any('상태별 수'), list: any('예약 목록') })), 400: errorEnvelope('VALIDATION_FAILED'), 404: errorEnvelope(RESERVATION_MSG.notFound) },
    }),
  }, async (request) => {
    const { idx } = request.params as { idx: number };
    const { date } = request.query as Checked<typeof dayQuerySchema>;
    const now = app.clock.now();
    return { data: await staffDay(app.db, principalOf(request).tenantIdx, idx, dayOr(date, now), now) };
  });

  app.patch(`${R}/:idx/booking/:bookingIdx`, {
    config: { ...write, input: { params: bookingParams, body: staffBookingActionSchema } },
    schema: docs({
      tags: TAG, summary: '예약 처리 (확정, 방문, 노쇼, 취소)', params: bookingDoc,
      description: 'confirm은 확정 대기(requested)만, visit은 살아 있는 예약, noShow는 예약 시간이 지난 뒤 (예약금 환불 안 함), cancel은 매장 취소 (예약금 전액 환불, 알림톡).',
      body: bodyFromYup(staffBookingActionSchema, '처리', { action: STAFF_ACTIONS.join(' | ') }),
      response: { 200: ok('처리됨', obj('예약', { idx: idxJson('예약 내역 idx'), status: str('상태'), depositStatus: str('예약금 상태') })), 400: errorEnvelope('VALIDATION_FAILED'), 404: errorEnvelope(RESERVATION_MSG.bookingNotFound), 409: errorEnvelope(RESERVATION_MSG.moveRefused) },
    }),
  }, async (request) => {
    const { idx, bookingIdx } = request.params as { idx: number; bookingIdx: number };
    const { action } = request.body as Checked<typeof staffBookingActionSchema>;
    return { data: await staffMoveBooking(deps(), principalOf(request).tenantIdx, idx, bookingIdx, action as StaffAction, app.clock.now()) };
  });

  app.get(`${R}/:idx/link`, {
    config: { ...read, input: { params: reservationParams } },
    schema: docs({
      tags: TAG, summary: '손님 예약 링크 (QR 코드용)', params: idxDoc,
      response: { 200: ok('링크', obj('링크', { path: str('손님 페이지 경로'), url: str('손님 페이지 주소') })), 404: errorEnvelope(RESERVATION_MSG.notFound) },
    }),
  }, async (request) => {
    const { idx } = request.params as { idx: number };
    const { tenantIdx } = principalOf(request);
    await reservationOf(app.db, tenantIdx, idx);
    const path = reservationGuestPath(await ensureLoungeKey(app.db, tenantIdx), idx);
    return { data: { path, url: `${app.config.publicUrl.replace(/\/$/, '')}${path}` } };
  });
};

/**
 * The guest's page API (public, rate-limited per IP): the reservation and a day's slots, the
 * lounge's phone sign-in, the guest's bookings, booking, changing and cancelling.
 */
export const reservationPublicRoutes: FastifyPluginAsync = async (app) => {
  const deps = (): Deps => ({ db: app.db, messaging: app.messaging, billing: app.billing });
  const publicConfig = { public: true, rateLimit: perIp(RESERVATION_GUEST_REQUESTS_PER_IP_PER_MINUTE) } as const;
  const P = `${PUBLIC_RESERVATION}/:loungeKey/:idx`;
  const paramsOf = (p: unknown) => p as Checked<typeof publicParams>;
  const front = async (request: FastifyRequest) => {
    const { loungeKey, idx } = paramsOf(request.params);
    const now = app.clock.now();
    const tenant = await reservationTenant(app.db, loungeKey, now);
    return { tenant, idx, now, reservation: await reservationOf(app.db, tenant.tenantIdx, idx) };
  };
  const guest = async (request: FastifyRequest) => {
    const { loungeKey, idx } = paramsOf(request.params);
    const now = app.clock.now();
    const tenant = await reservationTenant(app.db, loungeKey, now);
    // An unknown reservation answers its 404 before a missing session's 401, whichever came first.
    const [reservation, session] = await Promise.allSettled([reservationOf(app.db, tenant.tenantIdx, idx), customerOf(app.db, request, tenant.tenantIdx, now)]);
    if (reservation.status === 'rejected') throw reservation.reason;
    if (session.status === 'rejected') throw session.reason;
    return { tenant, idx, customerIdx: session.value.customerIdx, now };
  };
  const mine = (g: Awaited<ReturnType<typeof guest>>) => guestBookings(app.db, g.tenant.tenantIdx, g.idx, g.customerIdx, g.now);
  guestSignInRoutes(app, {
    path: P, config: publicConfig, tags: TAG, idxLabel: '예약 idx', notFoundMessage: RESERVATION_MSG.notFound, newName: '예약 손님', place: front,
  });
  const mineDoc = { 200: ok('내 예약', any('내 예약 목록 (살아 있는 예약 먼저): idx, startsAt, when, partySize, status, depositAmount, depositStatus, freeCancelUntil, canChange, canCancel, refundOnCancel')), 401: errorEnvelope('UNAUTHORIZED'), 404: errorEnvelope(RESERVATION_MSG.notFound) };

  app.get(P, {
    config: { ...publicConfig, input: { params: publicParams } },
    schema: docs({
      tags: TAG, summary: '손님: 예약 안내', isPublic: true, params: publicParamDoc,
      response: { 200: ok('예약', any('브랜드, 예약명, 주소, 인원, 예약금, 취소·변경 규정, 예약할 수 있는 날 (firstDay~lastDay)')), 404: errorEnvelope(RESERVATION_MSG.notFound) },
    }),
  }, async (request) => {
    const f = await front(request);
    return { data: publicReservation(f.reservation, f.tenant.brandName, f.now) };
  });

  app.get(`${P}/slots`, {
    config: { ...publicConfig, input: { params: publicParams, query: dayQuerySchema } },
    schema: docs({
      tags: TAG, summary: '손님: 하루의 예약 시간', isPublic: true, params: publicParamDoc, querystring: dateDoc,
      response: { 200: ok('시간', any('시간별 startsAt, time, left (남은 팀), refusal (예약할 수 없는 이유 또는 null)')), 400: errorEnvelope('VALIDATION_FAILED'), 404: errorEnvelope(RESERVATION_MSG.notFound) },
    }),
  }, async (request) => {
    const f = await front(request);
    const { date } = request.query as Checked<typeof dayQuerySchema>;
    const slots = await daySlots(app.db, f.reservation, dayOr(date, f.now), f.now);
    return { data: slots.map(({ capacity: _c, booked: _b, ...s }) => s) };
  });

  app.get(`${P}/me`, {
    config: { ...publicConfig, input: { params: publicParams } },
    schema: docs({ tags: TAG, summary: '손님: 내 예약', loungeSession: true, params: publicParamDoc, description: tokenNote, response: mineDoc }),
  }, async (request) => ({ data: await mine(await guest(request)) }));

  app.post(`${P}/book`, {
    config: { ...publicConfig, input: { params: publicParams, body: guestBookSchema } },
    schema: docs({
      tags: TAG, summary: '손님: 예약하기', loungeSession: true, params: publicParamDoc,
      description: `인증한 휴대폰으로 예약합니다. 예약 시간은 slots의 startsAt, 인원은 최소~최대, 개인정보 동의 필수. 예약금이 있으면 card(카드 번호, 유효기간 MM/YY, 비밀번호 앞 2자리, 생년월일)로 결제하고 카드 정보는 보관하지 않습니다. 자리가 없으면 409 SLOT_FULL. ${tokenNote}`,
      body: bodyFromYup(guestBookSchema, '예약', {
        startsAt: '예약 시간 (ISO)', partySize: '인원', agreePrivacy: '개인정보 수집·이용 동의 (Y)', agreeMarketing: '마케팅 수신 동의 Y/N',
        card: '예약금 카드 (예약금이 있을 때만): cardNumber 16자리, expiry MM/YY, password 앞 2자리, birth 생년월일 YYMMDD',
      }),
      response: { ...mineDoc, 400: errorEnvelope('VALIDATION_FAILED | PAYMENT_DECLINED'), 409: errorEnvelope(`SLOT_FULL (${RESERVATION_MSG.slotFull}) | CONFLICT`), 502: errorEnvelope('PAYMENT_FAILED') },
    }),
  }, async (request) => {
    const g = await guest(request);
    const body = request.body as Checked<typeof guestBookSchema>;
    await book(deps(), g.tenant, g.idx, {
      customerIdx: g.customerIdx, startsAt: new Date(body.startsAt), partySize: body.partySize, agreeMarketing: body.agreeMarketing as 'Y' | 'N',
      card: body.card ? { cardNumber: body.card.cardNumber, expiry: body.card.expiry.replace('/', ''), password: body.card.password, birth: body.card.birth } : undefined,
    }, g.now);
    return { data: await mine(g) };
  });

  app.post(`${P}/me/:bookingIdx/change`, {
    config: { ...publicConfig, input: { params: publicBookingParams, body: guestChangeSchema } },
    schema: docs({
      tags: TAG, summary: '손님: 예약 변경 (무료 취소 시간 전까지)', loungeSession: true, params: publicBookingDoc, description: tokenNote,
      body: bodyFromYup(guestChangeSchema, '변경', { startsAt: '새 예약 시간 (ISO)' }),
      response: { ...mineDoc, 400: errorEnvelope('VALIDATION_FAILED'), 409: errorEnvelope(`SLOT_FULL | CONFLICT | ILLEGAL_TRANSITION`) },
    }),
  }, async (request) => {
    const g = await guest(request);
    const { bookingIdx } = request.params as { bookingIdx: number };
    const { startsAt } = request.body as Checked<typeof guestChangeSchema>;
    await changeBooking(deps(), g.tenant, g.idx, g.customerIdx, bookingIdx, new Date(startsAt), g.now);
    return { data: await mine(g) };
  });

  app.post(`${P}/me/:bookingIdx/cancel`, {
    config: { ...publicConfig, input: { params: publicBookingParams } },
    schema: docs({
      tags: TAG, summary: '손님: 예약 취소', loungeSession: true, params: publicBookingDoc,
      description: `예약 시간 전까지 취소할 수 있고, 무료 취소 시간 전이면 예약금을 전액 환불합니다 (그 뒤에는 환불하지 않음). ${tokenNote}`,
      response: { ...mineDoc, 409: errorEnvelope(RESERVATION_MSG.pastBooking) },
    }),
  }, async (request) => {
    const g = await guest(request);
    const { bookingIdx } = request.params as { bookingIdx: number };
    await guestCancelBooking(deps(), g.tenant.tenantIdx, g.idx, g.customerIdx, bookingIdx, g.now);
    return { data: await mine(g) };
  });
};
