import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { sessionOf } from '../../../tests/helpers/accounts';
import { insertNft, messagesTo, type Call } from '../../../tests/helpers/guarantees';
import { TINY_IMAGES } from '../../../tests/helpers/uploads';
import { AS_INTAKE_MSG, AS_MSG } from '../../../src/domain/afterService';
import { FIELD_MSG } from '../../../src/domain/messages';
import { asPartnerLinks, brands, asRequestEvents, asRequests, featureSettings, repairCategories, repairCategoryOptions, uploads } from '../../db/schema';

let t: TestApp;
let brand: Awaited<ReturnType<typeof sessionOf>>;
let staff: Awaited<ReturnType<typeof sessionOf>>;
let other: Awaited<ReturnType<typeof sessionOf>>;
let repairer: Awaited<ReturnType<typeof sessionOf>>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  [brand, staff, other, repairer] = await Promise.all(['brand@demo.test', 'staff@demo.test', 'other@demo.test', 'repair@demo.test'].map((e) => sessionOf(t, e)));
});
afterAll(() => t.close());

const REPAIR = '/api/v1/admin/repair';
let phone = 0;
/** A certificate of the tenant with its own orderer phone (messages are read per phone). */
async function certificate(tenantIdx: number) {
  const [own] = await t.database.db.select({ idx: brands.idx }).from(brands).where(eq(brands.tenantIdx, tenantIdx)).limit(1);
  return insertNft(t, tenantIdx, 3, { brandIdx: own.idx, ordererTel: `0105500${String(++phone).padStart(4, '0')}`, ordererName: '김고객', productName: '가죽 가방' });
}
const body = (nftIdx: number, extra: Record<string, unknown> = {}) => ({
  nftIdx, requestMessage: '손잡이 수선', receiverName: '김고객', receiverPhone: '(010)1234-5678', receiverZipCode: '04799', receiverAddress1: '서울 성동구 성수이로 1', ...extra,
});

