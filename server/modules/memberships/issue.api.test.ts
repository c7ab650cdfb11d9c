import { and, eq, inArray, sql } from 'drizzle-orm';
import { addDays, seoulToday } from '../../../src/domain/seoulDay';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { sessionOf as demoSession, as, confirmedBrand, uniqueEmail } from '../../../tests/helpers/accounts';
import { MEMBERSHIP_ISSUE_MSG } from '../../../src/domain/membershipIssue';
import { MSG } from '../../../src/domain/messages';
import { coupons, customerCoupons, customerGroups, customerPointLedger, customerSettings, customers, featureSettings, nftTemplates, nfts, subscriptions } from '../../db/schema';
import { findAccountByEmail } from '../accounts/repository';
import { runCustomerGradeJob } from '../../jobs/customerGrades';
import { prepareIssues } from '../guarantees/issue';
import { insertIssues } from '../guarantees/write';

const URL = '/api/v1/admin/membership-nft';
const TEMPLATES = '/api/v1/admin/membership-template';
const COUPONS = '/api/v1/admin/coupon';
const DASH = '/api/v1/admin/nft/dashboard/membership';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

type Call = ReturnType<typeof as>;
const sessionOf = (email: string) => demoSession(t, email);
const day = (days: number) => addDays(seoulToday(t.clock.now()), days);
let phoneSeq = 0;
/** A fresh mobile number per call: 010 + 8 digits. */
const phone = () => `0107${String(Date.now() % 10_000).padStart(4, '0')}${String(++phoneSeq).padStart(4, '0')}`.slice(0, 11);

