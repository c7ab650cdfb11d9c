import type { FastifyPluginAsync } from 'fastify';
import {
  GUEST_POLL_MS, PAUSE_MINUTES, STAFF_ACTIONS, STORE_STATES, WAITING_MSG, WAITING_RULE, eventStatusOn, guestRegisterSchema, registrationRefusal,
  staffActionSchema, storeStateSchema, waitingGuestPath,
} from '../../../src/domain/waiting';
import { seoulToday } from '../../../src/domain/seoulDay';
import { idxJson } from '../../../src/domain/integers';
import { validationFailed } from '../../http/errors';
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
  eventOf, guestCancel, guestConfirm, guestEntry, guestPushBack, queueStateOf, queueSummary, register, rulesOf, setQueueState, staffList, staffMove, waitingTenant,
  type ListTab,
} from './service';
import { waitingStatistics, statisticsQuery } from './statistics';

const TAG = ['waiting'];
const any = (description: string) => ({ description });
const W = '/v1/waiting';
/** The guest's public API (no partner login), under the waiting base. */
export const PUBLIC_WAITING = '/v1/public/waiting';
/** Requests per client IP per minute on each guest route (a guest's page polls every 5 s: 12 a minute). */
export const WAITING_GUEST_REQUESTS_PER_IP_PER_MINUTE = 60;

const eventParams = Object.assign((raw: unknown) => ({ idx: parseIdx((raw as Record<string, unknown> | null)?.idx, WAITING_MSG.notFound) }), {
  accepts: { idx: idxJson() },
});
const entryParams = Object.assign((raw: unknown) => ({
  idx: parseIdx((raw as Record<string, unknown> | null)?.idx, WAITING_MSG.notFound),
  requestIdx: parseIdx((raw as Record<string, unknown> | null)?.requestIdx, WAITING_MSG.entryNotFound),
}), { accepts: { idx: idxJson(), requestIdx: idxJson() } });
const TABS: Record<string, ListTab> = { request: 'waiting', waiting: 'waiting', entered: 'entered', enter: 'entered', cancel: 'cancelled', cancelled: 'cancelled' };
const listQuery = (raw: unknown): { tab: ListTab } => {
  const status = (raw as Record<string, unknown> | null)?.status;
  if (status === undefined || status === '') return { tab: 'waiting' };
  const tab = typeof status === 'string' ? TABS[status] : undefined;
  if (!tab) throw validationFailed({ status: WAITING_MSG.actionInvalid });
  return { tab };
};
const publicParams = guestPageParams(WAITING_MSG.notFound);
const publicParamDoc = guestPageParamDoc('웨이팅 이벤트 idx');
const idxDoc = obj('경로', { idx: idxJson('웨이팅 이벤트 idx') });
const entryDoc = obj('경로', { idx: idxJson('웨이팅 이벤트 idx'), requestIdx: idxJson('웨이팅 idx') });
const tokenNote = GUEST_TOKEN_NOTE;

