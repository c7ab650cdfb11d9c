import { createTestApp, type TestApp } from '../tests/helpers/testApp';
import { sessionOf } from '../tests/helpers/accounts';
import { GUARANTEE_API_MSG, GUARANTEE_MSG, TEMPLATE_MSG } from '../src/domain/guarantee';
import { IDX_MAX } from '../src/domain/integers';

/**
 * Issue 20, A3: an integer beyond its column's range is the field's own 400 (it once reached the
 * driver and answered 500), and a path key beyond it is the row's 404 like any key no row can have.
 */
let t: TestApp;
let call: Awaited<ReturnType<typeof sessionOf>>['call'];
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  ({ call } = await sessionOf(t, 'brand@demo.test'));
});
afterAll(() => t.close());

const BEYOND = 3_000_000_000;
const issue = { ordererName: '김고객', ordererTel: '01012345678', productName: '가방' };

describe(`integers beyond their column (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('POST /v1/admin/nft: a storeIdx or partnersProductIdx beyond the column is a 400 naming the field', async () => {
    for (const [field, message] of [['storeIdx', GUARANTEE_API_MSG.storeInvalid], ['partnersProductIdx', GUARANTEE_MSG.productRequired]] as const) {
      for (const value of [BEYOND, IDX_MAX + 1, -BEYOND, 0]) {
        const res = await call({ method: 'POST', url: '/api/v1/admin/nft', payload: { ...issue, [field]: value } });
        expect(res.statusCode, `${field} ${value}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { [field]: message } });
      }
    }
  });

  it('PATCH /v1/admin/nft-template/{id}/setting: a filteringStores item beyond the column is a 400 naming the item', async () => {
    const list = (await call({ method: 'GET', url: '/api/v1/admin/nft-template' })).json().data;
    const idx = (list.list ?? list)[0].idx as number;
    const res = await call({ method: 'PATCH', url: `/api/v1/admin/nft-template/${idx}/setting`, payload: { filteringStores: [1, BEYOND] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { 'filteringStores[1]': TEMPLATE_MSG.storeInvalid } });
  });

  it('a path key or query key beyond the column: the row\'s 404, the query\'s 400, never 500', async () => {
    for (const url of [`/api/v1/admin/nft/${BEYOND}`, `/api/v1/admin/nft-template/${BEYOND}`, `/api/v1/admin/customers/${BEYOND}`]) {
      expect((await call({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const res = await call({ method: 'GET', url: `/api/v1/admin/nft?storeIdx=${BEYOND}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ storeIdx: GUARANTEE_API_MSG.idxInvalid });
  });
});
