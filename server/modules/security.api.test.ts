import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from '../../tests/helpers/testApp';
import { P, as, confirmedBrand } from '../../tests/helpers/accounts';
import { and } from 'drizzle-orm';
import { brands, featureSettings, partnerships, products, serviceTermsContacts, stores, subscriptions } from '../db/schema';
import { createSession } from './accounts/sessions';
import { findAccountByEmail } from './accounts/repository';
import { UNKNOWN_IDX, brandReachable, resourceEndpoints, type Endpoint, type Ids } from './securityMatrix';
import { RESOURCE_DEFINITIONS } from '../../src/domain/resources';
import { MSG } from '../../src/domain/messages';
import { FEATURES } from '../../src/domain/plans';
import { GUARANTEE_ENDPOINTS } from './guarantees/endpoints.matrix';
import { TEMPLATE_ENDPOINTS } from './templates/endpoints.matrix';
import { CUSTOMER_ENDPOINTS } from './customers/endpoints.matrix';
import { MEMBERSHIP_ENDPOINTS } from './memberships/endpoints.matrix';
import { LOUNGE_ENDPOINTS, LOUNGE_PUBLIC } from './lounge/endpoints.matrix';
import { WAITING_ENDPOINTS, WAITING_PUBLIC } from './waiting/endpoints.matrix';
import { RESERVATION_ENDPOINTS, RESERVATION_PUBLIC } from './reservations/endpoints.matrix';
import { STAMP_LOUNGE_ENDPOINTS } from './stamps/endpoints.matrix';
import { CREDIT_ENDPOINTS } from './credit/endpoints.matrix';
import { PAYMENT_CARD_ENDPOINTS } from './payment/endpoints.matrix';
import { AS_REQUEST_ENDPOINTS } from './afterService/endpoints.matrix';
import { AS_INTAKE_ENDPOINTS } from './afterService/intake.matrix';
import { AS_PARTNER_ENDPOINTS } from './afterService/partners.matrix';
import { MESSAGE_ENDPOINTS, MESSAGE_PUBLIC } from './messages/endpoints.matrix';
import { HOME_ENDPOINTS } from './onboarding/endpoints.matrix';
import { BRAND_AUDIT_ENDPOINTS, OPS_ENDPOINTS } from './ops/endpoints.matrix';
import { createOperatorSession, findOperatorByEmail } from './ops/operatorSessions';
import { OPS_MSG, type OperatorRole } from '../../src/domain/operators';
import { INTEGRATION_ENDPOINTS, INTEGRATION_PUBLIC } from './integrations/endpoints.matrix';

