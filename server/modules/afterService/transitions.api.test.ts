import {
  AS_ACTIONS, AS_MSG, AS_NOTICE_TEMPLATE, AS_REQUEST_MSG, AS_STATUSES, AS_STATUS_LABELS, AS_TYPES, canAsTransition, targetStatus, type AsAction, type AsType,
} from '../../../src/domain/afterService';
import type { TestApp } from '../../../tests/helpers/testApp';
import { asWorldPerFile, eventsOf, insertRequest, insertUpload, noticesOf, requestRow, type AsWorld } from './requestFixtures';

let t: TestApp;
let w: AsWorld;
asWorldPerFile((app, world) => ([t, w] = [app, world]));

const A = '/api/v1/admin';
const url = (type: AsType, action: AsAction, idx: number) =>
  (action === 'complete' || action === 'cancel' ? `${A}/${type}/${action}/${idx}` : `${A}/${type}/${idx}/${action}`);

/** A valid body of each action for a request of a tenant (completion photos: a ready upload of that tenant). */
async function bodyOf(action: AsAction, tenantIdx: number): Promise<Record<string, unknown> | undefined> {
  switch (action) {
    case 'preestimate': return { amount: 15000, comment: '가죽 보강' };
    case 'estimate': return { amount: 25000, comment: '최종' };
    case 'complete': return { images: [await insertUpload(t, tenantIdx)] };
    case 'shipping': return { courier: 'CJ대한통운', trackingNumber: '1234-5678' };
    case 'cancel': return { reason: '고객 요청' };
    default: return undefined;
  }
}
const partnerOf = (type: AsType) => (type === 'repair' ? w.repair : w.laundry);