/** The staff's waiting routes (waiting base): the queue of an event, moves on entries, the store's state, and the guest link. */
export const waitingRoutes: FastifyPluginAsync = async (app) => {
  const read = { access: WAITING_RULE };
  const write = { access: { ...WAITING_RULE, write: true } };

  app.get(`${W}/:idx/request`, {
    config: { ...read, input: { params: eventParams, query: listQuery } },
    schema: docs({
      tags: TAG, summary: '이벤트의 웨이팅 목록 (직원)', params: idxDoc,
      description: 'status: request(기본, 대기 중: 호출 포함, 줄 순서와 순번 position), entered(입장 완료), cancel(취소). 매장 상태, 팀당 분, 상태별 수를 함께 답합니다.',
      querystring: obj('쿼리', { status: { type: 'string', enum: Object.keys(TABS), description: '목록' } }),
      response: { 200: ok('목록', obj('웨이팅', { list: any('웨이팅'), counts: any('상태별 수'), state: str('매장 상태'), pausedUntil: any('일시 정지가 끝나는 시각') })), 404: errorEnvelope(WAITING_MSG.notFound) },
    }),
  }, async (request) => {
    const { idx } = request.params as { idx: number };
    const { tab } = request.query as { tab: ListTab };
    return { data: await staffList(app.db, principalOf(request).tenantIdx, idx, tab, app.clock.now()) };
  });

  app.patch(`${W}/:idx/request/:requestIdx`, {
    config: { ...write, input: { params: entryParams, body: staffActionSchema } },
    schema: docs({
      tags: TAG, summary: '웨이팅 처리 (호출, 입장, 취소)', params: entryDoc,
      description: '대기 중(request, called)인 웨이팅만: call은 알림톡으로 호출 (손님은 3분 안에 확인, 10분 안에 입장, 아니면 자동 취소), enter는 입장, cancel은 취소 (알림톡).',
      body: bodyFromYup(staffActionSchema, '처리', { action: STAFF_ACTIONS.join(' | ') }),
      response: { 200: ok('처리됨', any('웨이팅')), 400: errorEnvelope('VALIDATION_FAILED'), 404: errorEnvelope(WAITING_MSG.entryNotFound), 409: errorEnvelope(WAITING_MSG.moveRefused) },
    }),
  }, async (request) => {
    const { idx, requestIdx } = request.params as { idx: number; requestIdx: number };
    const { action } = request.body as Checked<typeof staffActionSchema>;
    return { data: await staffMove(app.db, app.messaging, principalOf(request).tenantIdx, idx, requestIdx, action as (typeof STAFF_ACTIONS)[number], app.clock.now()) };
  });

  app.put(`${W}/:idx/state`, {
    config: { ...write, input: { params: eventParams, body: storeStateSchema } },
    schema: docs({
      tags: TAG, summary: '매장 상태 (웨이팅 받기, 바로 입장, 일시 정지, 마감)', params: idxDoc,
      description: `paused는 pauseMinutes(${PAUSE_MINUTES.join(', ')}) 뒤에 저절로 다시 받아요. closed여도 남은 목록은 그대로 보여요.`,
      body: bodyFromYup(storeStateSchema, '상태', { state: STORE_STATES.join(' | '), pauseMinutes: '일시 정지 분' }),
      response: { 200: ok('상태', obj('상태', { state: str('매장 상태'), pausedUntil: any('ISO 또는 null') })), 400: errorEnvelope('VALIDATION_FAILED'), 404: errorEnvelope(WAITING_MSG.notFound) },
    }),
  }, async (request) => {
    const { idx } = request.params as { idx: number };
    const { state, pauseMinutes } = request.body as Checked<typeof storeStateSchema>;
    return { data: await setQueueState(app.db, principalOf(request).tenantIdx, idx, state as (typeof STORE_STATES)[number], pauseMinutes ?? null, app.clock.now()) };
  });

  app.get(`${W}/:idx/link`, {
    config: { ...read, input: { params: eventParams } },
    schema: docs({
      tags: TAG, summary: '손님 등록 링크 (QR 코드용)', params: idxDoc,
      response: { 200: ok('링크', obj('링크', { path: str('손님 페이지 경로'), url: str('손님 페이지 주소') })), 404: errorEnvelope(WAITING_MSG.notFound) },
    }),
  }, async (request) => {
    const { idx } = request.params as { idx: number };
    const { tenantIdx } = principalOf(request);
    await eventOf(app.db, tenantIdx, idx);
    const path = waitingGuestPath(await ensureLoungeKey(app.db, tenantIdx), idx);
    return { data: { path, url: `${app.config.publicUrl.replace(/\/$/, '')}${path}` } };
  });
};

