import { and, asc, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { sessionOf as demoSession, as } from '../../../tests/helpers/accounts';
import { MEMBERSHIP_ISSUE_MSG } from '../../../src/domain/membershipIssue';
import { customerCoupons, customerGroups, customerSettings, customers, nftTemplates, nfts } from '../../db/schema';
import { runCustomerGradeJob } from '../../jobs/customerGrades';

/**
 * One membership per type per customer counts only memberships held now: an expired one no longer
 * blocks issuing the same membership to the same customer (server/modules/memberships/held.ts). The
 * expired row stays as it was (idx, status, expiry, coupons, updated_at), only marked superseded so
 * that it leaves the partial unique index nfts_membership_held.
 */

const URL = '/api/v1/admin/membership-nft';
const TEMPLATES = '/api/v1/admin/membership-template';
const COUPONS = '/api/v1/admin/coupon';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

type Call = ReturnType<typeof as>;
const sessionOf = (email: string) => demoSession(t, email);
let seq = 0;
/** A fresh mobile number per call: 0106 + 7 digits. */
const phone = () => `0106${String(Date.now() % 1_000).padStart(3, '0')}${String(++seq).padStart(4, '0')}`;

async function templateWithCoupon(call: Call, extra: Record<string, unknown> = {}) {
  const res = await call({ method: 'POST', url: TEMPLATES, payload: { nftCardName: `재발급 멤버십 ${++seq}`, expireType: 'DAY', expireDays: 30, ...extra } });
  expect(res.statusCode, res.body).toBe(201);
  const membershipIdx = res.json().data.idx as number;
  const coupon = await call({ method: 'POST', url: COUPONS, payload: { title: '재발급 쿠폰', membershipIdx, expireType: 1, expireDays: 10, usePlace: 1 } });
  expect(coupon.statusCode, coupon.body).toBe(201);
  return { membershipIdx, couponIdx: coupon.json().data.idx as number };
}
const issue = (call: Call, payload: Record<string, unknown>) => call({ method: 'POST', url: URL, payload });
const row = async (tenantIdx: number, idx: number) => (await t.database.db.select().from(nfts).where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.idx, idx))))[0];
const walletOf = (tenantIdx: number, nftIdx: number) =>
  t.database.db.select().from(customerCoupons).where(and(eq(customerCoupons.tenantIdx, tenantIdx), eq(customerCoupons.nftIdx, nftIdx))).orderBy(asc(customerCoupons.idx));
/** Ends a membership a second ago, as time would (nothing else in the row changes at expiry). */
const expire = (tenantIdx: number, idx: number[]) =>
  t.database.db.update(nfts).set({ expiresAt: new Date(t.clock.now().getTime() - 1000) }).where(and(eq(nfts.tenantIdx, tenantIdx), inArray(nfts.idx, idx)));

