import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { sessionOf } from '../../../tests/helpers/accounts';
import { AS_INTAKE_MSG, AS_MSG } from '../../../src/domain/afterService';

let t: TestApp;
let brand: Awaited<ReturnType<typeof sessionOf>>;
let staff: Awaited<ReturnType<typeof sessionOf>>;
let other: Awaited<ReturnType<typeof sessionOf>>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  [brand, staff, other] = await Promise.all(['brand@demo.test', 'staff@demo.test', 'other@demo.test'].map((e) => sessionOf(t, e)));
});
afterAll(() => t.close());

const CATEGORY = '/api/v1/admin/repair/category';
const info = { contactPhone: '02-123-4567', notice: '택배로 보내 주세요', receiveZipCode: '04799', receiveAddress1: '서울 성동구 성수이로 1', receiveAddress2: '2층' };

describe(`A/S settings (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it.each(['repair', 'laundry'])('%s/info: empty until saved, saved per kind and tenant', async (type) => {
    const url = `/api/v1/admin/${type}/info`;
    expect((await other.call({ method: 'GET', url })).json().data).toEqual({ contactPhone: '', notice: '', receiveZipCode: '', receiveAddress1: '', receiveAddress2: '' });
    const saved = await brand.call({ method: 'POST', url, payload: info });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual(info);
    expect((await brand.call({ method: 'GET', url })).json().data).toEqual(info);
    expect((await other.call({ method: 'GET', url })).json().data.notice).toBe('');
    const bad = await brand.call({ method: 'POST', url, payload: { ...info, contactPhone: '02-abc', receiveZipCode: '123' } });
    expect(bad.json().errors).toEqual({ contactPhone: AS_MSG.contactInvalid, receiveZipCode: AS_MSG.zipInvalid });
  });

  it('refuses the settings to a sub-account, who still reads the categories the intake offers', async () => {
    for (const req of [
      { method: 'GET' as const, url: '/api/v1/admin/repair/info' }, { method: 'POST' as const, url: '/api/v1/admin/laundry/info', payload: info },
      { method: 'POST' as const, url: CATEGORY, payload: { list: [] } },
    ]) {
      const res = await staff.call(req);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('SUB_ACCOUNT_FORBIDDEN');
    }
    expect((await staff.call({ method: 'GET', url: CATEGORY })).statusCode).toBe(200);
  });

  it('replaces the category list at once: an idx keeps its row, a missing row goes, another tenant\'s idx is refused', async () => {
    const first = await brand.call({ method: 'POST', url: CATEGORY, payload: { list: [
      { name: '가방', options: [{ name: '손잡이' }, { name: '지퍼' }] },
      { name: '신발', options: [{ name: '굽' }] },
    ] } });
    expect(first.statusCode, first.body).toBe(200);
    const [bag, shoes] = first.json().data.list;
    expect(bag).toMatchObject({ name: '가방', options: [{ name: '손잡이' }, { name: '지퍼' }] });

    const second = await brand.call({ method: 'POST', url: CATEGORY, payload: { list: [
      { idx: shoes.idx, name: '구두', options: [{ idx: shoes.options[0].idx, name: '굽 교체' }, { idx: bag.options[1].idx, name: '지퍼' }] },
      { name: '지갑', options: [] },
    ] } });
    expect(second.json().data.list).toEqual([
      { idx: shoes.idx, name: '구두', options: [{ idx: shoes.options[0].idx, name: '굽 교체' }, { idx: bag.options[1].idx, name: '지퍼' }] },
      { idx: expect.any(Number), name: '지갑', options: [] },
    ]);
    expect((await staff.call({ method: 'GET', url: CATEGORY })).json().data.list).toEqual(second.json().data.list);

    const foreign = await other.call({ method: 'POST', url: CATEGORY, payload: { list: [{ idx: shoes.idx, name: '탈취', options: [{ idx: bag.options[1].idx, name: 'x' }] }] } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ 'list[0].idx': AS_INTAKE_MSG.categoryNotFound, 'list[0].options[0].idx': AS_INTAKE_MSG.optionNotFound });
    const blank = await brand.call({ method: 'POST', url: CATEGORY, payload: { list: [{ name: ' ', options: [{ name: '' }] }] } });
    expect(blank.json().errors).toEqual({ 'list[0].name': AS_MSG.categoryNameRequired, 'list[0].options[0].name': AS_MSG.optionNameRequired });
    expect((await brand.call({ method: 'GET', url: CATEGORY })).json().data.list).toEqual(second.json().data.list);
    expect((await other.call({ method: 'GET', url: CATEGORY })).json().data.list).toEqual([]);
  });
});
