import { and, eq, isNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { NFT_URL, guaranteeTenant, insertNft, messagesTo, nftRow } from '../../../tests/helpers/guarantees';
import { GUARANTEE_MSG, NFT_STATUS, NFT_TRANSITIONS, canTransition, deleteOperationFor, type NftStatus } from '../../../src/domain/guarantee';
import { messageOutbox, nfts } from '../../db/schema';
import { runReservationJob } from '../../jobs/reservations';
import { issueDueReservations } from './transitions';

/**
 * The state machine, enforced by the server: every operation from every status code. Legal ones
 * answer 200 with the right resulting status; illegal ones answer 409 ILLEGAL_TRANSITION and leave
 * the row exactly as it was. The expectations are written out, not derived, so a changed rule fails.
 */
let t: TestApp;
let tenant: Awaited<ReturnType<typeof guaranteeTenant>>;
beforeAll(async () => {
  t = await createTestApp();
  tenant = await guaranteeTenant(t);
});
afterAll(() => t.close());

const ALL = Object.values(NFT_STATUS);
/** Operation → the statuses it may start from and where it leads ('removed': no longer listed). */
const EXPECTED: Record<string, { from: number[]; to: number | 'removed' | ((s: number) => number | 'removed') }> = {
  complete: { from: [1, 2, 7, 11], to: 3 },
  cancel: { from: [3, 4], to: 9 },
  cancelPending: { from: [5], to: 9 },
  delete: { from: [1, 2, 7, 9, 10, 11], to: (s) => ([1, 2, 7].includes(s) ? 10 : 'removed') },
  issueReservation: { from: [7], to: 3 },
};

it('the domain table agrees with the written-out expectations', () => {
  for (const op of ['complete', 'cancel', 'cancelPending', 'issueReservation'] as const) {
    expect(ALL.filter((s) => canTransition(op, s))).toEqual(EXPECTED[op].from);
  }
  expect(ALL.filter((s) => deleteOperationFor(s) !== null)).toEqual(EXPECTED.delete.from);
  expect(NFT_TRANSITIONS.deleteWaiting.from).toEqual([1, 2, 7]);
});

type Op = 'complete' | 'completeBulk' | 'cancel' | 'cancelBulk' | 'cancelPending' | 'delete' | 'deleteBulk';
const request = (op: Op, idx: number) => {
  switch (op) {
    case 'complete':
    case 'completeBulk': return { method: 'PATCH' as const, url: `${NFT_URL}/complete/bulk`, payload: { nftIdxList: [idx] } };
    case 'cancel': return { method: 'PATCH' as const, url: `${NFT_URL}/cancel/${idx}` };
    case 'cancelBulk': return { method: 'PATCH' as const, url: `${NFT_URL}/cancel/bulk`, payload: { nftIdxList: [idx] } };
    case 'cancelPending': return { method: 'POST' as const, url: `${NFT_URL}/pending/cancel-reason`, payload: { nftIdxList: [idx], reason: '고객 요청', detail: '이전 철회' } };
    case 'delete': return { method: 'DELETE' as const, url: `${NFT_URL}/${idx}` };
    case 'deleteBulk': return { method: 'DELETE' as const, url: `${NFT_URL}/bulk`, payload: { nftIdxList: [idx] } };
  }
};
const expectationOf = (op: Op) => EXPECTED[op.replace(/Bulk$/, '') === 'complete' ? 'complete' : op.replace(/Bulk$/, '')];

const CASES = (['complete', 'cancel', 'cancelBulk', 'cancelPending', 'delete', 'deleteBulk'] as Op[])
  .flatMap((op) => ALL.map((status) => [op, status] as const));

describe(`transitions (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it.each(CASES)('%s from status %i', async (op, status) => {
    const row = await insertNft(t, tenant.tenantIdx, status);
    const expectation = expectationOf(op);
    const res = await tenant.call(request(op, row.idx));
    const after = await nftRow(t, tenant.tenantIdx, row.idx);
    if (expectation.from.includes(status)) {
      expect(res.statusCode, res.body).toBe(200);
      const to = typeof expectation.to === 'function' ? expectation.to(status) : expectation.to;
      if (to === 'removed') {
        expect(after.deletedAt).not.toBeNull();
        expect(after.nftStatus).toBe(status);
        expect((await tenant.call({ method: 'GET', url: `${NFT_URL}/${row.idx}` })).statusCode).toBe(404);
      } else {
        expect(after.nftStatus).toBe(to);
        expect(after.deletedAt).toBeNull();
      }
      if (to === 3) expect(after.issuedAt).toEqual(t.clock.now());
      if (to === 9) expect(after.canceledAt).toEqual(t.clock.now());
      if (op === 'cancelPending') expect([after.cancelReason, after.cancelDetail]).toEqual(['고객 요청', '이전 철회']);
    } else {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        code: 'ILLEGAL_TRANSITION', message: GUARANTEE_MSG.illegalTransition(row.nftNumber, status),
        errors: { [`nftIdxList.${row.idx}`]: GUARANTEE_MSG.illegalTransition(row.nftNumber, status) },
      });
      expect(after).toEqual(row);
    }
  });

  it.each(ALL.map((s) => [s] as const))('complete (bulk) from status %i queues a 알림톡 only when it issues', async (status) => {
    const phone = `0101111${String(1000 + status).slice(-4)}`;
    const row = await insertNft(t, tenant.tenantIdx, status, { ordererTel: phone });
    const res = await tenant.call(request('completeBulk', row.idx));
    const legal = EXPECTED.complete.from.includes(status);
    expect(res.statusCode).toBe(legal ? 200 : 409);
    expect((await nftRow(t, tenant.tenantIdx, row.idx)).nftStatus).toBe(legal ? 3 : status);
    expect((await messagesTo(t, phone)).length).toBe(legal ? 1 : 0);
  });

  it.each(ALL.map((s) => [s] as const))('the reservation job from status %i (issue_at due)', async (status) => {
    const row = await insertNft(t, tenant.tenantIdx, status, { issueAt: new Date(t.clock.now().getTime() - 1000) });
    await runReservationJob(t.app);
    const after = await nftRow(t, tenant.tenantIdx, row.idx);
    if (EXPECTED.issueReservation.from.includes(status)) {
      expect(after.nftStatus).toBe(3);
      expect(after.issuedAt).toEqual(t.clock.now());
    } else {
      expect(after).toEqual(row);
    }
  });

  it('PATCH edits only NFT_EDITABLE_STATUSES; others answer 409 CONFLICT and change nothing', async () => {
    for (const status of ALL) {
      const row = await insertNft(t, tenant.tenantIdx, status);
      const res = await tenant.call({ method: 'PATCH', url: `${NFT_URL}/${row.idx}`, payload: { ordererName: '김수정' } });
      const editable = [1, 2, 3, 4, 7, 11].includes(status);
      expect(res.statusCode, `${status}: ${res.body}`).toBe(editable ? 200 : 409);
      const after = await nftRow(t, tenant.tenantIdx, row.idx);
      if (editable) {
        expect(after.ordererName).toBe('김수정');
        expect(after.nftStatus).toBe(status);
      } else {
        expect(res.json()).toMatchObject({ code: 'CONFLICT', message: GUARANTEE_MSG.notEditable });
        expect(after).toEqual(row);
      }
    }
  });

  it.each([
    ['complete', 'PATCH', 'complete/bulk', 1, 9],
    ['cancel', 'PATCH', 'cancel/bulk', 3, 1],
    ['delete', 'DELETE', 'bulk', 1, 3],
  ] as const)('bulk %s is all or nothing: one illegal row refuses the whole list and names only it', async (_, method, path, okStatus, badStatus) => {
    const good = await Promise.all([insertNft(t, tenant.tenantIdx, okStatus), insertNft(t, tenant.tenantIdx, okStatus)]);
    const bad = await insertNft(t, tenant.tenantIdx, badStatus);
    const res = await tenant.call({ method, url: `${NFT_URL}/${path}`, payload: { nftIdxList: [good[0].idx, bad.idx, good[1].idx] } });
    expect(res.statusCode).toBe(409);
    expect(Object.keys(res.json().errors)).toEqual([`nftIdxList.${bad.idx}`]);
    for (const r of [...good, bad]) expect(await nftRow(t, tenant.tenantIdx, r.idx)).toEqual(r);
    const okRes = await tenant.call({ method, url: `${NFT_URL}/${path}`, payload: { nftIdxList: good.map((g) => g.idx) } });
    expect(okRes.statusCode).toBe(200);
    expect(okRes.json().data.nftIdxList).toEqual(good.map((g) => g.idx));
  });

  it('cancel-reason needs a reason and refuses a mixed list without changing anything', async () => {
    const pending = await insertNft(t, tenant.tenantIdx, 5);
    const issued = await insertNft(t, tenant.tenantIdx, 3);
    const noReason = await tenant.call({ method: 'POST', url: `${NFT_URL}/pending/cancel-reason`, payload: { nftIdxList: [pending.idx] } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toBe(GUARANTEE_MSG.cancelReasonRequired);
    const mixed = await tenant.call(request('cancelPending', pending.idx));
    expect(mixed.statusCode).toBe(200);
    const again = await tenant.call({ method: 'POST', url: `${NFT_URL}/pending/cancel-reason`, payload: { nftIdxList: [issued.idx], reason: 'x' } });
    expect(again.statusCode).toBe(409);
    expect(await nftRow(t, tenant.tenantIdx, issued.idx)).toEqual(issued);
  });

  describe('the reservation job', () => {
    it('issues a reservation only once its day has come, and queues its 알림톡 once', async () => {
      const due = new Date(t.clock.now().getTime() + 3 * 24 * 3600_000);
      const phone = '01077776666';
      const row = await insertNft(t, tenant.tenantIdx, 7, { issueAt: due, ordererTel: phone });
      expect(await runReservationJob(t.app)).toBe(0);
      expect((await nftRow(t, tenant.tenantIdx, row.idx)).nftStatus).toBe(7);
      t.clock.set(due);
      expect(await runReservationJob(t.app)).toBe(1);
      expect(await runReservationJob(t.app)).toBe(0);
      expect((await nftRow(t, tenant.tenantIdx, row.idx)).nftStatus).toBe(3);
      const messages = await messagesTo(t, phone);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatchObject({ templateCode: 'GUARANTEE_ISSUED', refType: 'nft', refIdx: row.idx });
    });

    it('skips rows another worker holds (FOR UPDATE SKIP LOCKED) and never issues deleted ones', async () => {
      const now = t.clock.now();
      const deleted = await insertNft(t, tenant.tenantIdx, 7, { issueAt: new Date(now.getTime() - 1), deletedAt: now });
      const rows = await Promise.all([1, 2, 3].map(() => insertNft(t, tenant.tenantIdx, 7, { issueAt: new Date(now.getTime() - 1) })));
      const deps = { messaging: t.app.messaging, publicUrl: t.app.config.publicUrl };
      // Two workers at once: together they issue each due row exactly once.
      const [a, b] = await Promise.all([issueDueReservations(t.app.db, deps, now), issueDueReservations(t.app.db, deps, now)]);
      expect(a + b).toBe(3);
      for (const r of rows) expect((await nftRow(t, tenant.tenantIdx, r.idx)).nftStatus).toBe(3);
      const queued = await t.database.db.select().from(messageOutbox)
        .where(and(eq(messageOutbox.tenantIdx, tenant.tenantIdx), eq(messageOutbox.refType, 'nft')));
      for (const r of rows) expect(queued.filter((m) => m.refIdx === r.idx)).toHaveLength(1);
      expect(await nftRow(t, tenant.tenantIdx, deleted.idx)).toEqual(deleted);
      const stillDue = await t.database.db.select().from(nfts)
        .where(and(eq(nfts.tenantIdx, tenant.tenantIdx), eq(nfts.nftStatus, 7 as NftStatus), isNull(nfts.deletedAt)));
      expect(stillDue.filter((r) => r.issueAt && r.issueAt <= now)).toEqual([]);
    });
  });
});
