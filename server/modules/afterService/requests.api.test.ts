import { eq } from 'drizzle-orm';
import { AS_MEMO_MAX, AS_MSG, AS_REQUEST_MSG } from '../../../src/domain/afterService';
import { FIELD_MSG } from '../../../src/domain/messages';
import { asMemos, asRequests, repairCategories, repairCategoryOptions } from '../../db/schema';
import type { TestApp } from '../../../tests/helpers/testApp';
import { asWorldPerFile, eventsOf, insertRequest, insertUpload, requestRow, type AsWorld } from './requestFixtures';

let t: TestApp;
let w: AsWorld;
asWorldPerFile((app, world) => ([t, w] = [app, world]));

const A = '/api/v1/admin';
type Row = { idx: number };
const idxs = (res: { json(): { data: { list: Row[] } } }) => res.json().data.list.map((r) => r.idx).sort((a, b) => a - b);
const sorted = (...rows: Row[]) => rows.map((r) => r.idx).sort((a, b) => a - b);

describe(`after-service requests (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('lists a brand\'s requests newest first with names, filtered by status, search, option and Seoul days', async () => {
    const [category] = await t.database.db.insert(repairCategories).values({ tenantIdx: w.brandA.tenantIdx, name: '가방' }).returning();
    const [option] = await t.database.db.insert(repairCategoryOptions).values({ tenantIdx: w.brandA.tenantIdx, categoryIdx: category.idx, name: '손잡이' }).returning();
    t.clock.set(new Date('2026-11-21T14:30:00Z')); // 11-21 23:30 in Seoul
    const late = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx, productName: '필터가방 하나', customerName: '김필터' });
    t.clock.set(new Date('2026-11-21T15:30:00Z')); // 11-22 00:30 in Seoul
    const early = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx, productName: '필터가방 둘', status: 'preinspect', optionIdx: option.idx });
    await t.database.db.update(asRequests).set({ categoryIdx: category.idx }).where(eq(asRequests.idx, early.idx));
    const call = w.brandA.call;
    const list = (q: string) => call({ method: 'GET', url: `${A}/repair?search=productName&keyword=필터가방&${q}` });

    const all = await list('');
    expect(all.json().data.total).toBe(2);
    expect(all.json().data.list.map((r: Row) => r.idx)).toEqual([early.idx, late.idx]);
    expect(all.json().data.list[0]).toMatchObject({
      idx: early.idx, type: 'repair', status: 'preinspect', nftNumber: early.nftNumber, productName: '필터가방 둘', customerName: '홍길동',
      receiverPhone: '01012345678', categoryName: '가방', optionName: '손잡이', partnerName: '데모수선', preEstimateAmount: null,
    });
    expect(idxs(await list('status=preinspect'))).toEqual([early.idx]);
    expect(idxs(await list('status=request,preinspect'))).toEqual(sorted(late, early));
    expect(idxs(await list(`optionIdx=${option.idx}`))).toEqual([early.idx]);
    expect(idxs(await list('from=2026-11-22&to=2026-11-22'))).toEqual([early.idx]);
    expect(idxs(await list('to=2026-11-21'))).toEqual([late.idx]);
    expect(idxs(await call({ method: 'GET', url: `${A}/repair?search=customerName&keyword=김필터` }))).toEqual([late.idx]);
    expect(idxs(await call({ method: 'GET', url: `${A}/repair?search=nftNumber&keyword=${early.nftNumber}` }))).toEqual([early.idx]);
    const byPhone = await call({ method: 'GET', url: `${A}/repair?search=receiverPhone&keyword=1234-5678&pageSize=100` });
    expect(byPhone.json().data.list.map((r: Row) => r.idx)).toEqual(expect.arrayContaining([early.idx, late.idx]));
    expect(idxs(await call({ method: 'GET', url: `${A}/repair?search=receiverPhone&keyword=9999-0000` }))).toEqual([]);
  });

  it('refuses a bad query naming each parameter', async () => {
    const res = await w.brandA.call({ method: 'GET', url: `${A}/repair?status=washing&search=memo&from=2026-02-30&pageSize=7&optionIdx=abc` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      status: AS_REQUEST_MSG.statusInvalid, search: AS_REQUEST_MSG.searchInvalid, from: FIELD_MSG.dateFormat, pageSize: expect.any(String), optionIdx: AS_REQUEST_MSG.optionInvalid,
    });
    expect((await w.laundry.call({ method: 'GET', url: `${A}/laundry?status=washing` })).statusCode).toBe(200);
  });

  it('shows the repairer only requests routed to it, the launderer only laundry, each brand only its own', async () => {
    const aRouted = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx, productName: '범위시험' });
    const aOwn = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx, productName: '범위시험', routed: false });
    const bRouted = await insertRequest(t, w, { tenantIdx: w.brandB.tenantIdx, productName: '범위시험' });
    const aLaundry = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx, type: 'laundry', productName: '범위시험' });
    const bLaundry = await insertRequest(t, w, { tenantIdx: w.brandB.tenantIdx, type: 'laundry', productName: '범위시험' });
    const list = (who: AsWorld['brandA'], type: string) => who.call({ method: 'GET', url: `${A}/${type}?keyword=범위시험&pageSize=100` });

    expect(idxs(await list(w.repair, 'repair'))).toEqual([aRouted.idx]);
    expect(idxs(await list(w.repair2, 'repair'))).toEqual([bRouted.idx]);
    expect(idxs(await list(w.brandA, 'repair'))).toEqual(sorted(aRouted, aOwn));
    expect(idxs(await list(w.staffA, 'repair'))).toEqual(sorted(aRouted, aOwn));
    expect(idxs(await list(w.brandB, 'repair'))).toEqual([bRouted.idx]);
    expect(idxs(await list(w.laundry, 'laundry'))).toEqual(sorted(aLaundry, bLaundry));
    expect(idxs(await list(w.brandA, 'laundry'))).toEqual([aLaundry.idx]);

    for (const [who, type] of [[w.laundry, 'repair'], [w.repair, 'laundry']] as const) {
      const res = await list(who, type);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN_ROLE');
    }
    const detail = (who: AsWorld['brandA'], type: string, idx: number) => who.call({ method: 'GET', url: `${A}/${type}/${idx}` });
    expect((await detail(w.repair, 'repair', aRouted.idx)).json().data).toMatchObject({ idx: aRouted.idx, requestMessage: '손잡이가 떨어졌어요', events: [], actions: expect.any(Array) });
    expect((await detail(w.laundry, 'laundry', bLaundry.idx)).statusCode).toBe(200);
    for (const [who, type, idx] of [
      [w.repair, 'repair', aOwn.idx], [w.repair, 'repair', bRouted.idx], [w.repair2, 'repair', aRouted.idx],
      [w.brandA, 'repair', bRouted.idx], [w.brandB, 'repair', aRouted.idx], [w.brandA, 'laundry', aRouted.idx], [w.brandA, 'repair', aLaundry.idx],
    ] as const) {
      const res = await detail(who, type, idx);
      expect(res.statusCode, `${type} ${idx}`).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: AS_MSG.notFound });
    }
  });

  it('answers 404 for a path that is not a request idx (the other slices own the static paths)', async () => {
    for (const path of ['abc', '0', '-1', '99999999999', '1.5']) {
      const res = await w.brandA.call({ method: 'GET', url: `${A}/repair/${path}` });
      expect(res.statusCode, path).toBe(404);
    }
  });

  describe('another tenant\'s request, on every endpoint', () => {
    const endpoints = (idx: number, photo: string) => [
      { method: 'GET', url: `${A}/repair/${idx}` },
      { method: 'PATCH', url: `${A}/repair/${idx}/preestimate`, payload: { amount: 1 } },
      { method: 'PATCH', url: `${A}/repair/${idx}/estimate`, payload: { amount: 1 } },
      { method: 'PATCH', url: `${A}/repair/${idx}/working` },
      { method: 'PATCH', url: `${A}/repair/${idx}/exchanged` },
      { method: 'PATCH', url: `${A}/repair/${idx}/shipping`, payload: { courier: 'x', trackingNumber: '1' } },
      { method: 'PATCH', url: `${A}/repair/${idx}/memo`, payload: { partnersMemo: '탈취' } },
      { method: 'PATCH', url: `${A}/repair/complete/${idx}`, payload: { images: [photo] } },
      { method: 'PATCH', url: `${A}/repair/cancel/${idx}`, payload: { reason: '탈취' } },
      { method: 'PATCH', url: `${A}/repair/complete/bulk`, payload: { repairIdxList: [idx] } },
      { method: 'PATCH', url: `${A}/repair/cancel/bulk`, payload: { repairIdxList: [idx], reason: '탈취' } },
      { method: 'GET', url: `${A}/memo/repair/${idx}` },
      { method: 'POST', url: `${A}/memo/repair/${idx}`, payload: { memo: '탈취' } },
    ] as const;

    it.each(['brandA', 'staffA', 'repair'] as const)('answers 404 to %s and changes nothing', async (who) => {
      const b = await insertRequest(t, w, { tenantIdx: w.brandB.tenantIdx, status: 'working' });
      const before = await requestRow(t, b.idx);
      for (const request of endpoints(b.idx, await insertUpload(t, w.brandB.tenantIdx))) {
        const res = await w[who].call({ ...request });
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
      }
      expect(await requestRow(t, b.idx)).toEqual(before);
      expect(await eventsOf(t, b.idx)).toEqual([]);
      expect(await t.database.db.select().from(asMemos).where(eq(asMemos.targetIdx, b.idx))).toEqual([]);
    });
  });

  it('keeps the partner\'s memo on the request, up to 1,000 characters', async () => {
    const r = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx, status: 'working' });
    const saved = await w.repair.call({ method: 'PATCH', url: `${A}/repair/${r.idx}/memo`, payload: { partnersMemo: '  안감 교체 필요  ' } });
    expect(saved.json().data).toMatchObject({ partnersMemo: '안감 교체 필요', status: 'working' });
    expect((await w.brandA.call({ method: 'GET', url: `${A}/repair/${r.idx}` })).json().data.partnersMemo).toBe('안감 교체 필요');
    const tooLong = await w.repair.call({ method: 'PATCH', url: `${A}/repair/${r.idx}/memo`, payload: { partnersMemo: 'ㄱ'.repeat(AS_MEMO_MAX + 1) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.partnersMemo).toBe(AS_MSG.memoTooLong);
    expect((await requestRow(t, r.idx)).partnersMemo).toBe('안감 교체 필요');
    expect(await eventsOf(t, r.idx)).toEqual([]);
  });
});
