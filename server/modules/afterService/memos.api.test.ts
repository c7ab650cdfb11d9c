import { eq } from 'drizzle-orm';
import { AS_MEMO_MAX, AS_MSG, AS_REQUEST_MSG } from '../../../src/domain/afterService';
import { asMemos } from '../../db/schema';
import type { TestApp } from '../../../tests/helpers/testApp';
import { asWorldPerFile, insertRequest, type AsWorld } from './requestFixtures';

let t: TestApp;
let w: AsWorld;
asWorldPerFile((app, world) => ([t, w] = [app, world]));

const A = '/api/v1/admin';
const memoRow = async (idx: number) => (await t.database.db.select().from(asMemos).where(eq(asMemos.idx, idx)))[0];

describe(`after-service memos (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('lists a request\'s memos newest first, each marked as the caller\'s or not: the brand reads its own and the partner\'s', async () => {
    const r = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx });
    const brand = await w.brandA.call({ method: 'POST', url: `${A}/memo/repair/${r.idx}`, payload: { memo: ' 고객이 급해요 ' } });
    expect(brand.statusCode).toBe(201);
    expect(brand.json().data).toMatchObject({ memo: '고객이 급해요', authorName: '주식회사 데모', authorType: 'b2b', mine: true });
    t.clock.advance(1000);
    await w.repair.call({ method: 'POST', url: `${A}/memo/repair/${r.idx}`, payload: { memo: '내일 발송' } });
    const seenByStaff = (await w.staffA.call({ method: 'GET', url: `${A}/memo/repair/${r.idx}` })).json().data;
    expect(seenByStaff).toEqual([
      expect.objectContaining({ memo: '내일 발송', authorName: '데모수선', authorType: 'repairer', mine: false }),
      expect.objectContaining({ memo: '고객이 급해요', authorType: 'b2b', mine: false }),
    ]);
    expect((await memoRow(brand.json().data.idx)).tenantIdx).toBe(w.brandA.tenantIdx);
  });

  it('keeps the brand\'s memos internal: the partner reads only the partner\'s memos (issue 23 #20)', async () => {
    for (const [type, partner] of [['repair', w.repair], ['laundry', w.laundry]] as const) {
      const r = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx, type });
      const internal = (await w.brandA.call({ method: 'POST', url: `${A}/memo/${type}/${r.idx}`, payload: { memo: '원가 협상 중: 파트너에게 말하지 말 것' } })).json().data;
      await w.staffA.call({ method: 'POST', url: `${A}/memo/${type}/${r.idx}`, payload: { memo: '직원 메모' } });
      await partner.call({ method: 'POST', url: `${A}/memo/${type}/${r.idx}`, payload: { memo: '얼룩 확인' } });
      const seen = await partner.call({ method: 'GET', url: `${A}/memo/${type}/${r.idx}` });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().data).toEqual([expect.objectContaining({ memo: '얼룩 확인', mine: true })]);
      expect(seen.body).not.toContain('원가 협상');
      // Nor by its idx.
      expect((await partner.call({ method: 'PATCH', url: `${A}/memo/${internal.idx}`, payload: { memo: 'x' } })).statusCode).toBe(404);
    }
  });

  it('lets only the author edit or remove a memo', async () => {
    const r = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx, type: 'laundry' });
    const memo = (await w.brandA.call({ method: 'POST', url: `${A}/memo/laundry/${r.idx}`, payload: { memo: '원본' } })).json().data;
    const before = await memoRow(memo.idx);
    for (const who of [w.staffA, w.laundry, w.brandB, w.repair]) {
      for (const request of [{ method: 'PATCH', url: `${A}/memo/${memo.idx}`, payload: { memo: '고침' } }, { method: 'DELETE', url: `${A}/memo/${memo.idx}` }] as const) {
        const res = await who.call({ ...request });
        expect(res.statusCode, request.method).toBe(404);
        expect(res.json().message).toBe(AS_REQUEST_MSG.memoNotFound);
      }
    }
    expect(await memoRow(memo.idx)).toEqual(before);

    t.clock.advance(60_000);
    const edited = await w.brandA.call({ method: 'PATCH', url: `${A}/memo/${memo.idx}`, payload: { memo: '고침' } });
    expect(edited.json().data).toMatchObject({ idx: memo.idx, memo: '고침', mine: true, updatedAt: t.clock.now().toISOString() });
    const removed = await w.brandA.call({ method: 'DELETE', url: `${A}/memo/${memo.idx}` });
    expect(removed.json().data).toEqual({ idx: memo.idx });
    expect(await memoRow(memo.idx)).toBeUndefined();
  });

  it('lets a partner edit its own memo', async () => {
    const r = await insertRequest(t, w, { tenantIdx: w.brandB.tenantIdx, type: 'laundry' });
    const memo = (await w.laundry.call({ method: 'POST', url: `${A}/memo/laundry/${r.idx}`, payload: { memo: '얼룩 심함' } })).json().data;
    expect((await w.laundry.call({ method: 'PATCH', url: `${A}/memo/${memo.idx}`, payload: { memo: '얼룩 제거됨' } })).json().data.memo).toBe('얼룩 제거됨');
    expect((await w.brandB.call({ method: 'GET', url: `${A}/memo/laundry/${r.idx}` })).json().data[0]).toMatchObject({ memo: '얼룩 제거됨', authorName: '데모세탁', mine: false });
  });

  it('refuses an empty memo and one over 1,000 characters', async () => {
    const r = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx });
    for (const [memo, message] of [['  ', AS_MSG.memoRequired], ['ㄱ'.repeat(AS_MEMO_MAX + 1), AS_MSG.memoTooLong]] as const) {
      const res = await w.brandA.call({ method: 'POST', url: `${A}/memo/repair/${r.idx}`, payload: { memo } });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.memo).toBe(message);
    }
    expect((await w.brandA.call({ method: 'POST', url: `${A}/memo/repair/${r.idx}`, payload: { memo: 'ㄱ'.repeat(AS_MEMO_MAX) } })).statusCode).toBe(201);
  });
});