/** GET /v1/statistics (statistics base): the channel dashboard's figures. */
export const waitingStatisticsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/statistics', {
    config: { access: { ...WAITING_RULE, subscribed: true }, input: { query: statisticsQuery } },
    schema: docs({
      tags: TAG, summary: '웨이팅 통계 (채널 대시보드)',
      description: 'today(waiting, enter, cancel), accumulation(visitor, agreeMarketing, revisit), 선택한 이벤트(waitingIdx, 없으면 가장 최근)의 accumulateInfo·byStatus·byVisit·byTime, 기간(startDate~endDate, 기본 최근 14일)의 입장 추이(21일까지 일별, 90일까지 주별, 그 뒤 월별)와 재방문 추이, 이벤트별 재방문 revisitInfo.',
      querystring: obj('쿼리', {
        waitingIdx: { ...idxJson('이벤트 idx') }, startDate: { type: 'string', format: 'date' }, endDate: { type: 'string', format: 'date' },
        weekday: { type: 'integer', minimum: 0, maximum: 6, description: '시간대별 현황의 요일 (0 일요일)' },
      }),
      response: { 200: ok('통계', any('통계')), 400: errorEnvelope('VALIDATION_FAILED') },
    }),
  }, async (request) => ({ data: await waitingStatistics(app.db, principalOf(request).tenantIdx, request.query as ReturnType<typeof statisticsQuery>, app.clock.now()) }));
};

/**
 * The guest's pages' API (public, rate-limited per IP): the event, the phone sign-in of the lounge
 * (one-time code by SMS, a lounge session), registration, the entry with its place, and the moves.
 */