/** The security matrix: every endpoint, every caller (vocabulary in ./securityMatrix.ts). */
const AREA_ENDPOINTS: Endpoint[] = [
  { name: 'POST sign-out', who: 'anyAdmin', subscribed: false, request: () => ({ method: 'POST', url: `${P}/sign-out` }), consumesSession: true },
  { name: 'GET identity', who: 'anyAdmin', subscribed: false, request: () => ({ method: 'GET', url: P }) },
  { name: 'PATCH identity', who: 'anyAdmin', subscribed: false, request: () => ({ method: 'PATCH', url: P, payload: {} }) },
  { name: 'PATCH password', who: 'anyAdmin', subscribed: false, request: () => ({ method: 'PATCH', url: `${P}/password`, payload: {} }) },
  { name: 'GET brand', who: 'b2bMain', subscribed: false, request: () => ({ method: 'GET', url: `${P}/brand` }) },
  { name: 'PATCH brand', who: 'b2bMain', subscribed: false, request: () => ({ method: 'PATCH', url: `${P}/brand`, payload: {} }) },
  { name: 'GET service-terms', who: 'b2bMain', subscribed: false, request: () => ({ method: 'GET', url: `${P}/service-terms` }) },
  { name: 'PUT service-terms', who: 'b2bMain', subscribed: false, request: () => ({ method: 'PUT', url: `${P}/service-terms`, payload: {} }) },
  { name: 'GET consents', who: 'anyAdmin', subscribed: false, request: () => ({ method: 'GET', url: `${P}/consents` }) },
  { name: 'POST consents', who: 'anyAdmin', subscribed: false, request: () => ({ method: 'POST', url: `${P}/consents`, payload: {} }) },
  { name: 'GET members', who: 'b2bMain', subscribed: true, request: () => ({ method: 'GET', url: `${P}/members` }) },
  { name: 'POST members', who: 'b2bMain', subscribed: true, request: () => ({ method: 'POST', url: `${P}/members`, payload: {} }) },
  { name: 'GET member', who: 'b2bMain', subscribed: true, request: () => ({ method: 'GET', url: `${P}/members/${UNKNOWN_IDX}` }) },
  { name: 'PATCH member', who: 'b2bMain', subscribed: true, request: () => ({ method: 'PATCH', url: `${P}/members/${UNKNOWN_IDX}`, payload: {} }) },
  { name: 'DELETE member', who: 'b2bMain', subscribed: true, request: () => ({ method: 'DELETE', url: `${P}/members/${UNKNOWN_IDX}` }) },
  { name: 'POST withdraw', who: 'anyMain', subscribed: false, request: () => ({ method: 'POST', url: `${P}/withdraw`, payload: {} }) },
  { name: 'POST withdraw/cancel', who: 'anyMain', subscribed: false, request: () => ({ method: 'POST', url: `${P}/withdraw/cancel` }) },
  { name: 'GET plans', who: 'b2bMain', subscribed: false, request: () => ({ method: 'GET', url: '/api/payment/v2/plan?isActivated=Y' }) },
  { name: 'GET subscription', who: 'b2bMain', subscribed: false, request: () => ({ method: 'GET', url: '/api/payment/v2/subscription' }) },
  { name: 'GET credit account', who: 'b2bMain', subscribed: false, request: () => ({ method: 'GET', url: '/api/credit/account' }) },
  { name: 'POST products/bulk', who: 'b2b', subscribed: true, feature: 'PRODUCT', request: () => ({ method: 'POST', url: `${PRODUCTS}/bulk`, payload: {} }) },
  { name: 'DELETE product image', who: 'b2b', subscribed: true, feature: 'PRODUCT', request: () => ({ method: 'DELETE', url: `${PRODUCTS}/${UNKNOWN_IDX}/image` }) },
  { name: 'GET brand/list', who: 'b2b', subscribed: true, request: () => ({ method: 'GET', url: '/api/v1/admin/brand/list' }) },
  { name: 'POST file/upload', who: 'b2b', subscribed: true, request: () => ({ method: 'POST', url: '/api/v1/file/upload' }) },
  { name: 'POST common/file', who: 'b2b', subscribed: true, request: () => ({ method: 'POST', url: '/api/v1/common/file', payload: {} }) },
  { name: 'POST common/file/upload', who: 'b2b', subscribed: true, request: () => ({ method: 'POST', url: '/api/v1/common/file/upload', payload: {} }) },
];
const PRODUCTS = '/api/v1/admin/partners-product';
const ENDPOINTS: Endpoint[] = [...AREA_ENDPOINTS, ...RESOURCE_DEFINITIONS.flatMap(resourceEndpoints), ...GUARANTEE_ENDPOINTS, ...TEMPLATE_ENDPOINTS, ...CUSTOMER_ENDPOINTS, ...MEMBERSHIP_ENDPOINTS, ...STAMP_LOUNGE_ENDPOINTS, ...LOUNGE_ENDPOINTS, ...CREDIT_ENDPOINTS, ...PAYMENT_CARD_ENDPOINTS, ...AS_REQUEST_ENDPOINTS, ...AS_INTAKE_ENDPOINTS, ...AS_PARTNER_ENDPOINTS, ...MESSAGE_ENDPOINTS, ...WAITING_ENDPOINTS, ...RESERVATION_ENDPOINTS, ...HOME_ENDPOINTS, ...BRAND_AUDIT_ENDPOINTS, ...INTEGRATION_ENDPOINTS];
/** The endpoints a brand account may reach (the non-subscriber and feature checks are a brand's). */
const BRAND_ENDPOINTS = ENDPOINTS.filter(brandReachable);

