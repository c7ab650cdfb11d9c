import { and, desc, eq } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import { ZipReader, Uint8ArrayReader, Uint8ArrayWriter } from '@zip.js/zip.js';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { as, confirmedBrand, uniqueEmail } from '../../../tests/helpers/accounts';
import { CUSTOMER_DISTRIBUTION, CUSTOMER_EXPORT_COLUMNS, CUSTOMER_MSG, marketableSince } from '../../../src/domain/customer';
import { FIELD_MSG } from '../../../src/domain/messages';
import { customerDownloads, customerOrders, customerOverview, customerSettings, customers, mailOutbox } from '../../db/schema';
import { findAccountByEmail } from '../accounts/repository';
import { runCustomerGradeJob } from '../../jobs/customerGrades';
import { OVERVIEW_STALE_MS, overviewRun } from './overview';
import { downloadRuns } from './download';

/** Grades (save, preview, run, the 03:00 job), the overview, the encrypted download and the dashboard. */

const C = '/api/v1/admin/customers';
const G = '/api/v1/admin/customers-group';
const O = '/api/customer/v1/overview';
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Call = ReturnType<typeof as>;
async function tenant() {
  const brand = await confirmedBrand(t, { email: uniqueEmail('grade') });
  return { call: as(t, brand.token), tenantIdx: (await findAccountByEmail(t.database.db, brand.email))!.idx, email: brand.email };
}
async function add(call: Call, body: Record<string, unknown>): Promise<number> {
  const res = await call({ method: 'POST', url: C, payload: body });
  if (res.statusCode !== 201) throw new Error(`add failed: ${res.statusCode} ${res.body}`);
  return res.json().data.customerIdx;
}
async function orders(tenantIdx: number, customerIdx: number, amounts: number[], orderedAt: Date) {
  await t.database.db.insert(customerOrders).values(amounts.map((paymentAmount) => ({ tenantIdx, customerIdx, orderedAt, channel: 'offline' as const, productName: '상품', paymentAmount })));
}