describe(`after-service transitions (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  const cases = AS_TYPES.flatMap((type) => AS_ACTIONS.flatMap((action) => AS_STATUSES.map((status) => [type, action, status, canAsTransition(action, status)] as const)));

  it.each(cases)('%s: %s from %s (allowed: %s)', async (type, action, status, allowed) => {
    const request = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx, type, status });
    const before = await requestRow(t, request.idx);
    const res = await partnerOf(type).call({ method: 'PATCH', url: url(type, action, request.idx), payload: await bodyOf(action, w.brandA.tenantIdx) });
    if (!allowed) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', message: AS_MSG.illegalTransition(status) });
      expect(await requestRow(t, request.idx)).toEqual(before);
      expect(await eventsOf(t, request.idx)).toEqual([]);
      expect(await noticesOf(t, request.idx)).toEqual([]);
      return;
    }
    const to = targetStatus(type, action);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ idx: request.idx, status: to });
    expect((await requestRow(t, request.idx)).status).toBe(to);
    const events = await eventsOf(t, request.idx);
    expect(events).toEqual([expect.objectContaining({ action, fromStatus: status, toStatus: to, actorIdx: partnerOf(type).adminIdx, actorType: type === 'repair' ? 'repairer' : 'launderer' })]);
    expect(res.json().data.events).toEqual([expect.objectContaining({ action, fromStatus: status, toStatus: to, actorName: type === 'repair' ? '데모수선' : '데모세탁' })]);
    const notices = await noticesOf(t, request.idx);
    expect(notices).toEqual([expect.objectContaining({ channel: 'ALIMTALK', templateCode: AS_NOTICE_TEMPLATE[to], phone: request.phone, tenantIdx: w.brandA.tenantIdx })]);
    expect(notices[0].variables).toMatchObject({ brandName: expect.any(String), productName: '가죽 가방', statusLabel: AS_STATUS_LABELS[to] });
  });

  it('writes each stage\'s fields and puts amount, courier and tracking number in the 알림톡', async () => {
    const r = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx });
    const call = w.repair.call;
    await call({ method: 'PATCH', url: url('repair', 'preestimate', r.idx), payload: { amount: 15000, comment: '1차' } });
    await call({ method: 'PATCH', url: url('repair', 'estimate', r.idx), payload: { amount: 25000, comment: '최종' } });
    await call({ method: 'PATCH', url: url('repair', 'working', r.idx) });
    const photo = await insertUpload(t, w.brandA.tenantIdx);
    await call({ method: 'PATCH', url: url('repair', 'complete', r.idx), payload: { images: [photo] } });
    const res = await call({ method: 'PATCH', url: url('repair', 'shipping', r.idx), payload: { courier: '우체국', trackingNumber: '9999' } });
    expect(res.json().data).toMatchObject({
      status: 'shipping', preEstimateAmount: 15000, estimateAmount: 25000, estimateComment: '최종', completeImages: [photo],
      completeImageUrls: [`/api/media/files/${photo}`], courier: '우체국', trackingNumber: '9999', actions: [],
    });
    expect(res.json().data.events.map((e: { toStatus: string }) => e.toStatus)).toEqual(['preinspect', 'inspecting', 'working', 'complete', 'shipping']);
    const notices = await noticesOf(t, r.idx);
    expect(notices.map((n) => n.templateCode)).toEqual(['AS_PREESTIMATE', 'AS_ESTIMATE', 'AS_WORKING', 'AS_COMPLETE', 'AS_SHIPPING']);
    expect(notices[0].variables).toMatchObject({ amount: '15,000', brandName: '데모브랜드' });
    expect(notices[1].variables).toMatchObject({ amount: '25,000' });
    expect(notices[4].variables).toMatchObject({ courier: '우체국', trackingNumber: '9999' });
  });

  it('lets the brand move only requests no partner is routed to, and cancel any open one', async () => {
    const routed = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx });
    const before = await requestRow(t, routed.idx);
    const refused = await w.brandA.call({ method: 'PATCH', url: url('repair', 'preestimate', routed.idx), payload: { amount: 1000 } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: AS_REQUEST_MSG.partnerMoves });
    expect(await requestRow(t, routed.idx)).toEqual(before);
    expect((await w.brandA.call({ method: 'GET', url: `${A}/repair/${routed.idx}` })).json().data.actions).toEqual(['cancel']);
    expect((await w.repair.call({ method: 'GET', url: `${A}/repair/${routed.idx}` })).json().data.actions).toEqual(['preestimate', 'estimate', 'working', 'cancel', 'exchanged']);

    const cancel = await w.staffA.call({ method: 'PATCH', url: url('repair', 'cancel', routed.idx), payload: { reason: '고객 변심' } });
    expect(cancel.json().data).toMatchObject({ status: 'cancel', cancelReason: '고객 변심' });
    expect(cancel.json().data.events[0]).toMatchObject({ actorName: '김직원', actorType: 'b2b', detail: { reason: '고객 변심' } });

    const own = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx, routed: false });
    const moved = await w.brandA.call({ method: 'PATCH', url: url('repair', 'estimate', own.idx), payload: { amount: 3000 } });
    expect(moved.json().data).toMatchObject({ status: 'inspecting', estimateAmount: 3000, partnerName: null });
  });

  it('accepts only ready uploads of the request\'s brand as completion photos', async () => {
    const r = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx, status: 'working' });
    for (const images of [[await insertUpload(t, w.brandB.tenantIdx)], [await insertUpload(t, w.brandA.tenantIdx, 'pending')], [`${w.brandA.tenantIdx}/nope.png`], []]) {
      const res = await w.repair.call({ method: 'PATCH', url: url('repair', 'complete', r.idx), payload: { images } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.images).toBe(images.length ? AS_MSG.imageInvalid : AS_MSG.completeImagesRequired);
    }
    expect((await requestRow(t, r.idx)).status).toBe('working');
    expect(await eventsOf(t, r.idx)).toEqual([]);
  });

  it('lets exactly one of two racing moves through', async () => {
    const r = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx });
    const results = await Promise.all([1000, 2000].map((amount) => w.repair.call({ method: 'PATCH', url: url('repair', 'preestimate', r.idx), payload: { amount } })));
    expect(results.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    expect(await eventsOf(t, r.idx)).toHaveLength(1);
    expect(await noticesOf(t, r.idx)).toHaveLength(1);
  });

  describe('bulk', () => {
    it('completes all or none, naming each refused request', async () => {
      const working = await Promise.all([1, 2].map(() => insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx, status: 'working' })));
      const open = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx, status: 'request' });
      const all = [...working, open].map((r) => r.idx);
      const refused = await w.repair.call({ method: 'PATCH', url: `${A}/repair/complete/bulk`, payload: { repairIdxList: all } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ code: 'ILLEGAL_TRANSITION', message: AS_MSG.illegalTransition('request'), errors: { [`repairIdxList.${open.idx}`]: AS_MSG.illegalTransition('request') } });
      for (const r of working) {
        expect((await requestRow(t, r.idx)).status).toBe('working');
        expect(await eventsOf(t, r.idx)).toEqual([]);
        expect(await noticesOf(t, r.idx)).toEqual([]);
      }
      const done = await w.repair.call({ method: 'PATCH', url: `${A}/repair/complete/bulk`, payload: { repairIdxList: working.map((r) => r.idx) } });
      expect(done.json().data.repairIdxList).toEqual(working.map((r) => r.idx).sort((a, b) => a - b));
      for (const r of working) {
        expect((await requestRow(t, r.idx)).status).toBe('complete');
        expect(await eventsOf(t, r.idx)).toEqual([expect.objectContaining({ action: 'complete', fromStatus: 'working', detail: { bulk: true } })]);
        expect((await noticesOf(t, r.idx)).map((n) => n.templateCode)).toEqual(['AS_COMPLETE']);
      }
    });

    it('cancels all or none with one reason, across the laundry partner\'s brands', async () => {
      const a = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx, type: 'laundry' });
      const b = await insertRequest(t, w, { tenantIdx: w.brandB.tenantIdx, type: 'laundry', status: 'preinspect' });
      const missingReason = await w.laundry.call({ method: 'PATCH', url: `${A}/laundry/cancel/bulk`, payload: { repairIdxList: [a.idx, b.idx] } });
      expect(missingReason.statusCode).toBe(400);
      expect(missingReason.json().errors.reason).toBe(AS_MSG.reasonRequired);
      const res = await w.laundry.call({ method: 'PATCH', url: `${A}/laundry/cancel/bulk`, payload: { repairIdxList: [a.idx, b.idx], reason: '일괄 취소' } });
      expect(res.statusCode, res.body).toBe(200);
      for (const r of [a, b]) {
        expect(await requestRow(t, r.idx)).toMatchObject({ status: 'cancel', cancelReason: '일괄 취소' });
        const [notice] = await noticesOf(t, r.idx);
        expect(notice).toMatchObject({ templateCode: 'AS_CANCEL', tenantIdx: r.tenantIdx });
      }
    });

    it('refuses the whole list when one request is outside the caller\'s scope, and a brand\'s bulk move of routed requests', async () => {
      const mine = await insertRequest(t, w, { tenantIdx: w.brandA.tenantIdx, status: 'working' });
      const others = await insertRequest(t, w, { tenantIdx: w.brandB.tenantIdx, status: 'working' });
      const res = await w.repair.call({ method: 'PATCH', url: `${A}/repair/complete/bulk`, payload: { repairIdxList: [mine.idx, others.idx] } });
      expect(res.statusCode).toBe(404);
      const byBrand = await w.brandA.call({ method: 'PATCH', url: `${A}/repair/complete/bulk`, payload: { repairIdxList: [mine.idx] } });
      expect(byBrand.statusCode).toBe(409);
      expect(byBrand.json().errors).toEqual({ [`repairIdxList.${mine.idx}`]: AS_REQUEST_MSG.partnerMoves });
      expect((await requestRow(t, mine.idx)).status).toBe('working');
      expect((await requestRow(t, others.idx)).status).toBe('working');
    });
  });
});