/** Public routes: reachable without a token (their own checks are covered elsewhere). */
const PUBLIC: { name: string; request: InjectOptions; route?: string; code?: string }[] = [
  { name: 'POST sign-in', request: { method: 'POST', url: `${P}/sign-in`, payload: {} } },
  { name: 'POST sign-up', request: { method: 'POST', url: `${P}/sign-up`, payload: {} } },
  { name: 'GET email/duplication', request: { method: 'GET', url: `${P}/email/duplication?email=a@example.test` } },
  { name: 'GET businessNo/duplication', request: { method: 'GET', url: `${P}/businessNo/duplication?businessNo=1208123456` } },
  { name: 'POST email/confirm', request: { method: 'POST', url: `${P}/email/confirm`, payload: {} } },
  { name: 'GET email/confirm', request: { method: 'GET', url: `${P}/email/confirm?token=x` } },
  { name: 'POST password/reset', request: { method: 'POST', url: `${P}/password/reset`, payload: {} } },
  { name: 'PUT password', request: { method: 'PUT', url: `${P}/password`, payload: {} } },
  { name: 'GET dev/outbox', request: { method: 'GET', url: '/api/dev/outbox?to=nobody@example.test' } },
  { name: 'GET dev/messages', request: { method: 'GET', url: '/api/dev/messages?phone=01000000000' } },
  { name: 'PUT dev/clock', request: { method: 'PUT', url: '/api/dev/clock', payload: { at: 'not a time' } } },
  { name: 'POST dev/jobs/subscription-renewals', request: { method: 'POST', url: '/api/dev/jobs/subscription-renewals' } },
  { name: 'POST dev/jobs/waiting-no-shows', request: { method: 'POST', url: '/api/dev/jobs/waiting-no-shows' } },
  { name: 'POST dev/jobs/reservation-reminders', request: { method: 'POST', url: '/api/dev/jobs/reservation-reminders' } },
  { name: 'POST dev/credit/debit', request: { method: 'POST', url: '/api/dev/credit/debit', payload: {} } },
  { name: 'GET media file', request: { method: 'GET', url: `/api/media/files/1/${'a'.repeat(32)}.png` }, route: 'GET /api/media/files/{tenantIdx}/{name}' },
  // Its own check is the URL's signature: refused with INVALID_TOKEN, never UNAUTHORIZED.
  {
    name: 'PUT media upload', request: { method: 'PUT', url: `/api/media/upload/1/${'a'.repeat(32)}.png?expires=1&signature=x`, payload: Buffer.from('x'), headers: { 'content-type': 'image/png' } },
    route: 'PUT /api/media/upload/{tenantIdx}/{name}', code: 'INVALID_TOKEN',
  },
  // The public certificate: the token is the capability (unknown token -> 404, never 401/403).
  { name: 'GET public certificate', request: { method: 'GET', url: `/api/v1/public/certificate/${'a'.repeat(32)}` }, route: 'GET /api/v1/public/certificate/{token}' },
  { name: 'GET certificate page', request: { method: 'GET', url: `/certificate/${'a'.repeat(32)}` } },
  ...LOUNGE_PUBLIC,
  ...MESSAGE_PUBLIC,
  ...WAITING_PUBLIC,
  ...RESERVATION_PUBLIC,
  { name: 'POST ops sign-in', request: { method: 'POST', url: '/api/ops/v1/operators/sign-in', payload: {} } },
  ...INTEGRATION_PUBLIC,
];

type Role = 'brand' | 'staff' | 'repair' | 'laundry';
const ROLE_EMAIL: Record<Role, string> = { brand: 'brand@demo.test', staff: 'staff@demo.test', repair: 'repair@demo.test', laundry: 'laundry@demo.test' };

function expectedRefusal(role: Role, { who, partners }: Pick<Endpoint, 'who' | 'partners'>): string | null {
  if (who === 'repairer') return role === 'repair' ? null : 'FORBIDDEN_ROLE';
  if (who === 'launderer') return role === 'laundry' ? null : 'FORBIDDEN_ROLE';
  const partner = role === 'repair' || role === 'laundry';
  if (partner && partners?.includes(role)) return null;
  if (partner && (who === 'b2b' || who === 'b2bMain')) return 'FORBIDDEN_ROLE';
  if (role === 'staff' && (who === 'anyMain' || who === 'b2bMain')) return 'SUB_ACCOUNT_FORBIDDEN';
  return null;
}

let t: TestApp;
let ids: Ids;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  ids = { bMemberIdx: (await findAccountByEmail(t.database.db, 'other-staff@demo.test'))!.idx };
});
afterAll(() => t.close());

/** Sessions are made directly, so the matrix does not spend the sign-in rate limit. */
async function sessionOf(email: string): Promise<string> {
  const account = await findAccountByEmail(t.database.db, email);
  return (await createSession(t.database.db, account!, t.clock.now())).token;
}

const tokens = new Map<Role, string>();
async function tokenFor(role: Role, fresh = false) {
  if (fresh) return sessionOf(ROLE_EMAIL[role]);
  if (!tokens.has(role)) tokens.set(role, await sessionOf(ROLE_EMAIL[role]));
  return tokens.get(role)!;
}