describe('grades', () => {
  const GRADES = [
    { name: 'BASIC', groupNo: 1, minPurchaseAmount: 0, minPurchaseCount: 0 },
    { name: 'SILVER', groupNo: 2, minPurchaseAmount: 100_000, minPurchaseCount: 2 },
    { name: 'GOLD', groupNo: 3, minPurchaseAmount: 500_000, minPurchaseCount: 3 },
  ];

  it('saves the whole list, previews counts without saving, runs it, and counts customers per grade', async () => {
    const { call, tenantIdx } = await tenant();
    const now = t.clock.now();
    const a = await add(call, { customerName: '골드', customerPhone: '01010000001' });
    const b = await add(call, { customerName: '실버', customerPhone: '01010000002' });
    const c = await add(call, { customerName: '기본', customerPhone: '01010000003' });
    const d = await add(call, { customerName: '오래전', customerPhone: '01010000004' });
    await orders(tenantIdx, a, [200_000, 200_000, 200_000], new Date(now.getTime() - 30 * DAY));
    await orders(tenantIdx, b, [60_000, 60_000], new Date(now.getTime() - 30 * DAY));
    await orders(tenantIdx, c, [500_000], new Date(now.getTime() - 30 * DAY));
    // Outside the 12-month grade period: counts for nothing.
    await orders(tenantIdx, d, [900_000, 900_000, 900_000], new Date(now.getTime() - 400 * DAY));

    const preview = await call({ method: 'POST', url: `${G}/preview`, payload: GRADES });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.list).toEqual([
      { groupNo: 1, name: 'BASIC', customerCount: 2 }, { groupNo: 2, name: 'SILVER', customerCount: 1 }, { groupNo: 3, name: 'GOLD', customerCount: 1 },
    ]);
    expect((await call({ method: 'GET', url: `${G}/list` })).json().data.list).toEqual([]);

    const saved = await call({ method: 'POST', url: `${G}/direct`, payload: { list: GRADES } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.list.map((g: { name: string; customerCount: number }) => [g.name, g.customerCount])).toEqual([['BASIC', 0], ['SILVER', 0], ['GOLD', 0]]);
    const run = await call({ method: 'POST', url: `${G}/run` });
    expect(run.json().data).toEqual({ updated: 4 });
    const list = (await call({ method: 'GET', url: `${G}/list` })).json().data.list;
    expect(list.map((g: { name: string; customerCount: number }) => [g.name, g.customerCount])).toEqual([['BASIC', 2], ['SILVER', 1], ['GOLD', 1]]);
    expect((await call({ method: 'GET', url: `${C}/${a}` })).json().data).toMatchObject({ customerGroupName: 'GOLD', customerGroupIdx: list[2].idx });
    expect((await call({ method: 'GET', url: `${C}/${d}` })).json().data.customerGroupName).toBe('BASIC');
    expect((await call({ method: 'GET', url: `${G}/${list[1].idx}` })).json().data).toMatchObject({ name: 'SILVER', customerCount: 1 });
    // Running again changes nothing.
    expect((await call({ method: 'POST', url: `${G}/run` })).json().data).toEqual({ updated: 0 });
    const filtered = await call({ method: 'GET', url: `${C}?filterOptions=${encodeURIComponent(JSON.stringify({ groupIdx: [list[2].idx, list[1].idx] }))}&orderBy=customerName&orderDirection=ASC` });
    expect(filtered.json().data.list.map((r: { customerName: string }) => r.customerName)).toEqual(['골드', '실버']);

    // Rename GOLD, drop SILVER: its customer loses the grade until the next run.
    const next = await call({ method: 'POST', url: `${G}/direct`, payload: [
      { idx: list[0].idx, name: 'BASIC', groupNo: 1 }, { idx: list[2].idx, name: 'VIP', groupNo: 5, minPurchaseAmount: 500_000, minPurchaseCount: 3 },
    ] });
    expect(next.json().data.list.map((g: { name: string; customerCount: number }) => [g.name, g.customerCount])).toEqual([['BASIC', 2], ['VIP', 1]]);
    expect((await call({ method: 'GET', url: `${C}/${b}` })).json().data.customerGroupName).toBeNull();
    expect((await call({ method: 'GET', url: `${C}/${a}` })).json().data.customerGroupName).toBe('VIP');
  });

  it('refuses an invalid list as a whole and changes nothing', async () => {
    const { call } = await tenant();
    await call({ method: 'POST', url: `${G}/direct`, payload: { list: GRADES } });
    const bad = await call({ method: 'POST', url: `${G}/direct`, payload: { list: [{ name: 'A', groupNo: 2 }, { name: 'A', groupNo: 1 }] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'list[0].name': CUSTOMER_MSG.gradeNameDuplicate, 'list[1].name': CUSTOMER_MSG.gradeNameDuplicate, 'list[1].groupNo': CUSTOMER_MSG.groupNoOrder });
    expect((await call({ method: 'GET', url: `${G}/list` })).json().data.list.map((g: { name: string }) => g.name)).toEqual(['BASIC', 'SILVER', 'GOLD']);
    expect((await call({ method: 'POST', url: `${G}/preview`, payload: { list: [] } })).json().errors).toEqual({ list: CUSTOMER_MSG.gradesRequired });
  });

  it('runs at 03:00 Asia/Seoul on the tenant\'s schedule, once per slot', async () => {
    const { call, tenantIdx } = await tenant();
    const c = await add(call, { customerName: '스케줄', customerPhone: '01020000001' });
    await call({ method: 'POST', url: `${G}/direct`, payload: { list: GRADES } });
    await call({ method: 'PATCH', url: `${C}/setting`, payload: { gradeSchedule: 'daily' } });
    // The grade figures only (each run also answers its grade-bound memberships, server/modules/memberships/gradeMemberships.ts).
    const mine = (done: { tenantIdx: number; updated: number }[]) => done.filter((d) => d.tenantIdx === tenantIdx).map(({ tenantIdx: i, updated }) => ({ tenantIdx: i, updated }));
    const start = t.clock.now();
    try {
      // Settings were created now (10:00 KST): nothing is due before tomorrow 03:00 KST (18:00 UTC).
      expect(mine(await runCustomerGradeJob(t.app))).toEqual([]);
      t.clock.set(new Date('2026-11-22T17:59:00Z'));
      expect(mine(await runCustomerGradeJob(t.app))).toEqual([]);
      t.clock.set(new Date('2026-11-22T18:00:00Z'));
      expect(mine(await runCustomerGradeJob(t.app))).toEqual([{ tenantIdx, updated: 1 }]);
      expect(mine(await runCustomerGradeJob(t.app))).toEqual([]);
      const [s] = await t.database.db.select().from(customerSettings).where(eq(customerSettings.tenantIdx, tenantIdx));
      expect(s.lastGradeRunAt?.toISOString()).toBe('2026-11-22T18:00:00.000Z');
      const [row] = await t.database.db.select().from(customers).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, c)));
      expect(row.groupIdx).not.toBeNull();
      // Monthly: the next slot is 1 December 03:00 KST.
      await t.database.db.update(customerSettings).set({ gradeSchedule: 'monthly' }).where(eq(customerSettings.tenantIdx, tenantIdx));
      t.clock.set(new Date('2026-11-29T18:00:00Z'));
      expect(mine(await runCustomerGradeJob(t.app))).toEqual([]);
      t.clock.set(new Date('2026-11-30T18:00:00Z'));
      expect(mine(await runCustomerGradeJob(t.app))).toEqual([{ tenantIdx, updated: 0 }]);
    } finally {
      t.clock.set(start);
    }
  });
});

