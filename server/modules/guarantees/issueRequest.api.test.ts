import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { NFT_URL, guaranteeTenant, messagesTo } from '../../../tests/helpers/guarantees';
import { GUARANTEE_API_MSG } from '../../../src/domain/guarantee';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Spec 2: the admin A/S intake's issue request (nftStatus request) waits as 1 and tells the customer nothing. */
describe(`POST /nft with nftStatus request (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('starts as 발급 대기 (1) with route product, the customer linked, and no 알림톡', async () => {
    const a = await guaranteeTenant(t);
    const res = await a.call({
      method: 'POST', url: NFT_URL,
      payload: { nftStatus: 'request', ordererName: '김수선', ordererTel: '010-3300-0001', ordererCountryCode: '82', orderedAt: '2026-11-01', storeName: '성수점', requestRoute: 'product', productName: '수선 가방' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ nftStatus: 1, requestRoute: 'product', issuedAt: null, storeName: '성수점', customerIdx: expect.any(Number) });
    expect(await messagesTo(t, '01033000001')).toEqual([]);
  });

  it('refuses any other nftStatus naming the field', async () => {
    const a = await guaranteeTenant(t);
    const res = await a.call({ method: 'POST', url: NFT_URL, payload: { nftStatus: 'complete', ordererName: '김수선', ordererTel: '01033000002', productName: '가방' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ nftStatus: GUARANTEE_API_MSG.nftStatusInvalid });
  });
});