export const waitingPublicRoutes: FastifyPluginAsync = async (app) => {
  const publicConfig = { public: true, rateLimit: perIp(WAITING_GUEST_REQUESTS_PER_IP_PER_MINUTE) } as const;
  const P = `${PUBLIC_WAITING}/:loungeKey/:idx`;
  const paramsOf = (p: unknown) => p as Checked<typeof publicParams>;
  const guest = async (request: Parameters<typeof customerOf>[1]) => {
    const { loungeKey, idx } = paramsOf(request.params);
    const now = app.clock.now();
    const tenant = await waitingTenant(app.db, loungeKey, now);
    // Read at once; an unknown event answers its 404 before a missing session's 401, whichever came first.
    const [event, session] = await Promise.allSettled([eventOf(app.db, tenant.tenantIdx, idx), customerOf(app.db, request, tenant.tenantIdx, now)]);
    if (event.status === 'rejected') throw event.reason;
    if (session.status === 'rejected') throw session.reason;
    return { tenant, idx, customerIdx: session.value.customerIdx, now };
  };
  guestSignInRoutes(app, {
    path: P, config: publicConfig, tags: TAG, idxLabel: '웨이팅 이벤트 idx', notFoundMessage: WAITING_MSG.notFound, newName: '웨이팅 손님',
    place: async (request) => {
      const { loungeKey, idx } = paramsOf(request.params);
      const now = app.clock.now();
      const tenant = await waitingTenant(app.db, loungeKey, now);
      await eventOf(app.db, tenant.tenantIdx, idx);
      return { tenant, now };
    },
  });

  app.get(P, {
    config: { ...publicConfig, input: { params: publicParams } },
    schema: docs({
      tags: TAG, summary: '손님: 웨이팅 이벤트', isPublic: true, params: publicParamDoc,
      response: { 200: ok('이벤트', any('브랜드, 이벤트, 지금 등록할 수 있는지 (refusal), 대기 팀 수, 매장 상태')), 404: errorEnvelope(WAITING_MSG.notFound) },
    }),
  }, async (request) => {
    const { loungeKey, idx } = paramsOf(request.params);
    const now = app.clock.now();
    const tenant = await waitingTenant(app.db, loungeKey, now);
    const [event, { state, pausedUntil }, summary] = await Promise.all([
      eventOf(app.db, tenant.tenantIdx, idx), queueStateOf(app.db, tenant.tenantIdx, idx, now), queueSummary(app.db, tenant.tenantIdx, idx),
    ]);
    return {
      data: {
        brandName: tenant.brandName, name: event.name, address: event.address, startAt: event.startAt, endAt: event.endAt,
        status: eventStatusOn(rulesOf(event), seoulToday(now)), maxGuests: rulesOf(event).maxGuests, state, pausedUntil,
        refusal: registrationRefusal(rulesOf(event), state, now.getTime()), teamsWaiting: summary.teamsWaiting,
        estimateMinutes: summary.teamsWaiting * summary.minutesPerTeam, pollMs: GUEST_POLL_MS,
      },
    };
  });

  const entryDocResponse = { 200: ok('웨이팅', any('내 웨이팅 (ticketNo, status, position, estimateMinutes, pushBacks, confirmBy, arriveBy) 또는 null')), 401: errorEnvelope('UNAUTHORIZED'), 404: errorEnvelope(WAITING_MSG.notFound) };

  app.get(`${P}/me`, {
    config: { ...publicConfig, input: { params: publicParams } },
    schema: docs({ tags: TAG, summary: '손님: 내 웨이팅 (5초마다 확인)', loungeSession: true, params: publicParamDoc, description: tokenNote, response: entryDocResponse }),
  }, async (request) => {
    const g = await guest(request);
    return { data: await guestEntry(app.db, g.tenant.tenantIdx, g.idx, g.customerIdx) };
  });

  app.post(`${P}/register`, {
    config: { ...publicConfig, input: { params: publicParams, body: guestRegisterSchema } },
    schema: docs({
      tags: TAG, summary: '손님: 웨이팅 등록', loungeSession: true, params: publicParamDoc,
      description: `인증한 휴대폰으로 등록합니다. 인원은 이벤트의 최대 인원까지, 개인정보 동의 필수, 마케팅 동의는 고객에 기록합니다. ${tokenNote}`,
      body: bodyFromYup(guestRegisterSchema, '등록', { partySize: '인원', agreePrivacy: '개인정보 수집·이용 동의 (Y)', agreeMarketing: '마케팅 수신 동의 Y/N' }),
      response: { ...entryDocResponse, 400: errorEnvelope('VALIDATION_FAILED'), 409: errorEnvelope(`${WAITING_MSG.alreadyWaiting} | ${WAITING_MSG.notOpenTime} | …`) },
    }),
  }, async (request) => {
    const g = await guest(request);
    const body = request.body as Checked<typeof guestRegisterSchema>;
    await register(app.db, app.messaging, g.tenant, g.idx, { customerIdx: g.customerIdx, partySize: body.partySize, agreeMarketing: body.agreeMarketing as 'Y' | 'N' }, g.now);
    return { data: await guestEntry(app.db, g.tenant.tenantIdx, g.idx, g.customerIdx) };
  });

  const move = (path: string, summary: string, run: (g: Awaited<ReturnType<typeof guest>>) => Promise<void>) => app.post(`${P}/me/${path}`, {
    config: { ...publicConfig, input: { params: publicParams } },
    schema: docs({ tags: TAG, summary, loungeSession: true, params: publicParamDoc, description: tokenNote, response: { ...entryDocResponse, 409: errorEnvelope(WAITING_MSG.moveRefused) } }),
  }, async (request) => {
    const g = await guest(request);
    await run(g);
    return { data: await guestEntry(app.db, g.tenant.tenantIdx, g.idx, g.customerIdx) };
  });
  move('confirm', '손님: 호출 확인 (3분 안에)', (g) => guestConfirm(app.db, g.tenant.tenantIdx, g.idx, g.customerIdx, g.now));
  move('push-back', '손님: 순서 미루기 (맨 뒤로, 2번까지)', (g) => guestPushBack(app.db, g.tenant.tenantIdx, g.idx, g.customerIdx));
  move('cancel', '손님: 웨이팅 취소', (g) => guestCancel(app.db, g.tenant.tenantIdx, g.idx, g.customerIdx, g.now));
};