describe('overview', () => {
  it('computes the four figures and last week\'s on a known data set, in the background with the updating flag', async () => {
    const { call, tenantIdx } = await tenant();
    const now = t.clock.now();
    const since = marketableSince(now);
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const set = async (idx: number, values: Partial<typeof customers.$inferInsert>) =>
      t.database.db.update(customers).set(values).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, idx)));
    // 1: marketing consent (given 10 days ago), wallet, registered 30 days ago.
    const c1 = await add(call, { customerName: '하나', customerPhone: '01030000001', isAgreeMarketing: 'Y' });
    await set(c1, { hasWallet: 'Y', createdAt: ago(30 * DAY), agreeMarketingAt: ago(10 * DAY) });
    // 2: SMS consent given 3 days ago (not yet last week), registered 30 days ago.
    const c2 = await add(call, { customerName: '둘', customerPhone: '01030000002', isAgreeSMS: 'Y' });
    await set(c2, { createdAt: ago(30 * DAY), agreeSmsAt: ago(3 * DAY) });
    // 3: an order one minute inside the 6-month window; registered 300 days ago.
    const c3 = await add(call, { customerName: '셋', customerPhone: '01030000003' });
    await set(c3, { createdAt: ago(300 * DAY) });
    await orders(tenantIdx, c3, [10_000], new Date(since.getTime() + 60_000));
    // 4: an order one minute outside it.
    const c4 = await add(call, { customerName: '넷', customerPhone: '01030000004' });
    await set(c4, { createdAt: ago(300 * DAY), hasWallet: 'Y' });
    await orders(tenantIdx, c4, [10_000], new Date(since.getTime() - 60_000));
    // 5: registered 2 days ago, nothing else; 6: registered today with a wallet.
    const c5 = await add(call, { customerName: '다섯', customerPhone: '01030000005' });
    await set(c5, { createdAt: ago(2 * DAY) });
    const c6 = await add(call, { customerName: '여섯', customerPhone: '01030000006' });
    await set(c6, { hasWallet: 'Y' });

    // Never computed: the first GET starts the computation and says updating.
    const first = (await call({ method: 'GET', url: O })).json().data;
    expect(first).toMatchObject({ totalCustomers: 0, updating: true, updatedAt: null });
    await overviewRun(t.database.db, tenantIdx);
    expect((await call({ method: 'GET', url: O })).json().data).toMatchObject({ totalCustomers: 6, updating: false, updatedAt: now.toISOString() });
    // Another process is computing (updating since a minute ago): a refresh starts nothing, GET says updating.
    await t.database.db.update(customerOverview).set({ updating: true, updatingSince: new Date(now.getTime() - 60_000) }).where(eq(customerOverview.tenantIdx, tenantIdx));
    const busy = await call({ method: 'POST', url: `${O}/refresh` });
    expect(busy.statusCode).toBe(202);
    expect(overviewRun(t.database.db, tenantIdx)).toBeUndefined();
    expect((await call({ method: 'GET', url: O })).json().data.updating).toBe(true);
    // Past OVERVIEW_STALE_MS that computation is taken as lost and a refresh starts a new one.
    await t.database.db.update(customerOverview).set({ updatingSince: new Date(now.getTime() - OVERVIEW_STALE_MS - 1) }).where(eq(customerOverview.tenantIdx, tenantIdx));
    const started = await call({ method: 'POST', url: `${O}/refresh` });
    expect(started.statusCode).toBe(202);
    expect(started.json().data).toEqual({ updating: true });
    await overviewRun(t.database.db, tenantIdx);

    const data = (await call({ method: 'GET', url: O })).json().data;
    expect(data).toEqual({
      totalCustomers: 6, totalSignUps: 3, signUpRate: 50, totalMarketableCustomers: 3,
      // Last week: c1..c4 existed; wallets c1, c4; marketable: c1 (consent 10 days ago), c3 and c4
      // (both orders fall in the 6 months before a week ago); c2's consent came later.
      lastWeek: { totalCustomers: 4, totalSignUps: 2, signUpRate: 50, totalMarketableCustomers: 3 },
      updating: false, updatedAt: now.toISOString(),
    });
    // Moving the clock 2 minutes on puts c3's order outside the window.
    t.clock.advance(2 * 60_000);
    await call({ method: 'POST', url: `${O}/refresh` });
    await overviewRun(t.database.db, tenantIdx);
    const later = (await call({ method: 'GET', url: O })).json().data;
    expect(later).toMatchObject({ totalMarketableCustomers: 2, totalSignUps: 3, signUpRate: 50 });
    t.clock.advance(-2 * 60_000);
  });

  it('rounds the sign-up rate to two decimals', async () => {
    const { call, tenantIdx } = await tenant();
    const a = await add(call, { customerName: '가', customerPhone: '01040000001' });
    await add(call, { customerName: '나', customerPhone: '01040000002' });
    await add(call, { customerName: '다', customerPhone: '01040000003' });
    await t.database.db.update(customers).set({ hasWallet: 'Y' }).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.idx, a)));
    await call({ method: 'POST', url: `${O}/refresh` });
    await overviewRun(t.database.db, tenantIdx);
    expect((await call({ method: 'GET', url: O })).json().data.signUpRate).toBe(33.33);
  });
});