describe(`membership re-issue after expiry (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('a held membership refuses the same type; once expired it no longer does, and stays on the customer as it was, superseded', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const { membershipIdx, couponIdx } = await templateWithCoupon(call);
    const other = await templateWithCoupon(call);
    const tel = phone();
    const first = (await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '재발급', ordererTel: tel })).json().data;
    const otherType = (await issue(call, { nftTemplateIdx: other.membershipIdx, ordererName: '재발급', ordererTel: tel })).json().data;

    // Not yet expired: still one per type.
    let res = await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '재발급', ordererTel: tel });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'MEMBERSHIP_NFT_ALREADY_EXISTS', message: MEMBERSHIP_ISSUE_MSG.alreadyExists });

    await expire(tenantIdx, [first.idx, otherType.idx]);
    const before = await row(tenantIdx, first.idx);
    const couponsBefore = await walletOf(tenantIdx, first.idx);
    expect(couponsBefore).toEqual([expect.objectContaining({ couponIdx, status: 'ISSUED' })]);

    res = await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '재발급', ordererTel: tel });
    expect(res.statusCode, res.body).toBe(201);
    const second = res.json().data;
    expect(second.idx).not.toBe(first.idx);
    expect(second).toMatchObject({ nftStatus: 3, membershipStatus: 'issuing' });

    // The expired one: the same row, status, expiry, coupons and updated_at; only superseded_at is set.
    const after = await row(tenantIdx, first.idx);
    expect(after.supersededAt).toEqual(t.clock.now());
    expect({ ...after, supersededAt: null }).toEqual({ ...before, supersededAt: null });
    expect(await walletOf(tenantIdx, first.idx)).toEqual(couponsBefore);
    const shown = (await call({ method: 'GET', url: `${URL}/${first.idx}` })).json().data;
    expect(shown).toMatchObject({ idx: first.idx, nftStatus: 3, membershipStatus: 'expired', customerStatus: 'EXPIRED' });
    expect(shown.coupons).toEqual([expect.objectContaining({ couponIdx, status: 'ISSUED' })]);
    // The new one has its own coupons, and holds the type.
    expect(await walletOf(tenantIdx, second.idx)).toEqual([expect.objectContaining({ couponIdx, status: 'ISSUED' })]);
    expect((await row(tenantIdx, second.idx)).supersededAt).toBeNull();
    res = await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '재발급', ordererTel: tel });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('MEMBERSHIP_NFT_ALREADY_EXISTS');
    // Only the replaced membership is superseded: the customer's expired membership of another type is not.
    expect((await row(tenantIdx, otherType.idx)).supersededAt).toBeNull();
  });

  it('of 10 concurrent issues of a type whose membership expired exactly one succeeds', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const { membershipIdx } = await templateWithCoupon(call);
    const tel = phone();
    const first = (await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '동시 재발급', ordererTel: tel })).json().data;
    await expire(tenantIdx, [first.idx]);
    const answers = await Promise.all(Array.from({ length: 10 }, () => issue(call, { nftTemplateIdx: membershipIdx, ordererName: '동시 재발급', ordererTel: tel })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().code).toBe('MEMBERSHIP_NFT_ALREADY_EXISTS');
    const rows = await t.database.db.select().from(nfts).where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.nftTemplateIdx, membershipIdx))).orderBy(asc(nfts.idx));
    expect(rows.map((r) => [r.idx, r.supersededAt === null])).toEqual([[first.idx, false], [answers.find((a) => a.statusCode === 201)!.json().data.idx, true]]);
  });

  it('the bulk issue refuses a row only when its membership is held and not expired, and supersedes the expired ones', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const { membershipIdx, couponIdx } = await templateWithCoupon(call);
    const [heldTel, expiredTel, newTel] = [phone(), phone(), phone()];
    const held = (await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '보유', ordererTel: heldTel })).json().data;
    const expired = (await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '만료', ordererTel: expiredTel })).json().data;
    await expire(tenantIdx, [expired.idx]);
    const sheet = [
      { nftTemplateIdx: membershipIdx, ordererName: '만료', ordererTel: expiredTel },
      { nftTemplateIdx: membershipIdx, ordererName: '보유', ordererTel: heldTel },
      { nftTemplateIdx: membershipIdx, ordererName: '신규', ordererTel: newTel },
    ];
    let res = await call({ method: 'POST', url: `${URL}/bulk`, payload: { batchKey: 'reissue', rows: sheet } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.failed).toEqual([expect.objectContaining({ row: 1, code: 'MEMBERSHIP_NFT_ALREADY_EXISTS', errors: { ordererTel: MEMBERSHIP_ISSUE_MSG.alreadyExists } })]);
    const list = res.json().data.list as { row: number; idx: number }[];
    expect(list.map((r) => r.row)).toEqual([0, 2]);
    expect((await row(tenantIdx, expired.idx)).supersededAt).toEqual(t.clock.now());
    expect((await row(tenantIdx, held.idx)).supersededAt).toBeNull();
    expect(await walletOf(tenantIdx, expired.idx)).toEqual([expect.objectContaining({ couponIdx, status: 'ISSUED' })]);
    for (const { idx } of list) expect(await walletOf(tenantIdx, idx)).toEqual([expect.objectContaining({ couponIdx, status: 'ISSUED' })]);
    // The new rows hold the type: the same sheet under another key is refused row by row.
    res = await call({ method: 'POST', url: `${URL}/bulk`, payload: { batchKey: 'reissue-again', rows: [sheet[0], sheet[2]] } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      list: [],
      failed: [0, 1].map((r) => expect.objectContaining({ row: r, code: 'MEMBERSHIP_NFT_ALREADY_EXISTS', errors: { ordererTel: MEMBERSHIP_ISSUE_MSG.alreadyExists } })),
    });
  });

  it('the grade job gives a customer still in the grade a new membership when theirs expired, and does not stop an expired one', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const [grade] = await t.database.db.select().from(customerGroups).where(eq(customerGroups.tenantIdx, tenantIdx)).orderBy(customerGroups.groupNo).limit(1);
    const { membershipIdx } = await templateWithCoupon(call, { customerGroupIdx: grade.idx });
    const due = async () => {
      await t.database.db.update(customerSettings).set({ lastGradeRunAt: new Date(t.clock.now().getTime() - 40 * 86_400_000), gradeSchedule: 'daily' }).where(eq(customerSettings.tenantIdx, tenantIdx));
      return (await runCustomerGradeJob(t.app)).find((d) => d.tenantIdx === tenantIdx)?.memberships;
    };
    const ofTemplate = () => t.database.db.select().from(nfts).where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.nftTemplateIdx, membershipIdx))).orderBy(asc(nfts.idx));

    expect(await due()).toMatchObject({ stopped: 0 });
    const members = await t.database.db.select({ idx: customers.idx }).from(customers).where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.groupIdx, grade.idx)));
    expect(members.length).toBeGreaterThan(0);
    const firstRun = await ofTemplate();
    expect(firstRun).toHaveLength(members.length);
    const lapsed = firstRun[0];
    await expire(tenantIdx, [lapsed.idx]);

    // Next run: only the customer whose membership expired gets a new one; the expired row stays, superseded, not stopped.
    expect(await due()).toEqual({ issued: 1, stopped: 0 });
    const secondRun = await ofTemplate();
    expect(secondRun).toHaveLength(members.length + 1);
    const renewed = secondRun.find((n) => n.customerIdx === lapsed.customerIdx && n.idx !== lapsed.idx)!;
    expect(renewed).toMatchObject({ requestRoute: 'grade', nftStatus: 3, supersededAt: null, stoppedAt: null });
    expect(await row(tenantIdx, lapsed.idx)).toMatchObject({ supersededAt: t.clock.now(), stoppedAt: null });
    expect(await due()).toEqual({ issued: 0, stopped: 0 });

    // Everyone leaves the grade while the renewed one has expired too: the held ones are stopped, the expired one is not.
    await expire(tenantIdx, [renewed.idx]);
    await t.database.db.update(customerGroups).set({ minPurchaseAmount: 999_999_999_999 }).where(and(eq(customerGroups.tenantIdx, tenantIdx), eq(customerGroups.idx, grade.idx)));
    expect(await due()).toEqual({ issued: 0, stopped: members.length - 1 });
    expect(await row(tenantIdx, renewed.idx)).toMatchObject({ stoppedAt: null });
    expect((await ofTemplate()).filter((n) => n.stoppedAt !== null)).toHaveLength(members.length - 1);
    await t.database.db.update(customerGroups).set({ minPurchaseAmount: grade.minPurchaseAmount }).where(and(eq(customerGroups.tenantIdx, tenantIdx), eq(customerGroups.idx, grade.idx)));
    await t.database.db.update(nftTemplates).set({ status: 'STOP' }).where(and(eq(nftTemplates.tenantIdx, tenantIdx), eq(nftTemplates.idx, membershipIdx)));
  });

  it('a membership not issued yet (a waiting application) or without an end goes on holding the type, whatever its expires_at', async () => {
    const { call, tenantIdx } = await sessionOf('brand@demo.test');
    const { membershipIdx } = await templateWithCoupon(call);
    const [waitingTel, endlessTel] = [phone(), phone()];
    const waiting = (await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '대기', ordererTel: waitingTel })).json().data;
    const endless = (await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '무기한', ordererTel: endlessTel })).json().data;
    // As the lounge leaves an application waiting for approval: status 1, not issued, its days counted from the application.
    await t.database.db.update(nfts).set({ nftStatus: 1, issuedAt: null, requestRoute: 'user' }).where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.idx, waiting.idx)));
    await expire(tenantIdx, [waiting.idx]);
    await t.database.db.update(nfts).set({ expiresAt: null }).where(and(eq(nfts.tenantIdx, tenantIdx), eq(nfts.idx, endless.idx)));
    for (const tel of [waitingTel, endlessTel]) {
      const res = await issue(call, { nftTemplateIdx: membershipIdx, ordererName: '재신청', ordererTel: tel });
      expect(res.statusCode, tel).toBe(409);
      expect(res.json().code).toBe('MEMBERSHIP_NFT_ALREADY_EXISTS');
    }
    expect((await row(tenantIdx, waiting.idx)).supersededAt).toBeNull();
  });
});