const ROLES: Role[] = ['brand', 'staff', 'repair', 'laundry'];
describe(`security matrix (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('covers every API route the server registers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const registered = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    const covered = [
      ...[...ENDPOINTS.filter((e) => !e.route).map((e) => e.request(ids)), ...PUBLIC.filter((p) => !p.route).map((p) => p.request), ...OPS_ENDPOINTS.map((o) => { const r = o.request(); return { ...r, url: String(r.url).replace(/\/brands\/\d+/, '/brands/{tenantIdx}') }; })].map(
        (r) => `${r.method} ${String(r.url).split('?')[0].replace(/\/\d+(?=\/|$)/g, '/{idx}')}`,
      ),
      ...[...ENDPOINTS, ...PUBLIC].flatMap((p) => (p.route ? [p.route] : [])),
    ];
    for (const route of registered) expect(covered, route).toContain(route);
  });

  it.each(ENDPOINTS.map((e) => [e.name, e] as const))('%s without a token answers 401', async (_, e) => {
    const res = await t.app.inject(e.request(ids));
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it.each(PUBLIC.map((p) => [p.name, p] as const))('%s is public', async (_, p) => {
    const res = await t.app.inject(p.request);
    if (p.code) expect(res.json().code).toBe(p.code);
    else expect([401, 403]).not.toContain(res.statusCode);
  });

  it.each(ENDPOINTS.flatMap((e) => ROLES.map((role) => [e.name, role, e] as const)))('%s as %s', async (_, role, e) => {
    const res = await as(t, await tokenFor(role, e.consumesSession))(e.request(ids));
    const refusal = expectedRefusal(role, e);
    if (refusal) {
      expect(res.statusCode).toBe(403);
      // The code, and the reason in words (never a generic refusal).
      expect(res.json()).toMatchObject({ code: refusal, message: refusal === 'SUB_ACCOUNT_FORBIDDEN' ? MSG.subAccountRefused : MSG.roleRefused });
    } else {
      expect([401, 403], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
    }
  });

  describe('the operator console (issue 27)', () => {
    const OPERATOR_EMAIL: Record<OperatorRole, string> = { support: 'support@ops.demo.test', admin: 'admin@ops.demo.test' };
    const operatorToken = async (role: OperatorRole) =>
      (await createOperatorSession(t.database.db, (await findOperatorByEmail(t.database.db, OPERATOR_EMAIL[role]))!.idx, t.clock.now())).token;

    it.each(OPS_ENDPOINTS.map((e) => [e.name, e] as const))('%s: no token and every brand role answer 401', async (_, e) => {
      expect((await t.app.inject(e.request())).statusCode).toBe(401);
      for (const role of ROLES) {
        const res = await as(t, await tokenFor(role))(e.request());
        expect(res.statusCode, role).toBe(401);
        expect(res.json().code, role).toBe('UNAUTHORIZED');
      }
    });

    it.each(OPS_ENDPOINTS.flatMap((e) => (['support', 'admin'] as const).map((role) => [e.name, role, e] as const)))('%s as operator %s', async (_, role, e) => {
      const res = await as(t, await operatorToken(role))(e.request());
      if (e.roles.includes(role)) {
        expect([401, 403], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN_ROLE', message: OPS_MSG.supportReadOnly });
      }
    });

    it('an operator token answers 401 on every partner route', async () => {
      const token = await operatorToken('admin');
      for (const e of ENDPOINTS) {
        const res = await as(t, token)(e.request(ids));
        expect(res.statusCode, e.name).toBe(401);
      }
    });
  });

  describe('another tenant\'s sub-account', () => {
    const bMember = () => t.database.db.select().from(partnerships).where(eq(partnerships.idx, ids.bMemberIdx));

    it.each([
      ['GET', undefined],
      ['PATCH', { companyName: '탈취', phoneNum: '01000000000' }],
      ['DELETE', undefined],
    ] as const)('%s members/:idx of tenant B as tenant A answers 404 and leaves the row alone', async (method, payload) => {
      const before = await bMember();
      const res = await as(t, await tokenFor('brand'))({ method, url: `${P}/members/${ids.bMemberIdx}`, payload });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
      expect(await bMember()).toEqual(before);
    });

    it('never lists tenant B\'s members to tenant A', async () => {
      const list = (await as(t, await tokenFor('brand'))({ method: 'GET', url: `${P}/members` })).json().data.list;
      expect(list.map((m: { email: string }) => m.email)).toEqual(['staff@demo.test']);
    });

    it('keeps brand, service terms, consents and credit per tenant', async () => {
      const a = as(t, await tokenFor('brand'));
      const b = as(t, await sessionOf('other@demo.test'));
      const bIdx = (await findAccountByEmail(t.database.db, 'other@demo.test'))!.idx;
      const bBrandBefore = await t.database.db.select().from(brands).where(eq(brands.tenantIdx, bIdx));

      await a({ method: 'PATCH', url: `${P}/brand`, payload: { name: '데모브랜드' } });
      const termsA = (await a({ method: 'GET', url: `${P}/service-terms` })).json().data;
      await a({ method: 'PUT', url: `${P}/service-terms`, payload: termsA });
      await a({ method: 'POST', url: `${P}/consents`, payload: { consents: [{ service: 'MARKETING', isAgreed: 'Y' }] } });

      expect((await b({ method: 'GET', url: `${P}/brand` })).json().data.name).toBe('다른브랜드');
      expect(await t.database.db.select().from(brands).where(eq(brands.tenantIdx, bIdx))).toEqual(bBrandBefore);
      expect(await t.database.db.select().from(serviceTermsContacts).where(eq(serviceTermsContacts.tenantIdx, bIdx))).toEqual([]);
      expect((await b({ method: 'GET', url: `${P}/consents` })).json().data.list).toEqual([]);
      expect((await b({ method: 'GET', url: '/api/credit/account' })).json().data.balance).toBe(30000);
      expect((await a({ method: 'GET', url: '/api/credit/account' })).json().data.balance).toBe(125000);
    });
  });

  describe('non-subscribers', () => {
    it('a brand with no subscription at all gets SUBSCRIPTION_REQUIRED only where a subscription is required', async () => {
      const brand = await confirmedBrand(t);
      const idx = (await findAccountByEmail(t.database.db, brand.email))!.idx;
      await t.database.db.delete(subscriptions).where(eq(subscriptions.tenantIdx, idx));
      for (const e of BRAND_ENDPOINTS) {
        const token = e.consumesSession ? await sessionOf(brand.email) : brand.token;
        const res = await as(t, token)(e.request(ids));
        if (e.subscribed) expect(res.json().code, e.name).toBe('SUBSCRIPTION_REQUIRED');
        else expect([401, 403], `${e.name}: ${res.body}`).not.toContain(res.statusCode);
      }
    });

    it('a trial that ended 15 days ago gets TRIAL_FINISHED only where a subscription is required', async () => {
      const brand = await confirmedBrand(t);
      t.clock.advance(15 * 24 * 60 * 60 * 1000);
      for (const e of BRAND_ENDPOINTS) {
        const res = await as(t, await sessionOf(brand.email))(e.request(ids));
        if (e.subscribed) {
          expect(res.statusCode, e.name).toBe(403);
          expect(res.json().code, e.name).toBe('TRIAL_FINISHED');
        } else {
          expect([401, 403], `${e.name}: ${res.body}`).not.toContain(res.statusCode);
        }
      }
    });
  });

  describe('another tenant\'s products and stores', () => {
    const idxOf = async (email: string) => (await findAccountByEmail(t.database.db, email))!.idx;
    const firstOf = async (table: typeof products | typeof stores, tenantIdx: number) =>
      (await t.database.db.select({ tenantIdx: table.tenantIdx, idx: table.idx }).from(table).where(eq(table.tenantIdx, tenantIdx)).orderBy(table.idx).limit(1))[0];

    it.each([
      ['GET', '', undefined],
      ['PATCH', '', { name: '탈취' }],
      ['DELETE', '', undefined],
      ['DELETE', '/image', undefined],
    ] as const)('%s partners-product/:idx%s of tenant B as tenant A answers 404 and leaves the row alone', async (method, suffix, payload) => {
      const bProduct = await firstOf(products, await idxOf('other@demo.test'));
      const row = () => t.database.db.select().from(products).where(and(eq(products.tenantIdx, bProduct.tenantIdx), eq(products.idx, bProduct.idx)));
      const before = await row();
      const res = await as(t, await tokenFor('brand', true))({ method, url: `${PRODUCTS}/${bProduct.idx}${suffix}`, payload });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
      expect(await row()).toEqual(before);
    });

    it('bulk delete with one of tenant B\'s ids answers 404 and deletes nothing', async () => {
      const aProduct = await firstOf(products, await idxOf('brand@demo.test'));
      const bProduct = await firstOf(products, await idxOf('other@demo.test'));
      const res = await as(t, await tokenFor('brand', true))({ method: 'DELETE', url: `${PRODUCTS}/bulk`, payload: { productIdxList: [aProduct.idx, bProduct.idx] } });
      expect(res.statusCode).toBe(404);
      expect(await t.database.db.select().from(products).where(eq(products.idx, aProduct.idx))).toHaveLength(1);
      expect(await t.database.db.select().from(products).where(eq(products.idx, bProduct.idx))).toHaveLength(1);
    });

    it.each([
      ['PATCH', (idx: number) => ({ method: 'PATCH' as const, url: '/api/v1/admin/store', payload: { idx, name: '탈취', pinned: 'N' } })],
      ['DELETE', (idx: number) => ({ method: 'DELETE' as const, url: `/api/v1/admin/store/${idx}` })],
      ['GET /{idx}', (idx: number) => ({ method: 'GET' as const, url: `/api/v1/admin/store/${idx}` })],
      ['PATCH /{idx}', (idx: number) => ({ method: 'PATCH' as const, url: `/api/v1/admin/store/${idx}`, payload: { name: '탈취', pinned: 'N' } })],
      ['DELETE bulk', (idx: number) => ({ method: 'DELETE' as const, url: '/api/v1/admin/store/bulk', payload: { idxList: [idx] } })],
    ] as const)('%s store of tenant B as tenant A answers 404 and leaves the row alone', async (_, request) => {
      const bStore = await firstOf(stores, await idxOf('other@demo.test'));
      const row = () => t.database.db.select().from(stores).where(eq(stores.idx, bStore.idx));
      const before = await row();
      const res = await as(t, await tokenFor('brand', true))(request(bStore.idx));
      expect(res.statusCode).toBe(404);
      expect(await row()).toEqual(before);
    });

    it('never lists or uses tenant B\'s products, stores or brands for tenant A', async () => {
      const a = as(t, await tokenFor('brand', true));
      const bIdx = await idxOf('other@demo.test');
      const [bBrand] = await t.database.db.select().from(brands).where(eq(brands.tenantIdx, bIdx));
      const list = (await a({ method: 'GET', url: `${PRODUCTS}?pageSize=100` })).json().data.list as { code: string }[];
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((p) => p.code.startsWith('DB-'))).toBe(true);
      const found = (await a({ method: 'GET', url: `${PRODUCTS}?searchText=OB-` })).json().data;
      expect(found.total).toBe(0);
      const storeNames = (await a({ method: 'GET', url: '/api/v1/admin/store/list' })).json().data.list.map((x: { name: string }) => x.name);
      expect(storeNames.some((n: string) => n.startsWith('다른브랜드'))).toBe(false);
      expect((await a({ method: 'GET', url: '/api/v1/admin/brand/list' })).json().data.list.map((b: { name: string }) => b.name)).toEqual(['데모브랜드']);
      const withBBrand = await a({ method: 'POST', url: PRODUCTS, payload: { name: '남의 브랜드', brandIdx: bBrand.idx } });
      expect(withBBrand.statusCode).toBe(400);
      expect(withBBrand.json().errors.brandIdx).toBeDefined();
    });
  });

  describe.each(['PRODUCT', 'GUARANTEE', 'CUSTOMER', 'REPAIR', 'LAUNDRY', 'EXAM'] as const)('the %s feature', (feature) => {
    it('answers FEATURE_DISABLED on every endpoint that needs it, and nowhere else', async () => {
      const brand = await confirmedBrand(t);
      const idx = (await findAccountByEmail(t.database.db, brand.email))!.idx;
      // Every feature in use but the one under test (a new brand's trial has only the core ones).
      await t.database.db.insert(featureSettings).values(FEATURES.map((name) => ({ tenantIdx: idx, name, option: null, endAt: null }))).onConflictDoNothing();
      await t.database.db.delete(featureSettings).where(and(eq(featureSettings.tenantIdx, idx), eq(featureSettings.name, feature)));
      for (const e of BRAND_ENDPOINTS) {
        const token = e.consumesSession ? await sessionOf(brand.email) : brand.token;
        const res = await as(t, token)(e.request(ids));
        if (e.feature === feature) {
          expect(res.statusCode, e.name).toBe(403);
          expect(res.json().code, e.name).toBe('FEATURE_DISABLED');
        } else {
          expect([401, 403], `${e.name}: ${res.body}`).not.toContain(res.statusCode);
        }
      }
    });
  });
});
