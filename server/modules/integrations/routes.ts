import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import * as yup from 'yup';
import {
  INTERWORK_MSG, INTERWORK_RULE, INTERWORK_WRITE_RULE, INTERWORK_CUSTOMER_RULE, interworkSettingSchema, launchTokenSchema, leaveReasonSchema,
  naverSubscribeSchema, orderConfirmSchema, type InterworkSettings, type LaunchKind, type Platform,
} from '../../../src/domain/integrations';
import { ApiError, validationFailed } from '../../http/errors';
import { docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { idxParams, pagingDocs, readPaging } from '../../http/params';
import { CUSTOMER_MSG } from '../../../src/domain/customer';
import { retryPointChange } from './points';
import type { Checked } from '../../http/routeInput';
import { bodyFromYup, partialBodyFromYup } from '../../http/yupDocs';
import { perIp } from '../../http/rateLimit';
import { principalOf } from '../../plugins/auth';
import type { FieldErrors } from '../../../src/domain/errors';
import { authorizeUrl, cafe24Lines, checkLaunch, exchangeCode } from './cafe24';
import { isBcryptSalt, naverToken } from './naver';
import { PlatformError } from './platformHttp';
import {
  connect, connectionOrThrow, connectionRecord, consumeState, createLaunch, disconnect, firstUseOfLaunch, issueByHand, listLines, saveSettings, takeLaunch,
} from './service';
import { cafe24ApiOf, depsOf, syncSoon } from './sync';
import { ingestLines } from './ingest';
import { and, eq, ne } from 'drizzle-orm';
import { shopConnections } from '../../db/schema';
import { timingSafeEqual } from 'node:crypto';

const TAG = ['interwork'];
const C = '/cafe24/v1/interwork';
const N = '/naver-store/interwork';
const refusals = {
  400: errorEnvelope('VALIDATION_FAILED: errors가 필드를 가리킴'),
  403: errorEnvelope('SUB_ACCOUNT_FORBIDDEN | FEATURE_DISABLED (요금제 제한) | FORBIDDEN_ROLE | SUBSCRIPTION_REQUIRED'),
  404: errorEnvelope('NOT_FOUND: 연동된 쇼핑몰 없음'),
};
const connectionDoc = obj('연동 상태 (토큰과 시크릿은 내보내지 않음)', {
  connected: { type: 'boolean', description: '연동 중' }, mallId: str('Cafe24 mall_id / 네이버 애플리케이션 ID'), status: str('CONNECTED | RECONNECT (다시 연동 필요)'),
  settings: { type: 'object', description: '발급 설정' }, lastSyncedAt: { type: ['string', 'null'], description: '마지막 동기화' },
  lastError: { type: ['string', 'null'], description: 'PLATFORM_UNAVAILABLE | TOKEN_REFUSED' },
  leaveReason: { type: ['string', 'null'], description: '연동 해제 사유 (해제된 경우)' },
});
const lineDoc = obj('주문 상품', {
  idx: { type: 'integer', description: 'idx' }, orderId: str('주문번호'), itemId: str('품주 코드 / productOrderId'), productName: str('상품명'),
  status: str('ORDERED | DISPATCHED | DELIVERED | PURCHASE_DECIDED | CANCELED'), warrantyState: str('NONE | NOT_SELECTED | MANUAL | ISSUED | FAILED'),
  warrantyNftIdx: { type: ['integer', 'null'], description: '발급된 보증서' }, customerIdx: { type: ['integer', 'null'], description: '고객' },
});
const settingsFields = {
  issueMode: 'DELIVERED (배송완료 시) | DAYS_AFTER (배송완료 N일 뒤) | MANUAL (수동)', issueDays: 'DAYS_AFTER의 N (1~90)',
  productNos: '보증서를 발급할 상품 번호 (플랫폼의 상품 번호, 500개까지)', deliveredBy: '네이버: PURCHASE_DECIDED | DISPATCHED_PLUS_DAYS',
  dispatchDays: '네이버: 발송 후 일수 (1~14)', customerSync: 'Cafe24 고객 연동 (STARTER, STANDARD 제한)', pointSync: 'Cafe24 적립금 연동 (STARTER, STANDARD 제한)',
};

const webhookSchema = yup.object({
  event_no: yup.number().typeError('event_no').integer('event_no').min(0).max(2_147_483_647).required('event_no'),
  resource: yup.object({
    mall_id: yup.string().trim().max(100).required('mall_id'),
    order_id: yup.string().trim().max(100),
  }).required('resource'),
});

/** Cafe24's "app deleted" webhook event: the connection ends cleanly. */
export const CAFE24_APP_DELETED_EVENT = 90077;

function pagingOf(raw: unknown) {
  const errors: FieldErrors = {};
  const p = readPaging((raw ?? {}) as Record<string, unknown>, errors);
  if (Object.keys(errors).length) throw validationFailed(errors);
  return p;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:480px;margin:64px auto;padding:0 16px;color:#1a1a1a}a{color:#0b57d0}</style></head>
<body><main><h1>${esc(title)}</h1><p>${esc(body)}</p><p><a href="/b2b/interwork">연동 관리로 가기</a></p></main></body></html>`);
}

/**
 * The launch routes outside /b2b (spec 3 section 2) and the OAuth callback: server pages that check
 * and redirect. `*\/init` starts a connection (a one-time token for /b2b/interwork/cafe24/{token}),
 * `*\/interwork` opens an installed app's page; both check the HMAC, the ±5 minute window and the
 * replay guard first.
 */
export const integrationPageRoutes: FastifyPluginAsync = async (app) => {
  const LAUNCH_RATE = perIp(60);
  const launch = (path: string, kind: LaunchKind, startsConnection: boolean) => app.get(path, {
    config: { public: true, rateLimit: LAUNCH_RATE }, schema: { hide: true },
  }, async (request, reply) => {
    const now = app.clock.now();
    const check = checkLaunch(request.raw.url ?? '', app.config.shop.cafe24.clientSecret, now);
    if (!check.ok || !(await firstUseOfLaunch(app.db, 'cafe24', check.hmac, check.mallId, now))) {
      request.log.warn({ reason: check.ok ? 'replay' : check.reason }, 'cafe24 launch refused');
      return page(reply, 403, INTERWORK_MSG.launchRefused, INTERWORK_MSG.launchRefusedBody);
    }
    if (!startsConnection) return reply.redirect('/b2b/interwork/cafe24', 302);
    const token = await createLaunch(app.db, check.mallId, check.shopNo, kind, now);
    return reply.redirect(`/b2b/interwork/cafe24/${token}`, 302);
  });
  launch('/cafe24/init', 'ORDER', true);
  launch('/cafe24-customer/init', 'CUSTOMER', true);
  launch('/cafe24/membership/init', 'MEMBERSHIP', true);
  launch('/cafe24/interwork', 'ORDER', false);
  launch('/cafe24-customer/interwork', 'CUSTOMER', false);
  launch('/cafe24/membership/interwork', 'MEMBERSHIP', false);

  app.get('/cafe24/oauth', { config: { public: true, rateLimit: LAUNCH_RATE }, schema: { hide: true } }, async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const code = typeof q.code === 'string' ? q.code : '';
    const state = typeof q.state === 'string' ? q.state : '';
    const now = app.clock.now();
    const taken = code && state && state.length <= 200 ? await consumeState(app.db, state, now) : null;
    if (!taken || taken.tenantIdx === null) return page(reply, 400, INTERWORK_MSG.oauthFailed, INTERWORK_MSG.oauthFailedBody);
    try {
      const tokens = await exchangeCode(app.config, taken.mallId, code.slice(0, 500));
      await connect(app.db, taken.tenantIdx, 'cafe24', taken.mallId, taken.shopNo, taken.kind as LaunchKind, tokens, now);
    } catch (err) {
      if (err instanceof ApiError) return page(reply, 409, INTERWORK_MSG.oauthFailed, err.message);
      if (err instanceof PlatformError) return page(reply, 502, INTERWORK_MSG.oauthFailed, INTERWORK_MSG.platformUnavailable);
      throw err;
    }
    return reply.redirect('/b2b/interwork/cafe24?connected=1', 302);
  });

  for (const path of ['/naver/init', '/naver/interwork/auth', '/naver/interwork']) {
    app.get(path, { config: { public: true, rateLimit: LAUNCH_RATE }, schema: { hide: true } }, async (_request, reply) => reply.redirect('/b2b/interwork/naver', 302));
  }
};

/** The integrations' API (docs/api/integrations.md): the main account's only; spec 3 section 7's families. */
export const integrationRoutes: FastifyPluginAsync = async (app) => {
  const platformRoutes = (platform: Platform, base: string) => {
    app.get(base, {
      config: { access: INTERWORK_RULE },
      schema: docs({ tags: TAG, summary: `${platform} 연동 상태`, response: { 200: ok('연동 상태', connectionDoc), 403: refusals[403] } }),
    }, async (request) => ({ data: await connectionRecord(app.db, principalOf(request).tenantIdx, platform) }));

    app.get(`${base}/setting`, {
      config: { access: INTERWORK_RULE },
      schema: docs({ tags: TAG, summary: `${platform} 발급 설정`, response: { 200: ok('설정'), 403: refusals[403], 404: refusals[404] } }),
    }, async (request) => {
      const c = await connectionRecord(app.db, principalOf(request).tenantIdx, platform);
      if (!c.connected) throw new ApiError(404, 'NOT_FOUND', INTERWORK_MSG.notConnected);
      return { data: c.settings };
    });

    app.put(`${base}/setting`, {
      config: { access: INTERWORK_WRITE_RULE, input: { body: interworkSettingSchema } },
      schema: docs({ tags: TAG, summary: `${platform} 발급 설정 저장`, description: '보낸 필드만 바뀝니다. 고객·적립금 연동은 STARTER와 STANDARD에서 FEATURE_DISABLED.', body: partialBodyFromYup(interworkSettingSchema, '설정', settingsFields), response: { 200: ok('저장됨'), ...refusals } }),
    }, async (request) => ({ data: await saveSettings(app.db, principalOf(request), platform, request.body as Partial<InterworkSettings>, app.clock.now()) }));

    app.get(`${base}/orders`, {
      config: { access: INTERWORK_RULE },
      schema: docs({ tags: TAG, summary: `${platform} 주문 상품 (동기화됨)`, querystring: pagingDocs(), response: { 200: ok('목록', obj('목록', { list: { type: 'array', items: lineDoc }, total: { type: 'integer', description: '전체' } })), ...refusals } }),
    }, async (request) => ({ data: await listLines(app.db, principalOf(request).tenantIdx, platform, pagingOf(request.query)) }));

    app.post(`${base}/order/confirm`, {
      config: { access: INTERWORK_WRITE_RULE, input: { body: orderConfirmSchema } },
      schema: docs({ tags: TAG, summary: `${platform} 주문 보증서 수동 발급`, description: '배송완료된 주문 상품 하나에 보증서를 발급합니다. 이미 발급됐으면 그 보증서를 답합니다.', body: bodyFromYup(orderConfirmSchema, '주문', { orderIdx: '주문 상품 idx' }), response: { 200: ok('발급 결과'), ...refusals } }),
    }, async (request) => ({ data: await issueByHand(depsOf(app), principalOf(request).tenantIdx, platform, (request.body as Checked<typeof orderConfirmSchema>).orderIdx) }));

    app.post(`${base}/sync`, {
      config: { access: INTERWORK_WRITE_RULE },
      schema: docs({ tags: TAG, summary: `${platform} 지금 동기화`, description: '다음 동기화를 지금으로 당깁니다 (작업이 곧 가져감).', response: { 200: ok('예약됨'), ...refusals } }),
    }, async (request) => {
      const c = await connectionOrThrow(app.db, principalOf(request).tenantIdx, platform);
      await syncSoon(app.db, c.tenantIdx, c.idx, app.clock.now());
      return { data: { queued: true } };
    });
  };
  platformRoutes('cafe24', C);
  platformRoutes('naver', N);

  app.post(`${C}/confirm`, {
    config: { access: INTERWORK_WRITE_RULE, input: { body: launchTokenSchema } },
    schema: docs({ tags: TAG, summary: 'Cafe24 앱 실행 연동 확인', description: '앱 실행 주소(/cafe24/init)가 준 토큰으로 이 계정에 연동을 시작하고, 쇼핑몰 인증 주소를 답합니다. 고객 연동(/cafe24-customer/init)은 STARTER·STANDARD, 멤버십 연동은 STARTER·STANDARD에서 FEATURE_DISABLED.', body: bodyFromYup(launchTokenSchema, '토큰', { token: '/b2b/interwork/cafe24/{token}의 토큰' }), response: { 200: ok('인증 주소', obj('인증', { authorizeUrl: str('Cafe24 OAuth 인증 주소'), mallId: str('mall_id') })), ...refusals } }),
  }, async (request) => {
    const { mallId, state } = await takeLaunch(app.db, principalOf(request), (request.body as Checked<typeof launchTokenSchema>).token, app.clock.now());
    return { data: { authorizeUrl: authorizeUrl(app.config, mallId, state), mallId } };
  });

  app.post(`${C}/customer/confirm`, {
    config: { access: INTERWORK_CUSTOMER_RULE },
    schema: docs({ tags: TAG, summary: 'Cafe24 고객·적립금 연동 켜기', description: 'STARTER와 STANDARD 요금제에서는 FEATURE_DISABLED (이용할 수 없는 기능이에요).', response: { 200: ok('저장됨'), ...refusals } }),
  }, async (request) => ({ data: await saveSettings(app.db, principalOf(request), 'cafe24', { customerSync: true, pointSync: true }, app.clock.now()) }));

  app.post(`${C}/points/:idx/retry`, {
    config: {
      audit: { action: 'customer.points.retry' },
      access: INTERWORK_CUSTOMER_RULE, input: { params: idxParams(CUSTOMER_MSG.pointChangeNotFound) },
    },
    schema: docs({
      tags: TAG, summary: '쇼핑몰 적립금 반영 다시 보내기', params: obj('경로', { idx: { type: 'integer', description: '고객 포인트 내역 idx' } }),
      description: '쇼핑몰이 거절한 (mallSync FAILED) 포인트 변경을 같은 키로 다시 보냅니다 (PENDING, 작업이 곧 보냄). 이미 PENDING이나 SENT면 바꾸지 않고 그 상태를 답합니다. STARTER와 STANDARD에서는 FEATURE_DISABLED.',
      response: { 200: ok('상태', obj('상태', { pointIdx: { type: 'integer', description: '포인트 내역 idx' }, mallSync: str('PENDING | SENT') })), ...refusals },
    }),
  }, async (request) => ({ data: await retryPointChange(app.db, principalOf(request).tenantIdx, (request.params as { idx: number }).idx, app.clock.now()) }));

  app.get(`${C}/product-info`, {
    config: { access: INTERWORK_RULE },
    schema: docs({ tags: TAG, summary: 'Cafe24 상품 목록', description: '보증서 발급 상품을 고르는 목록 (쇼핑몰에서 읽음).', response: { 200: ok('상품'), ...refusals } }),
  }, async (request) => {
    const c = await connectionOrThrow(app.db, principalOf(request).tenantIdx, 'cafe24');
    try {
      return { data: { list: await (await cafe24ApiOf(depsOf(app), c)).products(c.shopNo) } };
    } catch (err) {
      if (err instanceof PlatformError) throw new ApiError(502, 'INTERNAL_ERROR', INTERWORK_MSG.platformUnavailable);
      throw err;
    }
  });

  const leave = (path: string, platform: Platform, summary: string) => app.post(path, {
    config: { access: INTERWORK_WRITE_RULE, input: { body: leaveReasonSchema } },
    schema: docs({ tags: TAG, summary, description: '토큰과 시크릿을 지우고 동기화를 멈춥니다. 가져온 주문과 발급한 보증서는 남습니다.', body: bodyFromYup(leaveReasonSchema, '사유', { reason: '연동 해제 사유 (500자까지)' }), response: { 200: ok('해제됨'), ...refusals } }),
  }, async (request) => {
    const c = await connectionOrThrow(app.db, principalOf(request).tenantIdx, platform);
    await disconnect(app.db, c, (request.body as Checked<typeof leaveReasonSchema>).reason, app.clock.now());
    return { data: { disconnected: true } };
  });
  leave(`${C}/leave-reason`, 'cafe24', 'Cafe24 연동 해제 (사유)');
  leave(`${N}/delete`, 'naver', '네이버 연동 해제 (사유)');

  app.post(`${N}/subscribe`, {
    config: { access: INTERWORK_WRITE_RULE, input: { body: naverSubscribeSchema } },
    schema: docs({ tags: TAG, summary: '네이버 커머스 연동', description: '애플리케이션 ID와 시크릿으로 토큰을 받아 확인한 뒤 연동합니다. 시크릿은 저장되지만 다시 내보내지 않습니다.', body: bodyFromYup(naverSubscribeSchema, '애플리케이션', { clientId: '애플리케이션 ID', clientSecret: '애플리케이션 시크릿' }), response: { 200: ok('연동됨', connectionDoc), ...refusals } }),
  }, async (request) => {
    const { clientId, clientSecret } = request.body as Checked<typeof naverSubscribeSchema>;
    if (!isBcryptSalt(clientSecret)) throw validationFailed({ clientSecret: INTERWORK_MSG.credentialsRejected }, INTERWORK_MSG.credentialsRejected);
    const principal = principalOf(request);
    const now = app.clock.now();
    let token;
    try {
      token = await naverToken(app.config, clientId, clientSecret, now);
    } catch (err) {
      if (err instanceof PlatformError && err.kind !== 'unavailable') throw validationFailed({ clientSecret: INTERWORK_MSG.credentialsRejected }, INTERWORK_MSG.credentialsRejected);
      if (err instanceof PlatformError) throw new ApiError(502, 'INTERNAL_ERROR', INTERWORK_MSG.platformUnavailable);
      throw err;
    }
    await connect(app.db, principal.tenantIdx, 'naver', clientId, 1, 'ORDER', { accessToken: token.accessToken, accessTokenExpiresAt: token.expiresAt, clientSecret }, now);
    return { data: await connectionRecord(app.db, principal.tenantIdx, 'naver') };
  });

  // Cafe24's webhooks (orders changed, the app deleted). The payload is a hint only: the order is read
  // from the API with the mall's token, so a forged call can at most make us read an order again.
  const webhookKey = Buffer.from(app.config.shop.cafe24.webhookKey);
  app.post('/cafe24/v1/webhook', {
    config: { public: true, rateLimit: perIp(600), input: { body: webhookSchema } },
    schema: docs({ tags: TAG, isPublic: true, summary: 'Cafe24 웹훅', description: 'x-api-key 헤더가 설정된 웹훅 키와 같아야 합니다. 주문 이벤트는 주문을 API로 다시 읽어 반영하고, 앱 삭제(90077)는 연동을 해제합니다.', body: bodyFromYup(webhookSchema, '이벤트', { event_no: '이벤트 번호', resource: '리소스 (mall_id, order_id)' }), response: { 200: ok('받음'), 400: refusals[400], 401: errorEnvelope('INVALID_TOKEN: 웹훅 키가 다름') } }),
  }, async (request) => {
    const given = Buffer.from(String(request.headers['x-api-key'] ?? ''));
    if (given.length !== webhookKey.length || !timingSafeEqual(given, webhookKey)) throw new ApiError(401, 'INVALID_TOKEN', INTERWORK_MSG.launchRefused);
    const { event_no: event, resource } = request.body as Checked<typeof webhookSchema>;
    const [c] = await app.db.select().from(shopConnections)
      .where(and(eq(shopConnections.platform, 'cafe24'), eq(shopConnections.mallId, resource.mall_id), ne(shopConnections.status, 'DISCONNECTED'))).limit(1);
    if (!c) return { data: { accepted: false } };
    const now = app.clock.now();
    if (event === CAFE24_APP_DELETED_EVENT) {
      await disconnect(app.db, c, 'APP_REMOVED', now);
      return { data: { accepted: true } };
    }
    if (!resource.order_id || c.status !== 'CONNECTED') return { data: { accepted: true } };
    const deps = depsOf(app);
    try {
      const order = await (await cafe24ApiOf(deps, c)).order(resource.order_id, c.shopNo);
      if (order) await ingestLines(deps, c, cafe24Lines(order), now);
    } catch (err) {
      if (!(err instanceof PlatformError)) throw err;
      // The platform is busy or down: the poll reads it from the cursor.
      await syncSoon(app.db, c.tenantIdx, c.idx, now);
    }
    return { data: { accepted: true } };
  });
};
