import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { and, count, countDistinct, desc, eq, gte, ilike, inArray, isNull, or } from 'drizzle-orm';
import {
  analyticsEvents, asRequests, brandSuspensions, errorReports, brands, creditAccounts, creditLedger, customers, messageCampaigns, nfts, operators, partnerships, plans, subscriptions,
} from '../../db/schema';
import {
  OPS_ACCESS, OPS_MSG, maskEmail, maskName, maskPhone, newOperatorSchema, operatorSignInSchema, revealSchema, suspendSchema,
  type RevealableField,
} from '../../../src/domain/operators';
import { auditQuerySchema, type AuditQuery } from '../../../src/domain/audit';
import { FIELD_MSG } from '../../../src/domain/messages';
import { ApiError, notFound, tooManyRequests } from '../../http/errors';
import type { Checked } from '../../http/routeInput';
import { perIp } from '../../http/rateLimit';
import { failureLimiter } from '../../http/failureLimiter';
import { docs, errorEnvelope, obj, ok, str } from '../../http/docs';
import { bodyFromYup, partialBodyFromYup } from '../../http/yupDocs';
import { idxParams, parseIdx } from '../../http/params';
import { idxJson } from '../../../src/domain/integers';
import { hashPassword, verifyDecoy, verifyPassword } from '../accounts/passwords';
import { valuesDetail } from '../../audit/audit';
import { listAudit, auditRowDoc } from '../../audit/query';
import { createOperatorSession, findOperatorByEmail, revokeOperatorSession } from './operatorSessions';
import { opsNoticeRoutes } from './noticeRoutes';

/**
 * The operator console's API (issue 27, docs/roles.md "Operators", docs/api/ops.md), under /api/ops.
 * Every route declares `config.operatorAccess` (a brand token is unknown here: 401) and `config.audit`
 * (server/audit/audit.ts: a read is logged before its handler runs, a write with its outcome).
 * A brand's records are read by naming the brand (`/brands/{tenantIdx}/…`): every query filters by
 * that tenant, as a brand's own routes filter by the session's. Personal data (names, phones,
 * e-mails) is masked; `POST …/customers/{idx}/reveal` shows one field for a stated reason, logged.
 */
const TAG = ['ops: operator console'];
const SIGN_IN_FAILURES_PER_MINUTE = 10;
const LIST_LIMIT = 50;

const tenantParams = idxParams(undefined, 'tenantIdx');
/** `{ tenantIdx, idx }` of a brand's row. */
const tenantRowParams = Object.assign(
  (raw: unknown) => {
    const r = (raw ?? {}) as Record<string, unknown>;
    return { tenantIdx: parseIdx(r.tenantIdx), idx: parseIdx(r.idx) };
  },
  { accepts: { tenantIdx: idxJson(), idx: idxJson() } },
);
const tenantParamDoc = obj('브랜드', { tenantIdx: { ...idxJson('브랜드 (메인 계정 idx)') } });
const tenantRowParamDoc = obj('브랜드와 행', { tenantIdx: idxJson('브랜드 (메인 계정 idx)'), idx: idxJson('행 idx') });
const searchSchema = yup.object({ name: yup.string().trim().required('브랜드명을 입력해 주세요').max(100, '100자까지 입력해 주세요') }).noUnknown();
const listOf = (description: string) => ok(description, obj('목록', { list: { type: 'array', items: { type: 'object' } } }));
const refusals = { 401: errorEnvelope('UNAUTHORIZED'), 403: errorEnvelope('FORBIDDEN_ROLE'), 404: errorEnvelope('NOT_FOUND') };
/** A main account: its parent is itself (or none). */
const isMain = or(isNull(partnerships.parentIdx), eq(partnerships.parentIdx, partnerships.idx));
const tenantOf = (request: FastifyRequest) => (request.params as { tenantIdx: number }).tenantIdx;

