import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { as, confirmedBrand, signInDemo } from '../../../tests/helpers/accounts';
import { FIELD_MSG } from '../../../src/domain/messages';
import { storeResource } from '../../../src/domain/resources/store';

const STORE = '/api/v1/admin/store';
/** The fields of a store record, from its definition (a field added there is answered too). */
const FIELDS = Object.keys(storeResource.fields).sort();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

describe(`stores and brands (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('lists the demo stores pinned first, then by name, and the brand with its English name', async () => {
    const call = as(t, await signInDemo(t, 'staff@demo.test'));
    const stores = (await call({ method: 'GET', url: `${STORE}/list` })).json().data.list;
    expect(stores.map((s: { name: string; pinned: string }) => [s.pinned, s.name])).toEqual([
      ['Y', '더현대 서울점'], ['Y', '데모브랜드 성수 플래그십'], ['N', '롯데월드몰 잠실점'], ['N', '신세계 강남점'], ['N', '온라인 공식몰'],
    ]);
    // The pickers' list leaves out the creation time (and never carries tenant_idx).
    expect(Object.keys(stores[0]).sort()).toEqual(FIELDS.filter((f) => f !== 'createdAt'));
    const brands = (await call({ method: 'GET', url: '/api/v1/admin/brand/list' })).json().data.list;
    expect(brands).toEqual([{ idx: expect.any(Number), name: '데모브랜드', englishName: 'DEMO BRAND' }]);
  });

  it('creates, pages, updates and deletes the tenant\'s stores', async () => {
    const brand = await confirmedBrand(t);
    const call = as(t, brand.token);
    expect((await call({ method: 'GET', url: `${STORE}/list` })).json().data.list).toEqual([]);

    const bad = await call({ method: 'POST', url: STORE, payload: { name: ' ', tag: 'x'.repeat(101), pinned: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ name: '매장명을 입력해 주세요', tag: '태그는 100자까지 입력할 수 있어요', pinned: FIELD_MSG.pinnedInvalid });

    const created = await call({ method: 'POST', url: STORE, payload: { name: ' 판교점 ', tag: '백화점' } });
    expect(created.statusCode).toBe(201);
    const store = created.json().data;
    expect(store).toMatchObject({ name: '판교점', tag: '백화점', pinned: 'N' });
    await call({ method: 'POST', url: STORE, payload: { name: '강남점', pinned: 'Y' } });
    await call({ method: 'POST', url: STORE, payload: { name: '가로수길점', tag: '' } });

    const page = (await call({ method: 'GET', url: `${STORE}?page=1&pageSize=10` })).json().data;
    expect(page.total).toBe(3);
    expect(page.list.map((s: { name: string }) => s.name)).toEqual(['강남점', '가로수길점', '판교점']);
    expect(page.list[1].tag).toBeNull();
    expect((await call({ method: 'GET', url: `${STORE}?searchText=${encodeURIComponent('판교')}` })).json().data.total).toBe(1);
    expect((await call({ method: 'GET', url: `${STORE}?pageSize=7` })).json().errors).toEqual({ pageSize: FIELD_MSG.pageSizeInvalid });

    const updated = await call({ method: 'PATCH', url: STORE, payload: { idx: store.idx, name: '판교 현대점', tag: null, pinned: 'Y' } });
    expect(updated.json().data).toMatchObject({ idx: store.idx, name: '판교 현대점', tag: null, pinned: 'Y' });
    expect((await call({ method: 'PATCH', url: STORE, payload: { idx: store.idx, name: '' } })).json().errors).toEqual({ name: '매장명을 입력해 주세요' });
    expect((await call({ method: 'PATCH', url: STORE, payload: { name: '번호 없음' } })).statusCode).toBe(404);

    expect((await call({ method: 'DELETE', url: `${STORE}/${store.idx}` })).json().data).toEqual({ idx: store.idx });
    expect((await call({ method: 'DELETE', url: `${STORE}/${store.idx}` })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `${STORE}/list` })).json().data.list.map((s: { name: string }) => s.name)).toEqual(['강남점', '가로수길점']);
  });

  it('answers the standard routes of the definition too: GET one, PATCH /{idx}, bulk delete (all or nothing) and a page out of range', async () => {
    const call = as(t, (await confirmedBrand(t)).token);
    const a = (await call({ method: 'POST', url: STORE, payload: { name: '성수점' } })).json().data;
    const b = (await call({ method: 'POST', url: STORE, payload: { name: '홍대점', tag: ' 직영 ' } })).json().data;
    const one = (await call({ method: 'GET', url: `${STORE}/${b.idx}` })).json().data;
    expect(Object.keys(one).sort()).toEqual(FIELDS);
    expect(one).toMatchObject({ idx: b.idx, name: '홍대점', tag: '직영', pinned: 'N', createdAt: expect.any(String) });
    expect((await call({ method: 'GET', url: `${STORE}/${b.idx + 1000}` })).statusCode).toBe(404);
    // A key no integer column holds names no record, checked before any query.
    expect((await call({ method: 'GET', url: `${STORE}/2147483648` })).statusCode).toBe(404);
    // The spec's PATCH checks the key in the body first: no record, whatever the fields.
    expect((await call({ method: 'PATCH', url: STORE, payload: { idx: 'x', name: '' } })).statusCode).toBe(404);
    const patched = await call({ method: 'PATCH', url: `${STORE}/${a.idx}`, payload: { name: '성수 플래그십', pinned: 'Y' } });
    expect(patched.json().data).toMatchObject({ idx: a.idx, name: '성수 플래그십', tag: null, pinned: 'Y' });
    expect((await call({ method: 'PATCH', url: `${STORE}/${a.idx}`, payload: { name: ' ' } })).json().errors).toEqual({ name: '매장명을 입력해 주세요' });
    expect((await call({ method: 'GET', url: `${STORE}?page=1e309` })).json().errors).toEqual({ page: FIELD_MSG.pageInvalid });
    expect((await call({ method: 'GET', url: `${STORE}?page=${Number.MAX_SAFE_INTEGER}` })).json().errors).toEqual({ page: FIELD_MSG.pageInvalid });
    expect((await call({ method: 'GET', url: `${STORE}?searchType=name&searchText=${encodeURIComponent('홍대')}` })).json().data.total).toBe(1);
    // A searchType the definition does not offer is refused, not silently searched elsewhere.
    expect((await call({ method: 'GET', url: `${STORE}?searchType=tag&searchText=x` })).json().errors).toEqual({ searchType: FIELD_MSG.valueInvalid });
    expect((await call({ method: 'DELETE', url: `${STORE}/bulk`, payload: { idxList: [] } })).json().errors).toEqual({ idxList: FIELD_MSG.idxListRequired });
    expect((await call({ method: 'DELETE', url: `${STORE}/bulk`, payload: { idxList: [a.idx, b.idx + 1000] } })).statusCode).toBe(404);
    expect((await call({ method: 'DELETE', url: `${STORE}/bulk`, payload: { idxList: [a.idx, 2147483648] } })).statusCode).toBe(404);
    expect((await call({ method: 'GET', url: `${STORE}/list` })).json().data.list).toHaveLength(2);
    expect((await call({ method: 'DELETE', url: `${STORE}/bulk`, payload: { idxList: [a.idx, b.idx] } })).json().data).toEqual({ idxList: [a.idx, b.idx] });
    expect((await call({ method: 'GET', url: `${STORE}/list` })).json().data.list).toEqual([]);
  });
});
