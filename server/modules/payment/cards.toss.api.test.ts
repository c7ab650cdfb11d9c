import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { as, confirmedBrand } from '../../../tests/helpers/accounts';
import { startTossFake, type TossFake } from '../../providers/billing/tossFake';

let fake: TossFake;
let t: TestApp;
beforeAll(async () => {
  fake = await startTossFake();
  t = await createTestApp({ config: { billingProvider: 'toss', tossSecretKey: fake.secretKey, tossApiUrl: fake.url } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const URL = '/api/payment/v2/method';
const form = (n: string) => ({
  cardNumber1: n.slice(0, 4), cardNumber2: n.slice(4, 8), cardNumber3: n.slice(8, 12), cardNumber4: n.slice(12, 16),
  cardExpirationMonth: '12', cardExpirationYear: '29', cardPassword: '12', customerIdentityNumber: '1208123456', customerEmail: 'pay@brand.test',
});

describe(`payment cards through Toss Payments (local fake, ${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it("registers a card by Toss's key-in call and keeps its billing key under the tenant's customer key", async () => {
    const call = as(t, (await confirmedBrand(t)).token);
    const created = await call({ method: 'POST', url: `${URL}/card`, payload: form('4330123412341234') });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ provider: 'toss', maskedNumber: '**** **** **** 1234', cardCompany: '신한', cardType: '신용' });
    const sent = fake.seen.at(-1)!;
    expect(sent.path).toBe('/v1/billing/authorizations/card');
    expect(sent.body).toMatchObject({ cardNumber: '4330123412341234', customerIdentityNumber: '1208123456', customerEmail: 'pay@brand.test', customerKey: expect.stringMatching(/^ck_[0-9a-f]{32}$/) });
  });

  it("registers a card from Toss's billing-auth window: the authKey is exchanged under the tenant's customerKey", async () => {
    const call = as(t, (await confirmedBrand(t)).token);
    const { customerKey } = (await call({ method: 'GET', url: URL })).json().data;
    const created = await call({ method: 'POST', url: `${URL}/card/auth`, payload: { authKey: 'auth_ok' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ provider: 'toss', maskedNumber: '**** **** **** 123*', cardCompany: '현대', cardType: '체크' });
    expect(fake.seen.at(-1)).toMatchObject({ path: '/v1/billing/authorizations/issue', body: { authKey: 'auth_ok', customerKey } });
    const refused = await call({ method: 'POST', url: `${URL}/card/auth`, payload: { authKey: 'stale' } });
    expect(refused.json()).toEqual({ code: 'PAYMENT_DECLINED', message: '인증 키가 올바르지 않습니다.' });
  });

  it("answers Toss's decline with its message, and its failures, a wrong key or an unreachable Toss with the generic text", async () => {
    const call = as(t, (await confirmedBrand(t)).token);
    const declined = await call({ method: 'POST', url: `${URL}/card`, payload: form('4000000000000002') });
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toEqual({ code: 'PAYMENT_DECLINED', message: '카드사에서 거절한 카드입니다.' });
    const generic = { code: 'PAYMENT_FAILED', message: '결제 카드 등록에 실패했습니다. 다시 시도해주세요.' };
    const failed = await call({ method: 'POST', url: `${URL}/card`, payload: form('4000000000000119') });
    expect([failed.statusCode, failed.json()]).toEqual([502, generic]);
    fake.answerNext(401, { code: 'UNAUTHORIZED_KEY', message: '인증되지 않은 시크릿 키 혹은 클라이언트 키 입니다.' });
    const unauthorized = await call({ method: 'POST', url: `${URL}/card`, payload: form('4330123412345678') });
    expect([unauthorized.statusCode, unauthorized.json()]).toEqual([502, generic]);
    expect((await call({ method: 'GET', url: URL })).json().data.total).toBe(0);
  });
});