describe('download', () => {
  it('validates the request, mails an AES-encrypted zip of the xlsx and records who, when and why', async () => {
    const { call, tenantIdx, email } = await tenant();
    await add(call, { customerName: '엑셀고객', customerPhone: '01050000001', isAgreeMarketing: 'Y' });
    await add(call, { customerName: '두번째', customerPhone: '01050000002' });
    const bad = await call({ method: 'POST', url: `${O}/download`, payload: { email: 'x', password: 'abcdef', reason: '' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ email: FIELD_MSG.emailFormat, password: FIELD_MSG.filePasswordRule, reason: CUSTOMER_MSG.reasonRequired });

    const password = 'Secr3t!x';
    const res = await call({ method: 'POST', url: `${O}/download`, payload: { email: 'export@example.com', password, reason: '분기 정산' } });
    expect(res.statusCode).toBe(202);
    const { requestIdx } = res.json().data;
    await Promise.all(downloadRuns(t.database.db));

    const [mail] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'export@example.com')).orderBy(desc(mailOutbox.idx)).limit(1);
    expect(mail.subject).toBe(CUSTOMER_MSG.downloadMailSubject);
    expect(mail.attachments).toHaveLength(1);
    const [att] = mail.attachments!;
    expect(att).toMatchObject({ filename: 'customers.zip', contentType: 'application/zip' });
    expect(JSON.stringify(mail)).not.toContain(password);
    const zip = new Uint8Array(Buffer.from(att.base64, 'base64'));
    const [entry] = await new ZipReader(new Uint8ArrayReader(zip)).getEntries();
    if (entry.directory) throw new Error('the zip holds a directory, not the export');
    expect(entry.filename).toBe('customers.xlsx');
    expect(entry.encrypted).toBe(true);
    await expect(entry.getData(new Uint8ArrayWriter())).rejects.toThrow();
    await expect(entry.getData(new Uint8ArrayWriter(), { password: 'Wrong1!x' })).rejects.toThrow();
    const xlsx = await entry.getData(new Uint8ArrayWriter(), { password });
    const sheet = XLSX.read(xlsx, { type: 'array' });
    const rows = XLSX.utils.sheet_to_json<(string | number | null)[]>(sheet.Sheets[sheet.SheetNames[0]], { header: 1 });
    expect(rows[0]).toEqual(CUSTOMER_EXPORT_COLUMNS.map(([, label]) => label));
    expect(rows.slice(1).map((r) => r[1])).toEqual(['두번째', '엑셀고객']);

    const [audit] = await t.database.db.select().from(customerDownloads).where(and(eq(customerDownloads.tenantIdx, tenantIdx), eq(customerDownloads.idx, requestIdx)));
    expect(audit).toMatchObject({ email: 'export@example.com', reason: '분기 정산', rowCount: 2 });
    expect(JSON.stringify(audit)).not.toContain(password);
    const history = (await call({ method: 'GET', url: `${O}/download` })).json().data;
    expect(history.list).toEqual([expect.objectContaining({ idx: requestIdx, adminEmail: email, email: 'export@example.com', reason: '분기 정산', rowCount: 2 })]);
    // Another tenant sees none of it.
    const other = await tenant();
    expect((await other.call({ method: 'GET', url: `${O}/download` })).json().data.total).toBe(0);
  });
});