/** A membership template with one coupon record (and a birthday coupon that is not granted). */
async function templateWithCoupon(call: Call, extra: Record<string, unknown> = {}) {
  const res = await call({ method: 'POST', url: TEMPLATES, payload: { nftCardName: `멤버십 ${++phoneSeq}`, expireType: 'DAY', expireDays: 30, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  const membershipIdx = res.json().data.idx as number;
  const coupon = await call({ method: 'POST', url: COUPONS, payload: { title: '웰컴 쿠폰', membershipIdx, expireType: 1, expireDays: 10, usePlace: 1 } });
  expect(coupon.statusCode, coupon.body).toBe(201);
  const birthday = await call({ method: 'POST', url: COUPONS, payload: { title: '생일 쿠폰', membershipIdx, expireType: 1, expireDays: 10, usePlace: 1, isBirthday: 'Y', birthdayDays: 7 } });
  expect(birthday.statusCode, birthday.body).toBe(201);
  return { membershipIdx, couponIdx: coupon.json().data.idx as number };
}
const issue = (call: Call, payload: Record<string, unknown>) => call({ method: 'POST', url: URL, payload });

describe(`membership issue (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('issues a membership with its end, its coupons (not the birthday one) and its points, and refuses a second of the same type', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const { membershipIdx, couponIdx } = await templateWithCoupon(call);
    await t.database.db.update(customerSettings).set({ pointRate: 2.5 }).where(eq(customerSettings.tenantIdx, tenantIdx));
    const tel = phone();
    const res = await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '김멤버', ordererTel: tel, paymentAmount: 12_345 });
    expect(res.statusCode, res.body).toBe(201);
    const m = res.json().data;
    expect(m).toMatchObject({
      nftType: 'MEMBERSHIP', nftStatus: 3, membershipStatus: 'issuing', membershipStatusName: '발급 중', customerStatus: 'COMPLETED', customerStatusName: '발급',
      pointAmount: 308, productName: expect.stringContaining('멤버십'),
    });
    expect(m.nftNumber).toMatch(/^M\d{6}-\d{7}$/);
    expect(new Date(m.expiresAt).toISOString()).toBe(new Date(`${day(29)}T23:59:59+09:00`).toISOString());
    const detail = (await call({ method: 'GET', url: `${URL}/${m.idx}` })).json().data;
    expect(detail.coupons).toEqual([expect.objectContaining({ couponIdx, title: '웰컴 쿠폰', status: 'ISSUED' })]);
    const [customer] = await t.database.db.select().from(customers).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.phone, tel)));
    const ledger = await t.database.db.select().from(customerPointLedger).where(and(eq(customerPointLedger.tenantIdx, tenantIdx), eq(customerPointLedger.customerIdx, customer.idx)));
    expect(ledger).toEqual([expect.objectContaining({ amount: 308, reason: MEMBERSHIP_ISSUE_MSG.pointReason, balance: customer.pointBalance })]);

    const again = await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '김멤버', ordererTel: tel });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'MEMBERSHIP_NFT_ALREADY_EXISTS', message: MEMBERSHIP_ISSUE_MSG.alreadyExists });
    // Another membership type for the same customer is fine.
    const other = await templateWithCoupon(call);
    expect((await issue(call, { nftTemplateIdx: other.membershipIdx, ordererName: '김멤버', ordererTel: tel })).statusCode).toBe(201);
  });

  it('of 10 concurrent issues of one type to one customer exactly one succeeds', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const { membershipIdx } = await templateWithCoupon(call);
    const tel = phone();
    const answers = await Promise.all(Array.from({ length: 10 }, () => issue(call, { nftTemplateIdx: membershipIdx, ordererName: '동시', ordererTel: tel })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('MEMBERSHIP_NFT_ALREADY_EXISTS');
    const held = await t.database.db.select().from(nfts).where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.nftTemplateIdx, membershipIdx)));
    expect(held).toHaveLength(1);
    expect(await t.database.db.select().from(customerCoupons).where(and(eq(customerCoupons.tenantIdx, tenantIdx), eq(customerCoupons.nftIdx, held[0].idx)))).toHaveLength(1);
  });

  it('refuses an ended template and a membership whose coupon has ended, with the spec\'s codes', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const { membershipIdx } = await templateWithCoupon(call, { expireType: 'DATE', expireDate: day(5) });
    const before = (await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '먼저', ordererTel: phone() })).json().data;
    await t.database.db.update(nftTemplates).set({ expireDate: `${day(-1)} 23:59:59` }).where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.idx, membershipIdx)));
    let res = await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '만료', ordererTel: phone() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_NFT_TEMPLATE_EXPIRE_DATE', message: MEMBERSHIP_ISSUE_MSG.templateExpired, errors: { nftTemplateIdx: MEMBERSHIP_ISSUE_MSG.templateExpired } });
    // A membership issued before its template ended can still be edited.
    const edited = await call({ method: 'PATCH', url: `${URL}/${before.idx}`, payload: { ordererName: '먼저 수정' } });
    expect(edited.statusCode, edited.body).toBe(200);

    const second = await templateWithCoupon(call, { partnersCoupon: [{ title: '첨부', offline: 'Y', endDate: day(1) }] });
    await t.database.db.update(nftTemplates).set({ partnersCoupon: [{ title: '첨부', offline: 'Y', couponNumber: '', couponUrl: '', endDate: day(-2), isIssuable: 'Y' }] })
      .where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.idx, second.membershipIdx)));
    res = await issue(call, { nftTemplateIdx: second.membershipIdx, ordererName: '쿠폰', ordererTel: phone() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_NFT_TEMPLATE_COUPON_EXPIRE_DATE', message: MEMBERSHIP_ISSUE_MSG.couponExpired });
    res = await issue(call, { ordererName: '', ordererTel: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('a bulk chunk of 5 new customers and 1 who holds the membership issues the 5 and refuses that row alone; a retry answers the same rows and issues nothing', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const { membershipIdx, couponIdx } = await templateWithCoupon(call);
    const held = phone();
    expect((await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '보유', ordererTel: held })).statusCode).toBe(201);
    const rows = Array.from({ length: 6 }, (_, i) => ({ nftTemplateIdx: membershipIdx, ordererName: `신규${i}`, ordererTel: i === 4 ? held : `0106${String(++phoneSeq).padStart(7, '0')}` }));
    const inBatch = () => t.database.db.select().from(nfts).where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.batchKey, 'bulk:five-and-held')));
    const walletCount = async () => (await t.database.db.select().from(customerCoupons).where(and(eq(customerCoupons.tenantIdx, tenantIdx), eq(customerCoupons.couponIdx, couponIdx)))).length;

    const res = await call({ method: 'POST', url: `${URL}/bulk`, payload: { batchKey: 'five-and-held', rows } });
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as { list: { row: number; idx: number; nftNumber: string }[]; failed: unknown[] };
    expect(data.list.map((r) => r.row)).toEqual([0, 1, 2, 3, 5]);
    expect(data.failed).toEqual([{
      row: 4, code: 'MEMBERSHIP_NFT_ALREADY_EXISTS', message: MEMBERSHIP_ISSUE_MSG.alreadyExists, errors: { ordererTel: MEMBERSHIP_ISSUE_MSG.alreadyExists },
    }]);
    const stored = await inBatch();
    expect(stored.map((s) => [s.batchRow, s.nftStatus, s.ordererName]).sort((a, b) => Number(a[0]) - Number(b[0]))).toEqual(
      [0, 1, 2, 3, 5].map((i) => [i, 3, `신규${i}`]),
    );
    // The held customer's row wrote nothing: 1 (held) + 5 wallets of this coupon.
    expect(await walletCount()).toBe(6);

    const retry = await call({ method: 'POST', url: `${URL}/bulk`, payload: { batchKey: 'five-and-held', rows } });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(res.json());
    expect(await inBatch()).toHaveLength(5);
    expect(await walletCount()).toBe(6);
  });

  it('identical bulk chunks sent at once issue once and answer alike, the refused row included', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const { membershipIdx } = await templateWithCoupon(call);
    const held = phone();
    expect((await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '보유', ordererTel: held })).statusCode).toBe(201);
    const rows = Array.from({ length: 6 }, (_, i) => ({ nftTemplateIdx: membershipIdx, ordererName: `동시${i}`, ordererTel: i === 2 ? held : `0106${String(++phoneSeq).padStart(7, '0')}` }));
    const raced = await Promise.all([1, 2, 3].map(() => call({ method: 'POST', url: `${URL}/bulk`, payload: { batchKey: 'raced', rows } })));
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(raced[1].json()).toEqual(raced[0].json());
    expect(raced[2].json()).toEqual(raced[0].json());
    expect(raced[0].json().data.failed).toEqual([expect.objectContaining({ row: 2, code: 'MEMBERSHIP_NFT_ALREADY_EXISTS' })]);
    expect(await t.database.db.select().from(nfts).where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.batchKey, 'bulk:raced')))).toHaveLength(5);
  });

  // Two connections are needed to hold a membership uncommitted while the chunk runs: PostgreSQL only (PGlite has one).
  if (process.env.API_TEST_DB === 'postgres') it('a membership issued by another request after the chunk checked it fails only its row: the chunk checks again', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const { membershipIdx } = await templateWithCoupon(call);
    const tenant = { tenantIdx, adminIdx: tenantIdx, b2bType: 'brand' as const };
    const deps = { messaging: t.app.messaging, publicUrl: t.app.config.publicUrl };
    const now = t.clock.now();
    const rows = Array.from({ length: 3 }, (_, i) => ({ nftTemplateIdx: membershipIdx, ordererName: `경합${i}`, ordererTel: `0106${String(++phoneSeq).padStart(7, '0')}` }));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let holding!: () => void;
    const held = new Promise<void>((r) => (holding = r));
    // Row 1's customer gets the membership in a transaction left open until the chunk waits on it.
    const other = t.database.db.transaction(async (tx) => {
      const { values } = await prepareIssues(tx, tenant, [rows[1]], () => '', { nftType: 'MEMBERSHIP', requestRoute: 'product', matchModelNumber: false }, now);
      await insertIssues(tx, deps, tenant, values, now, null);
      holding();
      await gate;
    });
    await held;
    const chunk = call({ method: 'POST', url: `${URL}/bulk`, payload: { batchKey: 'late-held', rows } });
    const waiting = async () => Number((await t.database.db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`) as unknown as { rows: { n: number }[] }).rows[0].n);
    await expect.poll(waiting, { timeout: 10_000 }).toBeGreaterThan(0);
    release();
    await other;
    const res = await chunk;
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.list.map((r: { row: number }) => r.row)).toEqual([0, 2]);
    expect(res.json().data.failed).toEqual([expect.objectContaining({ row: 1, code: 'MEMBERSHIP_NFT_ALREADY_EXISTS' })]);
  });

  it('bulk-issues a sheet row by row: each bad row refused with its own reason, the rest issued with their coupons set-based', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const { membershipIdx, couponIdx } = await templateWithCoupon(call);
    const held = phone();
    expect((await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '보유', ordererTel: held })).statusCode).toBe(201);
    const rows = Array.from({ length: 200 }, (_, i) => ({ nftTemplateIdx: membershipIdx, ordererName: `대량${i}`, ordererTel: `0105${String(i).padStart(3, '0')}${String(phoneSeq).padStart(4, '0')}`.slice(0, 11) }));
    rows[3] = { ...rows[3], ordererName: '' };
    rows[7] = { ...rows[7], ordererTel: held };
    // The same customer twice in one chunk: the first row issues, the second is refused as held.
    rows[9] = { ...rows[9], ordererTel: rows[8].ordererTel };
    const res = await call({ method: 'POST', url: `${URL}/bulk`, payload: { batchKey: 'mixed-sheet', rows } });
    expect(res.statusCode, res.body).toBe(201);
    const { list, failed } = res.json().data as { list: { row: number; idx: number }[]; failed: { row: number; code: string; errors: Record<string, string> }[] };
    expect(failed.map((f) => [f.row, f.code, Object.keys(f.errors)])).toEqual([
      [3, 'VALIDATION_FAILED', ['ordererName']], [7, 'MEMBERSHIP_NFT_ALREADY_EXISTS', ['ordererTel']], [9, 'MEMBERSHIP_NFT_ALREADY_EXISTS', ['ordererTel']],
    ]);
    expect(list).toHaveLength(197);
    expect(list.map((r) => r.row)).not.toContain(9);
    const granted = await t.database.db.select().from(customerCoupons).where(and(eq(customerCoupons.tenantIdx, tenantIdx), eq(customerCoupons.couponIdx, couponIdx)));
    expect(granted).toHaveLength(198);
    expect(new Set(granted.map((g) => g.barcode)).size).toBe(198);
    const page = (await call({ method: 'GET', url: `${URL}?pageSize=25&requestRoute=excel` })).json().data;
    expect(page.list[0]).toMatchObject({ nftType: 'MEMBERSHIP', nftStatus: 3, requestRoute: 'excel', membershipStatus: 'issuing' });
    const retry = await call({ method: 'POST', url: `${URL}/bulk`, payload: { batchKey: 'mixed-sheet', rows } });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(res.json());
  });

  it('grants the coupons the template attaches (issue 23 item 2) once per membership: a retried Idempotency-Key or batch key gives none again', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const cardName = `첨부 쿠폰 ${++phoneSeq}`;
    const res = await call({ method: 'POST', url: TEMPLATES, payload: {
      nftCardName: cardName, expireType: 'DAY', expireDays: 30,
      partnersCoupon: [
        { title: '웰컴 쿠폰', offline: 'N', couponNumber: 'WELCOME10', couponUrl: 'https://shop.example/welcome', endDate: day(20), isIssuable: 'Y' },
        { title: '매장 음료', offline: 'Y' },
        { title: '보여 주기만', offline: 'Y', isIssuable: 'N' },
      ],
    } });
    expect(res.statusCode, res.body).toBe(201);
    const membershipIdx = res.json().data.idx as number;
    /** Numbers of this template's test (phone() repeats within a millisecond). */
    const telOf = (i: number) => `0106${String(membershipIdx % 10_000).padStart(4, '0')}${String(i).padStart(3, '0')}`;
    const tel = telOf(100);
    const body = { nftTemplateIdx: membershipIdx, ordererName: '첨부', ordererTel: tel };
    const first = await call({ method: 'POST', url: URL, payload: body, headers: { 'idempotency-key': `attached-${membershipIdx}` } });
    expect(first.statusCode, first.body).toBe(201);
    const detail = (await call({ method: 'GET', url: `${URL}/${first.json().data.idx}` })).json().data;
    expect(detail.coupons.map((c: { title: string }) => c.title).sort()).toEqual(['매장 음료', '웰컴 쿠폰']);
    const retry = await call({ method: 'POST', url: URL, payload: body, headers: { 'idempotency-key': `attached-${membershipIdx}` } });
    expect(retry.statusCode).toBe(200);
    const [customer] = await t.database.db.select().from(customers).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.phone, tel)));
    const held = await t.database.db.select().from(customerCoupons).where(and(eq(customerCoupons.tenantIdx, tenantIdx), eq(customerCoupons.customerIdx, customer.idx)));
    expect(held).toHaveLength(2);
    expect(held.every((h) => h.source === 'MEMBERSHIP' && h.nftIdx === first.json().data.idx)).toBe(true);
    // The online one: its number as the coupon's code, its end; the offline one asks for the staff PIN.
    const records = await t.database.db.select().from(coupons).where(and(eq(coupons.tenantIdx, tenantIdx), eq(coupons.membershipIdx, membershipIdx)));
    expect(records).toEqual(expect.arrayContaining([
      expect.objectContaining({ title: '웰컴 쿠폰', usePlace: 1, code: 'WELCOME10', usePassword: 'N', expireType: 2, expireDate: day(20) }),
      expect.objectContaining({ title: '매장 음료', usePlace: 2, code: null, usePassword: 'Y', expireType: 1, expireDays: 30 }),
    ]));
    expect(records).toHaveLength(2);

    // Bulk: every row gets both, through the same records; the same batch key again gives none.
    const rows = [0, 1, 2].map((i) => ({ nftTemplateIdx: membershipIdx, ordererName: `첨부대량${i}`, ordererTel: telOf(i) }));
    const bulk = await call({ method: 'POST', url: `${URL}/bulk`, payload: { batchKey: `attached-bulk-${membershipIdx}`, rows } });
    expect(bulk.statusCode, bulk.body).toBe(201);
    const ofTemplate = () => t.database.db.select().from(customerCoupons)
      .where(and(eq(customerCoupons.tenantIdx, tenantIdx), inArray(customerCoupons.couponIdx, records.map((r) => r.idx))));
    expect(await ofTemplate()).toHaveLength(8);
    const again = await call({ method: 'POST', url: `${URL}/bulk`, payload: { batchKey: `attached-bulk-${membershipIdx}`, rows } });
    expect(again.statusCode).toBe(200);
    expect(await ofTemplate()).toHaveLength(8);
    expect(await t.database.db.select().from(coupons).where(and(eq(coupons.tenantIdx, tenantIdx), eq(coupons.membershipIdx, membershipIdx)))).toHaveLength(2);

    // An attached coupon the template no longer attaches is no longer given; a changed one is a new record.
    const patched = await call({ method: 'PATCH', url: `${TEMPLATES}/${membershipIdx}`, payload: {
      nftCardName: cardName, expireType: 'DAY', expireDays: 30,
      partnersCoupon: [{ title: '웰컴 쿠폰 2', offline: 'N', couponNumber: 'WELCOME20', couponUrl: '', endDate: '', isIssuable: 'Y' }],
    } });
    expect(patched.statusCode, patched.body).toBe(200);
    const later = await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '나중', ordererTel: telOf(200) });
    expect(later.statusCode, later.body).toBe(201);
    const laterCoupons = (await call({ method: 'GET', url: `${URL}/${later.json().data.idx}` })).json().data.coupons;
    expect(laterCoupons).toEqual([expect.objectContaining({ title: '웰컴 쿠폰 2', status: 'ISSUED' })]);
  });

  it('stops memberships, keeps their coupons valid, lets the type be issued again, and shows expiry', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const { membershipIdx } = await templateWithCoupon(call);
    const tel = phone();
    const m = (await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '중지', ordererTel: tel })).json().data;
    let res = await call({ method: 'PATCH', url: `${URL}/stop/bulk`, payload: { nftIdxList: [m.idx] } });
    expect(res.statusCode, res.body).toBe(200);
    const stopped = (await call({ method: 'GET', url: `${URL}/${m.idx}` })).json().data;
    expect(stopped).toMatchObject({ membershipStatus: 'stop', membershipStatusName: '중지', customerStatus: 'CANCELED' });
    expect(stopped.coupons).toEqual([expect.objectContaining({ status: 'ISSUED' })]);
    res = await call({ method: 'PATCH', url: `${URL}/stop/bulk`, payload: { nftIdxList: [m.idx] } });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ILLEGAL_TRANSITION');
    const again = await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '중지', ordererTel: tel });
    expect(again.statusCode, again.body).toBe(201);

    await t.database.db.update(nfts).set({ expiresAt: new Date(t.clock.now().getTime() - 1000) }).where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.idx, again.json().data.idx)));
    const expired = (await call({ method: 'GET', url: `${URL}/${again.json().data.idx}` })).json().data;
    expect(expired).toMatchObject({ membershipStatus: 'expired', membershipStatusName: '만료', customerStatus: 'EXPIRED', customerStatusName: '만료' });
    expect(expired.coupons).toEqual([expect.objectContaining({ status: 'ISSUED' })]);

    const edited = await call({ method: 'PATCH', url: `${URL}/${m.idx}`, payload: { ordererName: '이름 바꿈' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.ordererName).toBe('이름 바꿈');
    res = await call({ method: 'PATCH', url: `${URL}/cancel/bulk`, payload: { nftIdxList: [again.json().data.idx] } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call({ method: 'GET', url: `${URL}/${again.json().data.idx}` })).json().data.customerStatus).toBe('CANCELED');
  });

  it('a waiting application (status 1, as the lounge creates it through the shared path) holds the type, and its approval grants the coupons', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const { membershipIdx, couponIdx } = await templateWithCoupon(call);
    const tel = phone();
    const tenant = { tenantIdx, adminIdx: tenantIdx, b2bType: 'brand' as const };
    const now = t.clock.now();
    const { values, errors } = await prepareIssues(t.database.db, tenant, [{ nftTemplateIdx: membershipIdx, ordererName: '신청', ordererTel: tel }], () => '', { nftType: 'MEMBERSHIP', requestRoute: 'product', matchModelNumber: false }, now);
    expect(errors).toEqual({});
    const deps = { messaging: t.app.messaging, publicUrl: t.app.config.publicUrl };
    const [waiting] = await insertIssues(t.database.db, deps, tenant, values.map((v) => ({ ...v, nftStatus: 1, issuedAt: null, requestRoute: 'user' })), now, null);
    const wallet = () => t.database.db.select().from(customerCoupons).where(and(eq(customerCoupons.tenantIdx, tenantIdx), eq(customerCoupons.nftIdx, waiting.idx)));
    expect(await wallet()).toHaveLength(0);
    // Another issue of the type meanwhile is refused, and a second application through the shared path too.
    expect((await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '신청', ordererTel: tel })).json().code).toBe('MEMBERSHIP_NFT_ALREADY_EXISTS');
    const again = await prepareIssues(t.database.db, tenant, [{ nftTemplateIdx: membershipIdx, ordererName: '신청', ordererTel: tel }], () => '', { nftType: 'MEMBERSHIP', requestRoute: 'product', matchModelNumber: false }, now);
    expect(again.codes).toEqual({ ordererTel: 'MEMBERSHIP_NFT_ALREADY_EXISTS' });
    await expect(insertIssues(t.database.db, deps, tenant, values, now, null)).rejects.toMatchObject({ status: 409, code: 'MEMBERSHIP_NFT_ALREADY_EXISTS' });

    const res = await call({ method: 'PATCH', url: `${URL}/complete/bulk`, payload: { nftIdxList: [waiting.idx] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await wallet()).toEqual([expect.objectContaining({ couponIdx, source: 'MEMBERSHIP', status: 'ISSUED' })]);
    expect((await call({ method: 'GET', url: `${URL}/${waiting.idx}` })).json().data).toMatchObject({ nftStatus: 3, membershipStatus: 'issuing', customerStatus: 'COMPLETED' });
  });

  it('issues a grade-bound membership to the grade\'s customers in the grade job, once, and stops it for those who leave', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const [grade] = await t.database.db.select().from(customerGroups).where(eq(customerGroups.tenantIdx, tenantIdx)).orderBy(customerGroups.groupNo).limit(1);
    const { membershipIdx } = await templateWithCoupon(call, { customerGroupIdx: grade.idx });
    expect((await call({ method: 'GET', url: `${TEMPLATES}/${membershipIdx}` })).json().data.customerGroupIdx).toBe(grade.idx);
    const bad = await call({ method: 'POST', url: TEMPLATES, payload: { nftCardName: '잘못된 등급', expireType: 'DAY', expireDays: 3, customerGroupIdx: 999_999 } });
    expect(bad.json().errors.customerGroupIdx).toBe('존재하지 않는 고객 등급이에요');

    // The grade job's slot: the last run was before today's 03:00.
    const due = async () => {
      await t.database.db.update(customerSettings).set({ lastGradeRunAt: new Date(t.clock.now().getTime() - 40 * 86_400_000), gradeSchedule: 'daily' }).where(eq(customerSettings.tenantIdx, tenantIdx));
      return runCustomerGradeJob(t.app);
    };
    const done = await due();
    const members = await t.database.db.select({ idx: customers.idx }).from(customers).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.groupIdx, grade.idx)));
    expect(members.length).toBeGreaterThan(0);
    expect(done.find((d) => d.tenantIdx === tenantIdx)?.memberships).toMatchObject({ issued: members.length, stopped: 0 });
    const issued = await t.database.db.select().from(nfts).where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.nftTemplateIdx, membershipIdx)));
    expect(issued.map((n) => n.customerIdx).sort()).toEqual(members.map((m) => m.idx).sort());
    expect(issued.every((n) => n.requestRoute === 'grade' && n.nftStatus === 3)).toBe(true);
    expect((await due()).find((d) => d.tenantIdx === tenantIdx)?.memberships).toMatchObject({ issued: 0, stopped: 0 });

    // A customer leaves the grade (the grade list goes on without it): stopped at the next run.
    const leaving = members[0].idx;
    await t.database.db.update(customerGroups).set({ minPurchaseAmount: 999_999_999_999 }).where(and(eq(customerGroups.tenantIdx, tenantIdx), eq(customerGroups.idx, grade.idx)));
    await due();
    const after = await t.database.db.select().from(nfts).where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.nftTemplateIdx, membershipIdx), eq(nfts.customerIdx, leaving)));
    expect(after[0].stoppedAt).not.toBeNull();
  });

  it('answers the membership dashboards, ALL when dateType is omitted', async () => {
    const { call } = await sessionOf('brand@demo.test');
    const { membershipIdx } = await templateWithCoupon(call);
    expect((await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '대시', ordererTel: phone() })).statusCode).toBe(201);
    const issued = await call({ method: 'GET', url: `${DASH}/issued` });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().data).toMatchObject({ dateType: 'ALL', from: null });
    expect(issued.json().data.totalCount).toBeGreaterThan(0);
    expect(issued.json().data.graph).toContainEqual({ date: day(0), count: expect.any(Number) });
    const summary = (await call({ method: 'GET', url: `${DASH}/summary?dateType=7d` })).json().data;
    expect(summary.templates).toContainEqual(expect.objectContaining({ templateIdx: membershipIdx, issuing: 1, total: 1 }));
    const coupon = (await call({ method: 'GET', url: `${DASH}/coupon?dateType=1m` })).json().data;
    expect(coupon.list).toContainEqual(expect.objectContaining({ title: '웰컴 쿠폰', issuedCount: expect.any(Number), usedCount: 0 }));
    const bad = await call({ method: 'GET', url: `${DASH}/summary?dateType=2y` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.dateType).toBe(MEMBERSHIP_ISSUE_MSG.dashboardPeriodInvalid);
  });

  it('does not find another tenant\'s membership or a guarantee, and changes neither', async () => {
    const a = await sessionOf('brand@demo.test');
    const b = await sessionOf('other@demo.test');
    const bTemplate = await templateWithCoupon(b.call);
    const bMembership = (await issue(b.call, { nftTemplateIdx: bTemplate.membershipIdx, ordererName: '남의', ordererTel: phone() })).json().data;
    const [guarantee] = await t.database.db.select().from(nfts).where(and(eq(nfts.tenantIdx, a.tenantIdx), eq(nfts.nftType, 'GUARANTEE'))).limit(1);
    for (const idx of [bMembership.idx, guarantee.idx]) {
      for (const request of [
        { method: 'GET' as const, url: `${URL}/${idx}` },
        { method: 'PATCH' as const, url: `${URL}/${idx}`, payload: { ordererName: '바꿈' } },
        { method: 'DELETE' as const, url: `${URL}/${idx}` },
        { method: 'PATCH' as const, url: `${URL}/stop/bulk`, payload: { nftIdxList: [idx] } },
        { method: 'PATCH' as const, url: `${URL}/cancel/bulk`, payload: { nftIdxList: [idx] } },
        { method: 'DELETE' as const, url: `${URL}/bulk`, payload: { nftIdxList: [idx] } },
      ]) {
        const res = await a.call(request);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
      }
    }
    // Another tenant's template cannot be issued either.
    const res = await issue(a.call, { nftTemplateIdx: bTemplate.membershipIdx, ordererName: '남의', ordererTel: phone() });
    expect(res.statusCode).toBe(400);
    expect((await b.call({ method: 'GET', url: `${URL}/${bMembership.idx}` })).json().data).toMatchObject({ ordererName: '남의', nftStatus: 3 });
    const aList = (await a.call({ method: 'GET', url: `${URL}?pageSize=100` })).json().data.list.map((m: { idx: number }) => m.idx);
    expect(aList).not.toContain(bMembership.idx);
    expect(aList).not.toContain(guarantee.idx);
  });

  it('lets a sub-account issue, and refuses repairers, accounts without the MEMBERSHIP feature and the STANDARD plan on every route', async () => {
    const staff = await sessionOf('staff@demo.test');
    const { membershipIdx } = await templateWithCoupon((await sessionOf('brand@demo.test')).call);
    expect((await issue(staff.call, { nftTemplateIdx: membershipIdx, ordererName: '직원 발급', ordererTel: phone() })).statusCode).toBe(201);
    const requests = [
      { method: 'GET' as const, url: URL }, { method: 'POST' as const, url: URL, payload: {} }, { method: 'POST' as const, url: `${URL}/bulk`, payload: {} },
      { method: 'GET' as const, url: `${URL}/1` }, { method: 'PATCH' as const, url: `${URL}/1`, payload: {} }, { method: 'DELETE' as const, url: `${URL}/1` },
      { method: 'PATCH' as const, url: `${URL}/stop/bulk`, payload: { nftIdxList: [1] } },
      { method: 'GET' as const, url: `${DASH}/issued` }, { method: 'GET' as const, url: `${DASH}/summary` }, { method: 'GET' as const, url: `${DASH}/coupon` },
    ];
    const repair = await sessionOf('repair@demo.test');
    for (const request of requests) expect((await repair.call(request)).json().code, request.url).toBe('FORBIDDEN_ROLE');

    const brand = await confirmedBrand(t, { email: uniqueEmail('memi') });
    const tenantIdx = (await findAccountByEmail(t.database.db, brand.email))!.idx;
    const call = as(t, brand.token);
    await t.database.db.delete(featureSettings).where(and(eq(featureSettings.tenantIdx, tenantIdx), eq(featureSettings.name, 'MEMBERSHIP')));
    for (const request of requests) {
      const res = await call(request);
      expect(res.statusCode, request.url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FEATURE_DISABLED', message: MSG.featureBlocked });
    }
    await t.database.db.insert(featureSettings).values({ tenantIdx, name: 'MEMBERSHIP', option: null, endAt: null });
    await t.database.db.update(subscriptions).set({ planId: 'STANDARD_MONTHLY', isTrial: false }).where(eq(subscriptions.tenantIdx, tenantIdx));
    t.app.principals.forgetTenant(tenantIdx);
    for (const request of requests) {
      const res = await call(request);
      expect(res.statusCode, request.url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FEATURE_DISABLED', message: MSG.featureBlocked });
    }
  });
});
