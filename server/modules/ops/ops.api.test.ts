import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { P, PASSWORD, as, signIn, uniqueEmail } from '../../../tests/helpers/accounts';
import { NFT_URL, guaranteeTenant, insertNft } from '../../../tests/helpers/guarantees';
import { DEMO_PASSWORD } from '../../seed/demo';
import { auditLog, customers, messageCampaigns } from '../../db/schema';
import { findAccountByEmail } from '../accounts/repository';
import { OPS_MSG } from '../../../src/domain/operators';

const OPS = '/api/ops/v1';
const AUDIT = '/api/v1/admin/audit-log';

let t: TestApp;
let support: string;
let admin: string;
let brandToken: string;
let demoTenant: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  support = await opsSignIn('support@ops.demo.test');
  admin = await opsSignIn('admin@ops.demo.test');
  brandToken = await signIn(t, 'brand@demo.test', DEMO_PASSWORD);
  demoTenant = (await findAccountByEmail(t.database.db, 'brand@demo.test'))!.idx;
});
afterAll(() => t.close());

async function opsSignIn(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: `${OPS}/operators/sign-in`, payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`operator sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().data.token;
}

const rows = (tenantIdx: number, action: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.tenantIdx, tenantIdx), eq(auditLog.action, action)));

describe(`operators and the audit log (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  describe('sign-in and the two kinds of session', () => {
    it('an operator signs in with its own sign-in; a brand account cannot', async () => {
      const me = (await as(t, support)({ method: 'GET', url: `${OPS}/operators/me` })).json().data;
      expect(me).toMatchObject({ email: 'support@ops.demo.test', role: 'support' });
      const brandTry = await t.app.inject({ method: 'POST', url: `${OPS}/operators/sign-in`, payload: { email: 'brand@demo.test', password: DEMO_PASSWORD } });
      expect(brandTry.statusCode).toBe(401);
      expect(brandTry.json().code).toBe('INVALID_CREDENTIALS');
    });

    it('a brand token never opens an operator route, an operator token never a brand route', async () => {
      for (const url of [`${OPS}/operators/me`, `${OPS}/brands?name=데모`, `${OPS}/brands/${demoTenant}/customers`, `${OPS}/audit-log`]) {
        const res = await as(t, brandToken)({ method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
      }
      expect((await as(t, brandToken)({ method: 'POST', url: `${OPS}/brands/${demoTenant}/suspension`, payload: { reason: 'x' } })).statusCode).toBe(401);
      for (const req of [
        { method: 'GET' as const, url: P },
        { method: 'PATCH' as const, url: `${P}/brand`, payload: { name: '탈취' } },
        { method: 'POST' as const, url: NFT_URL, payload: { ordererName: '홍길동', ordererTel: '01012345678', productName: 'x' } },
        { method: 'GET' as const, url: AUDIT },
      ]) {
        const res = await as(t, admin)(req);
        expect(res.statusCode, req.url).toBe(401);
      }
    });

    it('sign-out ends the operator session', async () => {
      const token = await opsSignIn('support@ops.demo.test');
      expect((await as(t, token)({ method: 'POST', url: `${OPS}/operators/sign-out` })).statusCode).toBe(200);
      expect((await as(t, token)({ method: 'GET', url: `${OPS}/operators/me` })).statusCode).toBe(401);
    });
  });

  describe('support browsing', () => {
    it('finds a brand by name and reads its records masked, each read logged once', async () => {
      const found = (await as(t, support)({ method: 'GET', url: `${OPS}/brands?name=${encodeURIComponent('데모브')}` })).json().data.list;
      expect(found).toEqual([expect.objectContaining({ tenantIdx: demoTenant, brandNames: expect.arrayContaining(['데모브랜드']) })]);
      const accounts = (await as(t, support)({ method: 'GET', url: `${OPS}/brands/${demoTenant}/accounts` })).json().data.list;
      expect(accounts.map((a: { email: string }) => a.email)).toEqual(['br***@demo.test', 'st***@demo.test']);
      expect(accounts[0].phone).toBe('010-****-5678');
      for (const view of ['subscriptions', 'guarantees', 'as-requests', 'messages', 'credit']) {
        expect((await as(t, support)({ method: 'GET', url: `${OPS}/brands/${demoTenant}/${view}` })).statusCode, view).toBe(200);
      }
      const guarantees = (await as(t, support)({ method: 'GET', url: `${OPS}/brands/${demoTenant}/guarantees` })).json().data.list;
      expect(guarantees.length).toBeGreaterThan(0);
      for (const g of guarantees) expect(g.ordererTel).toMatch(/^\d{3}-\*{4}-\d{4}$/);
      expect(await rows(demoTenant, 'ops.accounts.read')).toHaveLength(1);
      expect(await rows(demoTenant, 'ops.subscriptions.read')).toHaveLength(1);
      expect(await rows(demoTenant, 'ops.guarantees.read')).toHaveLength(2);
      expect(await rows(0, 'ops.brand.search')).toHaveLength(1);
      expect(await rows(demoTenant, 'ops.messages.read')).toHaveLength(1);
    });

    it('lists a brand\'s message campaigns by their own fields, never the text or the recipients', async () => {
      await t.database.db.insert(messageCampaigns).values({
        tenantIdx: demoTenant, messageTitle: '가을 세일', messageType: 'SMS', status: 'SENT', payload: { messageContent: { content: '홍길동님 010-1234-5678' } },
        sendCount: 3, successCount: 2, failCount: 1, messageCost: 60,
      });
      const list = (await as(t, support)({ method: 'GET', url: `${OPS}/brands/${demoTenant}/messages` })).json().data.list;
      expect(list[0]).toMatchObject({ messageTitle: '가을 세일', status: 'SENT', sendCount: 3, successCount: 2, failCount: 1, messageCost: 60 });
      expect(JSON.stringify(list)).not.toContain('010-1234-5678');
      expect((await as(t, support)({ method: 'GET', url: `${OPS}/brands/${demoTenant + 999_999}/messages` })).statusCode).toBe(404);
    });

    it('shows a customer masked, reveals one field only for a stated reason, and logs the reason', async () => {
      const [customer] = await t.database.db.select().from(customers).where(eq(customers.tenantIdx, demoTenant)).limit(1);
      const list = (await as(t, support)({ method: 'GET', url: `${OPS}/brands/${demoTenant}/customers` })).json().data.list;
      expect(list.some((c: { phone: string }) => c.phone.includes(customer.phone))).toBe(false);
      const one = (await as(t, support)({ method: 'GET', url: `${OPS}/brands/${demoTenant}/customers/${customer.idx}` })).json().data;
      expect(one.phone).toBe(`${customer.phone.slice(0, 3)}-****-${customer.phone.slice(-4)}`);
      expect(one.name).not.toBe(customer.name);

      const url = `${OPS}/brands/${demoTenant}/customers/${customer.idx}/reveal`;
      const noReason = await as(t, support)({ method: 'POST', url, payload: { field: 'phone', reason: '' } });
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().errors).toEqual({ reason: OPS_MSG.reasonRequired });
      expect(await rows(demoTenant, 'ops.customer.reveal')).toHaveLength(0);

      const reason = '브랜드 고객센터 문의 (본인 확인 요청)';
      const shown = await as(t, support)({ method: 'POST', url, payload: { field: 'phone', reason } });
      expect(shown.json().data).toEqual({ field: 'phone', value: customer.phone });
      const [logged] = await rows(demoTenant, 'ops.customer.reveal');
      expect(logged).toMatchObject({ actorKind: 'operator', actorEmail: 'support@ops.demo.test', target: String(customer.idx), outcome: 'ok', detail: { field: 'phone', reason } });
      expect(JSON.stringify(logged.detail)).not.toContain(customer.phone);
      expect(await rows(demoTenant, 'ops.customer.read')).toHaveLength(1);

      // Another brand's customer through this brand's path: 404, and nothing shown.
      const other = (await findAccountByEmail(t.database.db, 'other@demo.test'))!.idx;
      const [otherCustomer] = await t.database.db.select().from(customers).where(eq(customers.tenantIdx, other)).limit(1);
      if (otherCustomer) {
        expect((await as(t, support)({ method: 'POST', url: `${OPS}/brands/${demoTenant}/customers/${otherCustomer.idx}/reveal`, payload: { field: 'phone', reason } })).statusCode).toBe(404);
      }
    });
  });

  describe('operator roles', () => {
    it('support cannot write: adding an operator or suspending is refused and logged as refused', async () => {
      const add = await as(t, support)({ method: 'POST', url: `${OPS}/operators`, payload: { email: uniqueEmail('op'), name: '새 운영자', role: 'support', password: PASSWORD } });
      expect(add.statusCode).toBe(403);
      expect(add.json()).toMatchObject({ code: 'FORBIDDEN_ROLE', message: OPS_MSG.supportReadOnly });
      const suspend = await as(t, support)({ method: 'POST', url: `${OPS}/brands/${demoTenant}/suspension`, payload: { reason: '점검' } });
      expect(suspend.statusCode).toBe(403);
      expect(await rows(0, 'ops.operator.create')).toEqual([expect.objectContaining({ outcome: 'refused', code: 'FORBIDDEN_ROLE', actorEmail: 'support@ops.demo.test' })]);
      expect(await rows(demoTenant, 'ops.brand.suspend')).toEqual([expect.objectContaining({ outcome: 'refused', code: 'FORBIDDEN_ROLE' })]);
      expect((await as(t, support)({ method: 'GET', url: `${OPS}/operators` })).statusCode).toBe(403);
    });

    it('admin adds an operator (logged once, no password in it), who can sign in', async () => {
      const email = uniqueEmail('op');
      const add = await as(t, admin)({ method: 'POST', url: `${OPS}/operators`, payload: { email, name: '새 운영자', role: 'support', password: PASSWORD } });
      expect(add.statusCode).toBe(201);
      const logged = (await rows(0, 'ops.operator.create')).filter((r) => r.outcome === 'ok');
      expect(logged).toEqual([expect.objectContaining({ actorEmail: 'admin@ops.demo.test', detail: { after: { email, role: 'support' } } })]);
      expect(JSON.stringify(logged)).not.toContain(PASSWORD);
      await opsSignIn(email, PASSWORD);
      expect((await as(t, admin)({ method: 'POST', url: `${OPS}/operators`, payload: { email, name: 'x', role: 'admin', password: PASSWORD } })).statusCode).toBe(409);
    });

    it('admin suspends a brand: its sessions (sub-accounts too) are refused at once, and back after', async () => {
      const other = (await findAccountByEmail(t.database.db, 'other@demo.test'))!.idx;
      const main = as(t, await signIn(t, 'other@demo.test', DEMO_PASSWORD));
      const staff = as(t, await signIn(t, 'other-staff@demo.test', DEMO_PASSWORD));
      expect((await main({ method: 'GET', url: P })).statusCode).toBe(200);
      const url = `${OPS}/brands/${other}/suspension`;
      expect((await as(t, admin)({ method: 'POST', url, payload: { reason: '결제 분쟁 조사' } })).statusCode).toBe(200);
      for (const call of [main, staff]) {
        const res = await call({ method: 'GET', url: P });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 'BRAND_SUSPENDED', message: OPS_MSG.brandSuspended });
      }
      // A new sign-in, the main account's or a sub-account's, gets no session and says why.
      for (const email of ['other@demo.test', 'other-staff@demo.test']) {
        const res = await t.app.inject({ method: 'POST', url: '/api/v1/admin/partnerships/sign-in', payload: { email, password: DEMO_PASSWORD } });
        expect([res.statusCode, res.json().code, res.json().message], email).toEqual([403, 'BRAND_SUSPENDED', OPS_MSG.brandSuspended]);
      }
      expect((await as(t, admin)({ method: 'POST', url, payload: { reason: '다시' } })).statusCode).toBe(409);
      expect((await as(t, admin)({ method: 'DELETE', url })).statusCode).toBe(200);
      expect((await main({ method: 'GET', url: P })).statusCode).toBe(200);
      expect((await rows(other, 'ops.brand.suspend')).map((r) => r.outcome)).toEqual(['ok', 'refused']);
      expect(await rows(other, 'ops.brand.unsuspend')).toHaveLength(1);
    });
  });

  describe('brand admins\' actions', () => {
    it('records each listed action exactly once, refused attempts too, with who, when, where and what', async () => {
      const a = await guaranteeTenant(t);
      const issued = await a.call({ method: 'POST', url: NFT_URL, payload: { ordererName: '홍길동', ordererTel: '010-1234-5678', productName: '직접 입력 상품' } });
      expect(issued.statusCode).toBe(201);
      const idx = issued.json().data.idx as number;
      // A retry with the same Idempotency-Key answers the first result (200) and is not a second action.
      const keyed = { method: 'POST' as const, url: NFT_URL, payload: { ordererName: '김고객', ordererTel: '010-5555-6666', productName: '재시도 상품' }, headers: { 'idempotency-key': 'audit-retry-1' } };
      expect((await a.call(keyed)).statusCode).toBe(201);
      expect((await a.call(keyed)).statusCode).toBe(200);
      expect((await a.call({ method: 'PATCH', url: `${NFT_URL}/cancel/${idx}` })).statusCode).toBe(200);
      // Cancelling it again: the state machine refuses (409), recorded as refused.
      expect((await a.call({ method: 'PATCH', url: `${NFT_URL}/cancel/${idx}` })).statusCode).toBe(409);
      expect((await a.call({ method: 'DELETE', url: `${NFT_URL}/${idx}` })).statusCode).toBe(200);
      const waiting = await Promise.all([1, 1, 3].map((s) => insertNft(t, a.tenantIdx, s)));
      // A bulk completion of two waiting ones, and a bulk cancel that one row refuses (all or nothing).
      expect((await a.call({ method: 'PATCH', url: `${NFT_URL}/complete/bulk`, payload: { nftIdxList: [waiting[0].idx, waiting[1].idx] } })).statusCode).toBe(200);
      const cancelled = await a.call({ method: 'PATCH', url: `${NFT_URL}/cancel/bulk`, payload: { nftIdxList: [waiting[2].idx, (await insertNft(t, a.tenantIdx, 1)).idx] } });
      expect(cancelled.statusCode).toBe(409);
      // Members, credit, settings, the customer download.
      const member = await a.call({ method: 'POST', url: `${P}/members`, payload: { email: uniqueEmail('m'), password: PASSWORD, companyName: '김직원', phoneNum: '010-2222-3333' } });
      expect(member.statusCode).toBe(201);
      const memberIdx = member.json().data.idx;
      expect((await a.call({ method: 'PATCH', url: `${P}/members/${memberIdx}`, payload: { companyName: '박직원', phoneNum: '010-2222-4444' } })).statusCode).toBe(200);
      expect((await a.call({ method: 'DELETE', url: `${P}/members/${memberIdx}` })).statusCode).toBe(200);
      const account = (await a.call({ method: 'GET', url: '/api/credit/account' })).json().data;
      expect((await a.call({ method: 'PUT', url: '/api/credit/account/config', payload: { accountIdx: account.accountIdx, rechargeThreshold: 50000, rechargeAmount: 100000, autoRechargeActivated: true } })).statusCode).toBe(200);
      expect((await a.call({ method: 'PATCH', url: `${P}/brand`, payload: { name: '바뀐브랜드' } })).statusCode).toBe(200);
      expect((await a.call({ method: 'POST', url: '/api/customer/v1/overview/download', payload: { email: 'a@b.co', password: 'ab12!@', reason: '점검' } })).statusCode).toBeLessThan(300);
      // Malformed input is no action: not logged.
      expect((await a.call({ method: 'PATCH', url: `${P}/brand`, payload: { name: '' } })).statusCode).toBe(400);

      const log = await t.database.db.select().from(auditLog).where(eq(auditLog.tenantIdx, a.tenantIdx)).orderBy(auditLog.idx);
      expect(log.map((r) => `${r.action}:${r.outcome}`)).toEqual([
        'guarantee.issue:ok', 'guarantee.issue:ok', 'guarantee.cancel:ok', 'guarantee.cancel:refused', 'guarantee.delete:ok', 'guarantee.bulkComplete:ok', 'guarantee.bulkCancel:refused',
        'member.create:ok', 'member.update:ok', 'member.delete:ok', 'credit.config:ok', 'settings.brand:ok', 'customer.download:ok',
      ]);
      const byAction = Object.fromEntries(log.map((r) => [`${r.action}:${r.outcome}`, r]));
      for (const secret of ['김고객', '01055556666', '010-5555-6666']) expect(JSON.stringify(log)).not.toContain(secret);
      expect(byAction['guarantee.cancel:ok']).toMatchObject({ actorKind: 'partner', actorEmail: a.email, target: String(idx), ip: '127.0.0.1', method: 'PATCH', path: '/api/v1/admin/nft/cancel/:idx' });
      expect(byAction['guarantee.cancel:refused'].code).toBe('ILLEGAL_TRANSITION');
      expect(byAction['guarantee.bulkComplete:ok'].detail).toEqual({ count: 2, ids: [waiting[0].idx, waiting[1].idx] });
      expect(byAction['credit.config:ok'].detail).toMatchObject({ before: { autoRechargeActivated: false }, after: { rechargeThreshold: 50000, rechargeAmount: 100000, autoRechargeActivated: true } });
      expect(byAction['settings.brand:ok'].detail).toMatchObject({ before: { name: a.brandName }, after: { name: '바뀐브랜드' } });
      // Personal data stays out: the member's name and phone are only named as changed fields, no password anywhere.
      expect(byAction['member.update:ok'].detail).toEqual({ fields: ['companyName', 'phoneNum'] });
      const text = JSON.stringify(log);
      for (const secret of [PASSWORD, '010-2222-4444', '01022224444', 'ab12!@', '홍길동']) expect(text).not.toContain(secret);
    });

    it('a brand reads its own log with filters (main accounts only) and never another\'s', async () => {
      const a = await guaranteeTenant(t);
      const b = await guaranteeTenant(t);
      await a.call({ method: 'PATCH', url: `${P}/brand`, payload: { name: 'A브랜드' } });
      await b.call({ method: 'PATCH', url: `${P}/brand`, payload: { name: 'B브랜드' } });
      await a.call({ method: 'POST', url: NFT_URL, payload: { ordererName: '홍길동', ordererTel: '010-1234-5678', productName: '상품' } });
      const own = (await a.call({ method: 'GET', url: AUDIT })).json().data;
      expect(own.list.map((r: { action: string }) => r.action)).toEqual(['guarantee.issue', 'settings.brand']);
      expect(own.list.every((r: { tenantIdx: number }) => r.tenantIdx === a.tenantIdx)).toBe(true);
      const filtered = (await a.call({ method: 'GET', url: `${AUDIT}?action=settings.brand&outcome=ok` })).json().data;
      expect(filtered).toMatchObject({ total: 1, list: [expect.objectContaining({ action: 'settings.brand' })] });
      // Naming another tenant changes nothing: the tenant is the session's.
      const tried = (await a.call({ method: 'GET', url: `${AUDIT}?tenantIdx=${b.tenantIdx}` })).json().data;
      expect(tried.list.every((r: { tenantIdx: number }) => r.tenantIdx === a.tenantIdx)).toBe(true);
      expect((await a.call({ method: 'GET', url: `${AUDIT}?action=nope` })).statusCode).toBe(400);
      expect((await a.call({ method: 'GET', url: `${AUDIT}?from=2026-02-30` })).statusCode).toBe(400);
      // The demo brand's sub-account is refused.
      const staff = await signIn(t, 'staff@demo.test', DEMO_PASSWORD);
      expect((await as(t, staff)({ method: 'GET', url: AUDIT })).json().code).toBe('SUB_ACCOUNT_FORBIDDEN');
      // Operators see every brand's, or one brand's by its idx.
      const all = (await as(t, support)({ method: 'GET', url: `${OPS}/audit-log?tenantIdx=${b.tenantIdx}` })).json().data;
      expect(all.list.map((r: { action: string }) => r.action)).toEqual(['settings.brand']);
    });

    it('the operator\'s reads show in the brand\'s own log', async () => {
      const log = (await as(t, brandToken)({ method: 'GET', url: `${AUDIT}?actorKind=operator&action=ops.customer.reveal` })).json().data;
      // The reveal, and the attempt on another brand's customer through this brand's path (written before its 404).
      expect(log.list).toEqual([
        expect.objectContaining({ actorKind: 'operator', actorEmail: 'support@ops.demo.test' }),
        expect.objectContaining({ actorKind: 'operator', actorEmail: 'support@ops.demo.test', detail: expect.objectContaining({ field: 'phone' }) }),
      ]);
    });

    it('is append-only', async () => {
      await expect(t.database.db.execute(sql`UPDATE audit_log SET action = 'x'`)).rejects.toThrow();
      await expect(t.database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    });
  });

  describe('notices, the one write support has', () => {
    it('support and admin write a notice every brand reads on home; each write is logged once, a bad one names its field', async () => {
      const before = (await rows(0, 'ops.notice.create')).length;
      const bad = await as(t, support)({ method: 'POST', url: `${OPS}/notices`, payload: { title: ' ', date: '2026-13-01', link: 'ftp://x' } });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['date', 'link', 'title']);
      for (const [token, title] of [[support, '지원팀 공지'], [admin, '관리자 공지']] as const) {
        const res = await as(t, token)({ method: 'POST', url: `${OPS}/notices`, payload: { title, date: '2026-11-27', link: '' } });
        expect(res.statusCode, res.body).toBe(201);
        expect(res.json().data).toMatchObject({ title, date: '2026-11-27', link: null });
      }
      const listed = (await as(t, support)({ method: 'GET', url: `${OPS}/notices` })).json().data.list.map((n: { title: string }) => n.title);
      expect(listed).toEqual(expect.arrayContaining(['지원팀 공지', '관리자 공지']));
      const home = await as(t, brandToken)({ method: 'POST', url: '/api/v1/common/notion', payload: {} });
      expect(JSON.stringify(home.json().data)).toContain('관리자 공지');
      expect((await rows(0, 'ops.notice.create')).length).toBe(before + 2);
      // A brand cannot write one.
      expect((await as(t, brandToken)({ method: 'POST', url: `${OPS}/notices`, payload: { title: 'x', date: '2026-11-27' } })).statusCode).toBe(401);
    });
  });
});