/** Requests, PUTs and confirms an A/S photo; returns its path. */
async function photo(call: Call, target: Record<string, unknown>) {
  const requested = await call({ method: 'POST', url: `${REPAIR}/image`, payload: { ext: 'png', ...target } });
  expect(requested.statusCode, requested.body).toBe(200);
  const { uploadUrl, path, url } = requested.json().data;
  expect(url).toBe(`/api/media/files/${path}`);
  expect((await t.app.inject({ method: 'PUT', url: uploadUrl, payload: TINY_IMAGES.png, headers: { 'content-type': 'image/png' } })).statusCode).toBe(200);
  const confirmed = await call({ method: 'POST', url: `${REPAIR}/image/confirm`, payload: { path } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return path as string;
}

const requestRow = async (idx: number) => (await t.database.db.select().from(asRequests).where(eq(asRequests.idx, idx)))[0];

describe(`A/S intake (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('takes a request: copies the certificate, routes to the active partner, one create event and one 알림톡', async () => {
    const nft = await certificate(brand.tenantIdx);
    await t.database.db.insert(asPartnerLinks).values({ tenantIdx: brand.tenantIdx, type: 'repair', partnerIdx: repairer.tenantIdx, status: 'active', invitedBy: brand.tenantIdx })
      .onConflictDoNothing();
    const image = await photo(staff.call, { nftIdx: nft.idx });
    const res = await staff.call({ method: 'POST', url: REPAIR, payload: body(nft.idx, { images: [image] }) });
    expect(res.statusCode, res.body).toBe(201);
    const { idx } = res.json().data;
    expect(await requestRow(idx)).toMatchObject({
      tenantIdx: brand.tenantIdx, type: 'repair', status: 'request', partnerIdx: repairer.tenantIdx, nftIdx: nft.idx, nftNumber: nft.nftNumber,
      // Stored as the customers' phones are (issue 23 #20): national digits, whatever form was typed.
      productName: '가죽 가방', customerName: '김고객', receiverPhone: '01012345678', images: [image],
    });
    const events = await t.database.db.select().from(asRequestEvents).where(and(eq(asRequestEvents.tenantIdx, brand.tenantIdx), eq(asRequestEvents.requestIdx, idx)));
    expect(events).toEqual([expect.objectContaining({ action: 'create', fromStatus: null, toStatus: 'request', actorType: 'b2b' })]);
    expect(await messagesTo(t, nft.ordererTel)).toEqual([expect.objectContaining({
      channel: 'ALIMTALK', templateCode: 'AS_RECEIVED', refType: 'as_request', refIdx: idx,
      variables: { brandName: '데모브랜드', productName: '가죽 가방', statusLabel: '접수' },
    })]);
  });

  it('answers a retried submit with the same Idempotency-Key with the first request, once', async () => {
    const nft = await certificate(brand.tenantIdx);
    const send = () => brand.call({ method: 'POST', url: REPAIR, payload: body(nft.idx), headers: { 'idempotency-key': `intake-${nft.idx}` } });
    const first = await send();
    const again = await send();
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().data.idx).toBe(first.json().data.idx);
    const reused = await brand.call({ method: 'POST', url: REPAIR, payload: body(nft.idx, { requestMessage: '지퍼 수선' }), headers: { 'idempotency-key': `intake-${nft.idx}` } });
    expect([reused.statusCode, reused.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await t.database.db.select().from(asRequests).where(and(eq(asRequests.tenantIdx, brand.tenantIdx), eq(asRequests.nftIdx, nft.idx)))).toHaveLength(1);
    expect(await messagesTo(t, nft.ordererTel)).toHaveLength(1);
  });

  it('refuses another brand\'s certificate, images that are not ready uploads of the tenant, and a bad phone', async () => {
    const mine = await certificate(brand.tenantIdx);
    const theirs = await certificate(other.tenantIdx);
    const foreign = await photo(other.call, { nftIdx: theirs.idx });
    const pending = (await brand.call({ method: 'POST', url: `${REPAIR}/image`, payload: { ext: 'png', nftIdx: mine.idx } })).json().data.path;
    const res = await brand.call({ method: 'POST', url: REPAIR, payload: body(theirs.idx, { images: [foreign], receiverPhone: '010-12a' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ receiverPhone: AS_MSG.phoneInvalid });
    const second = await brand.call({ method: 'POST', url: REPAIR, payload: body(theirs.idx, { images: [foreign] }) });
    expect(second.json().errors).toEqual({ nftIdx: AS_MSG.guaranteeRequired, images: AS_MSG.imageInvalid });
    const notConfirmed = await brand.call({ method: 'POST', url: REPAIR, payload: body(mine.idx, { images: [pending] }) });
    expect(notConfirmed.json().errors).toEqual({ images: AS_MSG.imageInvalid });
    const tooMany = await brand.call({ method: 'POST', url: REPAIR, payload: body(mine.idx, { images: Array.from({ length: 7 }, (_, i) => `${brand.tenantIdx}/${'a'.repeat(31)}${i}.png`) }) });
    expect(tooMany.json().errors).toEqual({ images: AS_MSG.imagesTooMany });
    expect(await t.database.db.select().from(asRequests).where(eq(asRequests.nftIdx, theirs.idx))).toEqual([]);
  });

  it('requires an option when the brand has categories with options (repair), and takes the option\'s category', async () => {
    const a = await sessionOf(t, 'coop@demo.test');
    await t.database.db.insert(featureSettings).values({ tenantIdx: a.tenantIdx, name: 'REPAIR' }).onConflictDoNothing();
    const nft = await certificate(a.tenantIdx);
    const [category] = await t.database.db.insert(repairCategories).values({ tenantIdx: a.tenantIdx, name: '가방' }).returning();
    const [option] = await t.database.db.insert(repairCategoryOptions).values({ tenantIdx: a.tenantIdx, categoryIdx: category.idx, name: '손잡이' }).returning();
    const missing = await a.call({ method: 'POST', url: REPAIR, payload: body(nft.idx) });
    expect(missing.json().errors).toEqual({ options: AS_MSG.categoryRequired });
    const foreignOption = await a.call({ method: 'POST', url: REPAIR, payload: body(nft.idx, { options: 99_999_999 }) });
    expect(foreignOption.json().errors).toEqual({ options: AS_INTAKE_MSG.optionNotFound });
    const res = await a.call({ method: 'POST', url: REPAIR, payload: body(nft.idx, { options: option.idx }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(await requestRow(res.json().data.idx)).toMatchObject({ categoryIdx: category.idx, optionIdx: option.idx, partnerIdx: null });
  });

  it('takes a laundry request only where laundry is in use', async () => {
    const nft = await certificate(brand.tenantIdx);
    const res = await brand.call({ method: 'POST', url: REPAIR, payload: body(nft.idx, { repairType: 'laundry' }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(await requestRow(res.json().data.idx)).toMatchObject({ type: 'laundry' });
    await t.database.db.delete(featureSettings).where(and(eq(featureSettings.tenantIdx, brand.tenantIdx), eq(featureSettings.name, 'LAUNDRY')));
    t.app.principals.forgetTenant(brand.tenantIdx);
    try {
      const refused = await brand.call({ method: 'POST', url: REPAIR, payload: body(nft.idx, { repairType: 'laundry' }) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FEATURE_DISABLED');
    } finally {
      await t.database.db.insert(featureSettings).values({ tenantIdx: brand.tenantIdx, name: 'LAUNDRY' });
      t.app.principals.forgetTenant(brand.tenantIdx);
    }
  });

  it('PATCH rewrites a request while it is received, refuses it afterwards (409) and another brand\'s (404)', async () => {
    const nft = await certificate(brand.tenantIdx);
    const { idx } = (await brand.call({ method: 'POST', url: REPAIR, payload: body(nft.idx) })).json().data;
    const patched = await staff.call({ method: 'PATCH', url: `${REPAIR}/${idx}`, payload: body(nft.idx, { requestMessage: '지퍼도 봐 주세요' }) });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ idx, requestMessage: '지퍼도 봐 주세요', status: 'request' });
    expect((await other.call({ method: 'PATCH', url: `${REPAIR}/${idx}`, payload: body(nft.idx) })).statusCode).toBe(404);
    await t.database.db.update(asRequests).set({ status: 'preinspect' }).where(eq(asRequests.idx, idx));
    const late = await brand.call({ method: 'PATCH', url: `${REPAIR}/${idx}`, payload: body(nft.idx, { requestMessage: '늦음' }) });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ILLEGAL_TRANSITION', message: AS_MSG.illegalTransition('preinspect') });
    expect((await requestRow(idx)).requestMessage).toBe('지퍼도 봐 주세요');
  });

  describe('photos', () => {
    it('a routed partner uploads a request\'s photo into the brand\'s folder; another brand\'s request is out of reach', async () => {
      const nft = await certificate(brand.tenantIdx);
      const { idx } = (await brand.call({ method: 'POST', url: REPAIR, payload: body(nft.idx) })).json().data;
      expect((await requestRow(idx)).partnerIdx).toBe(repairer.tenantIdx);
      const path = await photo(repairer.call, { repairIdx: idx, status: 'complete' });
      expect(path.startsWith(`${brand.tenantIdx}/`)).toBe(true);
      const theirs = await certificate(other.tenantIdx);
      const foreign = (await other.call({ method: 'POST', url: REPAIR, payload: body(theirs.idx) })).json().data.idx;
      const refused = await repairer.call({ method: 'POST', url: `${REPAIR}/image`, payload: { ext: 'png', repairIdx: foreign, status: 'complete' } });
      expect(refused.statusCode).toBe(404);
      expect((await brand.call({ method: 'POST', url: `${REPAIR}/image`, payload: { ext: 'png', repairIdx: foreign } })).statusCode).toBe(404);
    });

    it('the intake photo needs the brand\'s own certificate; only the requester confirms', async () => {
      const theirs = await certificate(other.tenantIdx);
      expect((await brand.call({ method: 'POST', url: `${REPAIR}/image`, payload: { ext: 'png', nftIdx: theirs.idx } })).json().errors).toEqual({ nftIdx: AS_MSG.guaranteeRequired });
      expect((await repairer.call({ method: 'POST', url: `${REPAIR}/image`, payload: { ext: 'png', nftIdx: theirs.idx } })).statusCode).toBe(403);
      expect((await brand.call({ method: 'POST', url: `${REPAIR}/image`, payload: { ext: 'svg', nftIdx: theirs.idx } })).json().errors).toEqual({ ext: FIELD_MSG.uploadExtInvalid });
      expect((await brand.call({ method: 'POST', url: `${REPAIR}/image`, payload: { ext: 'png' } })).json().errors).toEqual({ nftIdx: AS_INTAKE_MSG.imageTargetRequired });
      const mine = await certificate(brand.tenantIdx);
      const requested = (await brand.call({ method: 'POST', url: `${REPAIR}/image`, payload: { ext: 'png', nftIdx: mine.idx } })).json().data;
      await t.app.inject({ method: 'PUT', url: requested.uploadUrl, payload: TINY_IMAGES.png, headers: { 'content-type': 'image/png' } });
      expect((await staff.call({ method: 'POST', url: `${REPAIR}/image/confirm`, payload: { path: requested.path } })).statusCode).toBe(400);
      expect((await brand.call({ method: 'POST', url: `${REPAIR}/image/confirm`, payload: { path: requested.path } })).statusCode).toBe(200);
    });

    it('DELETE removes an unused upload of the tenant, refuses a used one (409) and another tenant\'s (404)', async () => {
      const nft = await certificate(brand.tenantIdx);
      const used = await photo(brand.call, { nftIdx: nft.idx });
      const unused = await photo(brand.call, { nftIdx: nft.idx });
      await brand.call({ method: 'POST', url: REPAIR, payload: body(nft.idx, { images: [used] }) });
      const name = (p: string) => p.slice(p.indexOf('/') + 1);
      expect((await brand.call({ method: 'DELETE', url: `${REPAIR}/image/${name(used)}` })).statusCode).toBe(409);
      expect((await other.call({ method: 'DELETE', url: `${REPAIR}/image/${name(unused)}` })).statusCode).toBe(404);
      const removed = await brand.call({ method: 'DELETE', url: `${REPAIR}/image/${name(unused)}` });
      expect(removed.json().data).toEqual({ path: unused });
      expect(await t.database.db.select().from(uploads).where(eq(uploads.path, unused))).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: `/api/media/files/${unused}` })).statusCode).toBe(404);
    });
  });
});