export const opsRoutes: FastifyPluginAsync = async (app) => {
  // The document names the operator's session as these routes' security (a partner's bearer token is refused here).
  app.addHook('onRoute', (route) => {
    if ((route.config as { operatorAccess?: unknown } | undefined)?.operatorAccess) route.schema = { ...route.schema, security: [{ operatorBearer: [] }] };
  });
  await app.register(opsNoticeRoutes);
  const signInTries = failureLimiter(app.db, { name: 'ops-sign-in', max: SIGN_IN_FAILURES_PER_MINUTE, windowMs: 60_000, now: () => app.clock.now() });

  /** The brand (a b2b main account) or 404. */
  async function brandOr404(tenantIdx: number) {
    const [row] = await app.db.select().from(partnerships)
      .where(and(eq(partnerships.idx, tenantIdx), isMain, eq(partnerships.adminType, 'b2b'))).limit(1);
    if (!row) throw notFound();
    return row;
  }

  app.post('/v1/operators/sign-in', {
    config: { public: true, rateLimit: perIp(60), input: { body: operatorSignInSchema } },
    schema: docs({
      tags: TAG, summary: '운영자 로그인', isPublic: true,
      description: '플랫폼 운영자(지원 담당, 관리자)의 로그인. 브랜드 계정으로는 로그인할 수 없습니다. 세션은 6시간.',
      body: bodyFromYup(operatorSignInSchema, '로그인 정보', { email: '이메일', password: '비밀번호' }),
      response: { 200: ok('세션', obj('세션', { token: str('Bearer 토큰'), expiresAt: str('만료 시각') })), 401: errorEnvelope('INVALID_CREDENTIALS'), 429: errorEnvelope('TOO_MANY_REQUESTS') },
    }),
  }, async (request) => {
    const { email, password } = request.body as Checked<typeof operatorSignInSchema>;
    const key = `${request.ip}|${email.toLowerCase()}`;
    if (!(await signInTries.take(key))) throw tooManyRequests(FIELD_MSG.tooManyAttempts);
    const operator = await findOperatorByEmail(app.db, email);
    const passwordOk = operator ? await verifyPassword(operator.passwordHash, password) : await verifyDecoy(password);
    if (!operator || !passwordOk) throw new ApiError(401, 'INVALID_CREDENTIALS', FIELD_MSG.invalidCredentials);
    await signInTries.forgive(key);
    return { data: await createOperatorSession(app.db, operator.idx, app.clock.now()) };
  });

  app.post('/v1/operators/sign-out', {
    config: { operatorAccess: OPS_ACCESS.read },
    schema: docs({ tags: TAG, summary: '운영자 로그아웃', response: { 200: ok('처리됨', { type: 'null' }), 401: refusals[401] } }),
  }, async (request) => {
    await revokeOperatorSession(app.db, request.operator!.tokenHash, app.clock.now());
    return { data: null };
  });

  app.get('/v1/operators/me', {
    config: { operatorAccess: OPS_ACCESS.read },
    schema: docs({ tags: TAG, summary: '로그인한 운영자', response: { 200: ok('운영자', obj('운영자', { idx: { type: 'integer' }, email: str('이메일'), name: str('이름'), role: str('support | admin') })), 401: refusals[401] } }),
  }, async (request) => {
    const { operatorIdx, email, name, role } = request.operator!;
    return { data: { idx: operatorIdx, email, name, role } };
  });

  app.get('/v1/operators', {
    config: { operatorAccess: { roles: ['admin'] }, audit: { action: 'ops.operators.read' } },
    schema: docs({ tags: TAG, summary: '운영자 목록 (관리자)', response: { 200: listOf('운영자'), ...refusals } }),
  }, async () => {
    const rows = await app.db.select({ idx: operators.idx, email: operators.email, name: operators.name, role: operators.role, createdAt: operators.createdAt })
      .from(operators).orderBy(operators.idx);
    return { data: { list: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) } };
  });

  app.post('/v1/operators', {
    config: {
      operatorAccess: OPS_ACCESS.admin, input: { body: newOperatorSchema },
      audit: { action: 'ops.operator.create', detail: (r) => ({ after: { email: (r.body as { email?: string }).email, role: (r.body as { role?: string }).role } }) },
    },
    schema: docs({
      tags: TAG, summary: '운영자 추가 (관리자)',
      body: bodyFromYup(newOperatorSchema, '운영자', { email: '이메일', name: '이름', role: 'support | admin', password: '초기 비밀번호 (8자 이상)' }),
      response: { 201: ok('추가됨', obj('운영자', { idx: { type: 'integer' } })), 400: errorEnvelope('VALIDATION_FAILED'), 409: errorEnvelope('CONFLICT'), ...refusals },
    }),
  }, async (request, reply) => {
    const body = request.body as Checked<typeof newOperatorSchema>;
    if (await findOperatorByEmail(app.db, body.email)) throw new ApiError(409, 'CONFLICT', OPS_MSG.operatorEmailTaken, { email: OPS_MSG.operatorEmailTaken });
    const [row] = await app.db.insert(operators).values({
      email: body.email, name: body.name, role: body.role as 'support' | 'admin', passwordHash: await hashPassword(body.password), createdAt: app.clock.now(),
    }).returning({ idx: operators.idx });
    return reply.status(201).send({ data: { idx: row.idx } });
  });

  app.get('/v1/brands', {
    config: { operatorAccess: OPS_ACCESS.read, input: { query: searchSchema }, audit: { action: 'ops.brand.search', detail: (r) => ({ name: (r.query as { name?: string }).name }) } },
    schema: docs({
      tags: TAG, summary: '브랜드 찾기 (이름)', description: '회사명이나 브랜드명에 이름이 들어간 브랜드(메인 계정), 50개까지.',
      querystring: partialBodyFromYup(searchSchema, '검색', { name: '브랜드명 또는 회사명 (부분 일치)' }),
      response: { 200: listOf('브랜드'), 400: errorEnvelope('VALIDATION_FAILED'), 401: refusals[401] },
    }),
  }, async (request) => {
    const { name } = request.query as Checked<typeof searchSchema>;
    const pattern = `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matchingBrands = app.db.select({ t: brands.tenantIdx }).from(brands).where(ilike(brands.name, pattern));
    const rows = await app.db.select({ idx: partnerships.idx, companyName: partnerships.companyName, isLeaved: partnerships.isLeaved, suspendedAt: brandSuspensions.createdAt })
      .from(partnerships)
      .leftJoin(brandSuspensions, eq(brandSuspensions.tenantIdx, partnerships.idx))
      .where(and(isMain, eq(partnerships.adminType, 'b2b'), or(ilike(partnerships.companyName, pattern), inArray(partnerships.idx, matchingBrands))))
      .orderBy(partnerships.companyName).limit(LIST_LIMIT);
    const names = rows.length
      ? await app.db.select({ tenantIdx: brands.tenantIdx, name: brands.name }).from(brands).where(inArray(brands.tenantIdx, rows.map((r) => r.idx))).orderBy(brands.idx)
      : [];
    return {
      data: {
        list: rows.map((r) => ({
          tenantIdx: r.idx, companyName: r.companyName, brandNames: names.filter((n) => n.tenantIdx === r.idx).map((n) => n.name),
          isLeaved: r.isLeaved === 'Y', suspended: r.suspendedAt !== null,
        })),
      },
    };
  });

  app.get('/v1/brands/:tenantIdx', {
    config: { operatorAccess: OPS_ACCESS.read, input: { params: tenantParams }, audit: { action: 'ops.brand.read' } },
    schema: docs({ tags: TAG, summary: '브랜드 개요', params: tenantParamDoc, response: { 200: ok('개요'), ...refusals } }),
  }, async (request) => {
    const tenantIdx = tenantOf(request);
    const main = await brandOr404(tenantIdx);
    const [[suspension], [credit], names, [sub]] = await Promise.all([
      app.db.select().from(brandSuspensions).where(eq(brandSuspensions.tenantIdx, tenantIdx)),
      app.db.select({ balance: creditAccounts.balance }).from(creditAccounts).where(eq(creditAccounts.tenantIdx, tenantIdx)),
      app.db.select({ name: brands.name }).from(brands).where(eq(brands.tenantIdx, tenantIdx)).orderBy(brands.idx),
      app.db.select({ planName: plans.name, endDate: subscriptions.endDate, isTrial: subscriptions.isTrial, isCanceled: subscriptions.isCanceled })
        .from(subscriptions).innerJoin(plans, eq(plans.planId, subscriptions.planId))
        .where(eq(subscriptions.tenantIdx, tenantIdx)).orderBy(desc(subscriptions.startDate), desc(subscriptions.idx)).limit(1),
    ]);
    return {
      data: {
        tenantIdx, companyName: main.companyName, brandNames: names.map((n) => n.name), email: maskEmail(main.email), phone: maskPhone(main.phoneNum),
        businessNum: main.businessNum, createdAt: main.createdAt.toISOString(), isLeaved: main.isLeaved === 'Y',
        suspended: suspension ? { reason: suspension.reason, at: suspension.createdAt.toISOString() } : null,
        creditBalance: credit?.balance ?? 0,
        plan: sub ? { name: sub.planName, endDate: sub.endDate?.toISOString() ?? null, isTrial: sub.isTrial, isCanceled: sub.isCanceled } : null,
      },
    };
  });

  app.get('/v1/brands/:tenantIdx/accounts', {
    config: { operatorAccess: OPS_ACCESS.read, input: { params: tenantParams }, audit: { action: 'ops.accounts.read' } },
    schema: docs({ tags: TAG, summary: '브랜드의 계정 (메인과 하위, 가려진 개인정보)', params: tenantParamDoc, response: { 200: listOf('계정'), ...refusals } }),
  }, async (request) => {
    const tenantIdx = tenantOf(request);
    await brandOr404(tenantIdx);
    const rows = await app.db.select().from(partnerships).where(or(eq(partnerships.idx, tenantIdx), eq(partnerships.parentIdx, tenantIdx))).orderBy(partnerships.idx);
    return {
      data: {
        list: rows.map((r) => ({
          idx: r.idx, main: r.idx === tenantIdx, name: maskName(r.companyName), email: maskEmail(r.email), phone: maskPhone(r.phoneNum),
          emailConfirmed: r.emailConfirmedAt !== null, isLeaved: r.isLeaved === 'Y', createdAt: r.createdAt.toISOString(),
        })),
      },
    };
  });

  app.get('/v1/brands/:tenantIdx/subscriptions', {
    config: { operatorAccess: OPS_ACCESS.read, input: { params: tenantParams }, audit: { action: 'ops.subscriptions.read' } },
    schema: docs({ tags: TAG, summary: '브랜드의 구독', params: tenantParamDoc, response: { 200: listOf('구독'), ...refusals } }),
  }, async (request) => {
    const tenantIdx = tenantOf(request);
    await brandOr404(tenantIdx);
    const rows = await app.db.select({ sub: subscriptions, planName: plans.name }).from(subscriptions).innerJoin(plans, eq(plans.planId, subscriptions.planId))
      .where(eq(subscriptions.tenantIdx, tenantIdx)).orderBy(desc(subscriptions.startDate)).limit(LIST_LIMIT);
    return {
      data: {
        list: rows.map(({ sub, planName }) => ({
          idx: sub.idx, planName, startDate: sub.startDate.toISOString(), endDate: sub.endDate?.toISOString() ?? null, isTrial: sub.isTrial, isCanceled: sub.isCanceled,
        })),
      },
    };
  });

  app.get('/v1/brands/:tenantIdx/guarantees', {
    config: { operatorAccess: OPS_ACCESS.read, input: { params: tenantParams }, audit: { action: 'ops.guarantees.read' } },
    schema: docs({ tags: TAG, summary: '브랜드의 보증서와 멤버십 (최근 50건, 가려진 주문자)', params: tenantParamDoc, response: { 200: listOf('보증서'), ...refusals } }),
  }, async (request) => {
    const tenantIdx = tenantOf(request);
    await brandOr404(tenantIdx);
    const rows = await app.db.select({
      idx: nfts.idx, nftNumber: nfts.nftNumber, nftType: nfts.nftType, nftStatus: nfts.nftStatus, productName: nfts.productName,
      ordererName: nfts.ordererName, ordererTel: nfts.ordererTel, createdAt: nfts.createdAt,
    }).from(nfts).where(and(eq(nfts.tenantIdx, tenantIdx), isNull(nfts.deletedAt))).orderBy(desc(nfts.createdAt), desc(nfts.idx)).limit(LIST_LIMIT);
    return {
      data: {
        list: rows.map((r) => ({ ...r, ordererName: maskName(r.ordererName), ordererTel: maskPhone(r.ordererTel), createdAt: r.createdAt.toISOString() })),
      },
    };
  });

  const maskedCustomer = (r: typeof customers.$inferSelect) => ({
    idx: r.idx, name: maskName(r.name), phone: maskPhone(r.phone), email: maskEmail(r.email), countryCode: r.countryCode,
    agreeMarketing: r.agreeMarketing, hasWallet: r.hasWallet, createdAt: r.createdAt.toISOString(),
  });

  app.get('/v1/brands/:tenantIdx/customers', {
    config: { operatorAccess: OPS_ACCESS.read, input: { params: tenantParams }, audit: { action: 'ops.customers.read' } },
    schema: docs({ tags: TAG, summary: '브랜드의 고객 (최근 50명, 가려진 개인정보)', params: tenantParamDoc, response: { 200: listOf('고객'), ...refusals } }),
  }, async (request) => {
    const tenantIdx = tenantOf(request);
    await brandOr404(tenantIdx);
    const rows = await app.db.select().from(customers).where(eq(customers.tenantIdx, tenantIdx)).orderBy(desc(customers.createdAt), desc(customers.idx)).limit(LIST_LIMIT);
    return { data: { list: rows.map(maskedCustomer) } };
  });

  async function customerOr404(tenantIdx: number, idx: number) {
    const [row] = await app.db.select().from(customers).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, idx))).limit(1);
    if (!row) throw notFound();
    return row;
  }

  app.get('/v1/brands/:tenantIdx/customers/:idx', {
    config: { operatorAccess: OPS_ACCESS.read, input: { params: tenantRowParams }, audit: { action: 'ops.customer.read' } },
    schema: docs({ tags: TAG, summary: '고객 상세 (가려진 개인정보)', params: tenantRowParamDoc, response: { 200: ok('고객'), ...refusals } }),
  }, async (request) => {
    const { tenantIdx, idx } = request.params as { tenantIdx: number; idx: number };
    await brandOr404(tenantIdx);
    const row = await customerOr404(tenantIdx, idx);
    return { data: { ...maskedCustomer(row), gender: row.gender, birthday: row.birthday ? `${row.birthday.slice(0, 4)}****` : null } };
  });

  app.post('/v1/brands/:tenantIdx/customers/:idx/reveal', {
    config: {
      operatorAccess: OPS_ACCESS.reveal, input: { params: tenantRowParams, body: revealSchema },
      audit: { action: 'ops.customer.reveal', detail: (r) => ({ field: (r.body as { field?: string }).field, reason: (r.body as { reason?: string }).reason }) },
    },
    schema: docs({
      tags: TAG, summary: '가려진 개인정보 하나 보기 (사유 필수, 감사 로그에 남음)',
      params: tenantRowParamDoc,
      body: bodyFromYup(revealSchema, '열람', { field: 'name | phone | email', reason: '열람 사유 (5~200자)' }),
      response: { 200: ok('값', obj('값', { field: str('필드'), value: str('가리지 않은 값') })), 400: errorEnvelope('VALIDATION_FAILED'), ...refusals },
    }),
  }, async (request) => {
    const { tenantIdx, idx } = request.params as { tenantIdx: number; idx: number };
    const { field } = request.body as Checked<typeof revealSchema>;
    await brandOr404(tenantIdx);
    const row = await customerOr404(tenantIdx, idx);
    const value: Record<RevealableField, string | null> = { name: row.name, phone: row.phone, email: row.email };
    return { data: { field, value: value[field as RevealableField] } };
  });

  app.get('/v1/brands/:tenantIdx/as-requests', {
    config: { operatorAccess: OPS_ACCESS.read, input: { params: tenantParams }, audit: { action: 'ops.asRequests.read' } },
    schema: docs({ tags: TAG, summary: '브랜드의 A/S 요청 (최근 50건, 가려진 개인정보)', params: tenantParamDoc, response: { 200: listOf('A/S 요청'), ...refusals } }),
  }, async (request) => {
    const tenantIdx = tenantOf(request);
    await brandOr404(tenantIdx);
    const rows = await app.db.select({
      idx: asRequests.idx, type: asRequests.type, status: asRequests.status, nftNumber: asRequests.nftNumber, productName: asRequests.productName,
      customerName: asRequests.customerName, receiverPhone: asRequests.receiverPhone, createdAt: asRequests.createdAt,
    }).from(asRequests).where(eq(asRequests.tenantIdx, tenantIdx)).orderBy(desc(asRequests.createdAt), desc(asRequests.idx)).limit(LIST_LIMIT);
    return {
      data: { list: rows.map((r) => ({ ...r, customerName: maskName(r.customerName), receiverPhone: maskPhone(r.receiverPhone), createdAt: r.createdAt.toISOString() })) },
    };
  });

  app.get('/v1/brands/:tenantIdx/messages', {
    config: { operatorAccess: OPS_ACCESS.read, input: { params: tenantParams }, audit: { action: 'ops.messages.read' } },
    schema: docs({ tags: TAG, summary: '브랜드의 메시지 캠페인 (최근 50건)', params: tenantParamDoc, response: { 200: listOf('캠페인'), ...refusals } }),
  }, async (request) => {
    const tenantIdx = tenantOf(request);
    await brandOr404(tenantIdx);
    // The campaigns' own fields only: no recipient or message text, which may hold a customer's data.
    const rows = await app.db.select({
      idx: messageCampaigns.idx, kind: messageCampaigns.kind, status: messageCampaigns.status, messageTitle: messageCampaigns.messageTitle,
      messageType: messageCampaigns.messageType, sendAt: messageCampaigns.sendAt, sendCount: messageCampaigns.sendCount,
      successCount: messageCampaigns.successCount, failCount: messageCampaigns.failCount, messageCost: messageCampaigns.messageCost,
    }).from(messageCampaigns).where(eq(messageCampaigns.tenantIdx, tenantIdx)).orderBy(desc(messageCampaigns.idx)).limit(LIST_LIMIT);
    return { data: { list: rows.map((r) => ({ ...r, sendAt: r.sendAt?.toISOString() ?? null })) } };
  });

  app.get('/v1/brands/:tenantIdx/credit', {
    config: { operatorAccess: OPS_ACCESS.read, input: { params: tenantParams }, audit: { action: 'ops.credit.read' } },
    schema: docs({ tags: TAG, summary: '브랜드의 크레딧 (잔액, 최근 50건)', params: tenantParamDoc, response: { 200: ok('크레딧'), ...refusals } }),
  }, async (request) => {
    const tenantIdx = tenantOf(request);
    await brandOr404(tenantIdx);
    const [[account], ledger] = await Promise.all([
      app.db.select().from(creditAccounts).where(eq(creditAccounts.tenantIdx, tenantIdx)),
      app.db.select().from(creditLedger).where(eq(creditLedger.tenantIdx, tenantIdx)).orderBy(desc(creditLedger.createdAt), desc(creditLedger.entryIdx)).limit(LIST_LIMIT),
    ]);
    return {
      data: {
        balance: account?.balance ?? 0, autoRechargeActivated: account?.autoRechargeActivated ?? false,
        list: ledger.map((l) => ({ idx: l.entryIdx, kind: l.kind, amount: l.amount, balanceAfter: l.balanceAfter, createdAt: new Date(l.createdAt).toISOString() })),
      },
    };
  });

  app.get('/v1/audit-log', {
    config: {
      operatorAccess: OPS_ACCESS.read, input: { query: auditQuerySchema },
      audit: { action: 'ops.audit.read', detail: (r) => ({ tenantIdx: (r.query as { tenantIdx?: number }).tenantIdx ?? null }) },
    },
    schema: docs({
      tags: TAG, summary: '감사 로그 (모든 브랜드)', description: 'tenantIdx로 한 브랜드만. 최신순.',
      querystring: partialBodyFromYup(auditQuerySchema, '필터', {
        action: '작업', outcome: 'ok | refused', actorKind: 'partner | operator', from: 'YYYY-MM-DD (Asia/Seoul)', to: 'YYYY-MM-DD (Asia/Seoul)',
        page: '1부터', pageSize: '25 | 50 | 100', tenantIdx: '브랜드 (0: 플랫폼 작업)',
      }),
      response: { 200: ok('로그', obj('로그', { total: { type: 'integer' }, list: { type: 'array', items: auditRowDoc } })), 400: errorEnvelope('VALIDATION_FAILED'), 401: refusals[401] },
    }),
  }, async (request) => {
    const q = request.query as AuditQuery;
    return { data: await listAudit(app.db, q.tenantIdx ?? undefined, q) };
  });

  // The local analytics provider's tables (server/providers/analytics): page views by path and the latest errors, the last 7 days.
  app.get('/v1/analytics/pageviews', {
    config: { operatorAccess: OPS_ACCESS.read },
    schema: docs({ tags: TAG, summary: '페이지 조회 수 (최근 7일, 경로별 상위 50)', response: { 200: listOf('경로별 조회 수'), 401: refusals[401] } }),
  }, async () => {
    const since = new Date(app.clock.now().getTime() - 7 * 24 * 60 * 60 * 1000);
    const rows = await app.db.select({ path: analyticsEvents.path, views: count(), accounts: countDistinct(analyticsEvents.distinctId) })
      .from(analyticsEvents).where(and(eq(analyticsEvents.event, 'pageview'), gte(analyticsEvents.at, since)))
      .groupBy(analyticsEvents.path).orderBy(desc(count()), analyticsEvents.path).limit(LIST_LIMIT);
    return { data: { list: rows.map((r, i) => ({ idx: i + 1, path: r.path, views: Number(r.views), accounts: Number(r.accounts) })) } };
  });

  app.get('/v1/analytics/errors', {
    config: { operatorAccess: OPS_ACCESS.read },
    schema: docs({ tags: TAG, summary: '화면 오류 보고 (최근 50건)', response: { 200: listOf('오류'), 401: refusals[401] } }),
  }, async () => {
    const rows = await app.db.select().from(errorReports).orderBy(desc(errorReports.at), desc(errorReports.idx)).limit(LIST_LIMIT);
    return { data: { list: rows.map((r) => ({ idx: r.idx, tenantIdx: r.tenantIdx, at: r.at.toISOString(), kind: r.kind, message: r.message, path: r.path })) } };
  });

  app.post('/v1/brands/:tenantIdx/suspension', {
    config: { operatorAccess: OPS_ACCESS.admin, input: { params: tenantParams, body: suspendSchema }, audit: { action: 'ops.brand.suspend', detail: valuesDetail } },
    schema: docs({
      tags: TAG, summary: '브랜드 이용 정지 (관리자)', description: '정지된 브랜드의 모든 세션(하위 계정 포함)은 BRAND_SUSPENDED로 거절됩니다.',
      params: tenantParamDoc, body: bodyFromYup(suspendSchema, '정지', { reason: '사유' }),
      response: { 200: ok('정지됨', { type: 'null' }), 400: errorEnvelope('VALIDATION_FAILED'), 409: errorEnvelope('CONFLICT: 이미 정지됨'), ...refusals },
    }),
  }, async (request) => {
    const tenantIdx = tenantOf(request);
    await brandOr404(tenantIdx);
    const { reason } = request.body as Checked<typeof suspendSchema>;
    const inserted = await app.db.insert(brandSuspensions).values({ tenantIdx, operatorIdx: request.operator!.operatorIdx, reason, createdAt: app.clock.now() })
      .onConflictDoNothing().returning({ t: brandSuspensions.tenantIdx });
    if (!inserted.length) throw new ApiError(409, 'CONFLICT', OPS_MSG.alreadySuspended);
    app.principals.forgetTenant(tenantIdx);
    return { data: null };
  });

  app.delete('/v1/brands/:tenantIdx/suspension', {
    config: { operatorAccess: OPS_ACCESS.admin, input: { params: tenantParams }, audit: { action: 'ops.brand.unsuspend' } },
    schema: docs({ tags: TAG, summary: '브랜드 정지 해제 (관리자)', params: tenantParamDoc, response: { 200: ok('해제됨', { type: 'null' }), 409: errorEnvelope('CONFLICT: 정지되지 않음'), ...refusals } }),
  }, async (request) => {
    const tenantIdx = tenantOf(request);
    await brandOr404(tenantIdx);
    const removed = await app.db.delete(brandSuspensions).where(eq(brandSuspensions.tenantIdx, tenantIdx)).returning({ t: brandSuspensions.tenantIdx });
    if (!removed.length) throw new ApiError(409, 'CONFLICT', OPS_MSG.notSuspended);
    app.principals.forgetTenant(tenantIdx);
    return { data: null };
  });
};