describe('dashboard', () => {
  it('buckets customers by amount, count and average price, and lists the top by total order price', async () => {
    const { call } = await tenant();
    const now = t.clock.now();
    const big = await add(call, { customerName: '큰손', customerPhone: '01060000001' });
    const mid = await add(call, { customerName: '중간', customerPhone: '01060000002' });
    await add(call, { customerName: '없음', customerPhone: '01060000003' });
    for (const [idx, amounts] of [[big, [2_000_000, 1_500_000]], [mid, [60_000]]] as const) {
      for (const paymentAmount of amounts) {
        await call({ method: 'POST', url: `${C}/${idx}/orders`, payload: { orderedAt: now.toISOString(), channel: 'offline', productName: '상품', paymentAmount } });
      }
    }
    const res = await call({ method: 'GET', url: '/api/v2/admin/customers/dashboard' });
    expect(res.statusCode).toBe(200);
    const { distribution, topList } = res.json().data;
    const label = (k: keyof typeof CUSTOMER_DISTRIBUTION, i: number) => CUSTOMER_DISTRIBUTION[k][i].label;
    expect(distribution.salesAmount).toMatchObject({ [label('salesAmount', 0)]: 2, [label('salesAmount', 4)]: 1 });
    expect(distribution.count).toMatchObject({ [label('count', 0)]: 1, [label('count', 1)]: 1, [label('count', 2)]: 1 });
    expect(distribution.price).toMatchObject({ [label('price', 1)]: 1, [label('price', 4)]: 1 });
    expect(Object.values(distribution.price).reduce((a, b) => Number(a) + Number(b), 0)).toBe(2);
    expect(topList.map((r: { userName: string; totalPayAmount: number }) => [r.userName, r.totalPayAmount])).toEqual([['큰손', 3_500_000], ['중간', 60_000], ['없음', 0]]);
    expect(topList[0]).toMatchObject({ userIdx: big, couponRemainCount: 0 });
  });
});
