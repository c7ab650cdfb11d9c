import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { as, confirmedBrand, sessionOf, signInDemo } from '../../../tests/helpers/accounts';
import { SUBSCRIPTION_MSG } from '../../../src/domain/subscription';
import { SANDBOX_CARDS } from '../../providers/billing';

const DAY_MS = 24 * 60 * 60 * 1000;
const B = '/api/payment/v2/bill';
const SELLER = { businessNumber: '2208112341', name: '주식회사 테스트플랫폼' };
const card = (n: string) => ({
  cardNumber1: n.slice(0, 4), cardNumber2: n.slice(4, 8), cardNumber3: n.slice(8, 12), cardNumber4: n.slice(12, 16),
  cardExpirationMonth: '12', cardExpirationYear: '29', cardPassword: '12', customerIdentityNumber: '900101', customerEmail: 'pay@brand.test',
});

/** A trial brand with the sandbox's approving card, subscribed to Standard: its calls, its sign-up form and the bill. */
async function subscribedBrand(t: TestApp, brandName: string) {
  const account = await confirmedBrand(t, { brandName });
  const call = as(t, account.token);
  expect((await call({ method: 'POST', url: '/api/payment/v2/method/card', payload: card(SANDBOX_CARDS.approve) })).statusCode).toBe(201);
  const bill = (await call({ method: 'POST', url: '/api/payment/v2/subscription', payload: { planId: 'STANDARD_MONTHLY' } })).json().data.bill;
  return { call, account, bill };
}

describe(`the bill's receipt (issue 23 item 14, ${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  let t: TestApp;
  let start: Date;
  beforeAll(async () => { t = await createTestApp({ demo: true, config: { seller: SELLER } }); start = t.clock.now(); });
  afterEach(() => t.clock.set(start));
  afterAll(() => t.close());

  it('carries 공급자 from the config, the tenant as 공급받는자, the masked card and 공급가액 + 부가세 = 합계', async () => {
    const { call, account, bill } = await subscribedBrand(t, '영수증브랜드');
    const res = await call({ method: 'GET', url: `${B}/${bill.idx}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.receipt).toEqual({
      supplier: SELLER,
      buyer: { businessNumber: account.businessNum, name: '영수증브랜드' },
      cardNumber: `****-****-****-${SANDBOX_CARDS.approve.slice(-4)}`,
      supplyAmount: 99_000, vat: 9_900, totalAmount: 108_900,
    });
  });

  it("adds up a plan change's lines to the amount charged", async () => {
    const { account } = await subscribedBrand(t, '변경브랜드');
    t.clock.advance(10 * DAY_MS);
    const { call } = await sessionOf(t, account.email);
    const up = (await call({ method: 'POST', url: '/api/payment/v2/subscription', payload: { planId: 'PRO_MONTHLY' } })).json().data.bill;
    const { itemList, receipt, totalAmount } = (await call({ method: 'GET', url: `${B}/${up.idx}` })).json().data;
    const sum = (key: 'price' | 'vat') => itemList.reduce((s: number, i: Record<string, number>) => s + i[key], 0);
    expect(receipt).toMatchObject({ supplyAmount: sum('price'), vat: sum('vat'), totalAmount });
    expect(receipt.supplyAmount + receipt.vat).toBe(totalAmount);
  });

  it("answers another tenant's bill 404 and refuses a sub-account (403)", async () => {
    const a = await subscribedBrand(t, '에이브랜드');
    const b = await subscribedBrand(t, '비브랜드');
    const res = await b.call({ method: 'GET', url: `${B}/${a.bill.idx}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: SUBSCRIPTION_MSG.billNotFound });
    // b's own receipt names b, not a.
    const own = (await b.call({ method: 'GET', url: `${B}/${b.bill.idx}` })).json().data.receipt;
    expect(own.buyer).toEqual({ businessNumber: b.account.businessNum, name: '비브랜드' });
    const staff = await as(t, await signInDemo(t, 'staff@demo.test'))({ method: 'GET', url: `${B}/${a.bill.idx}` });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().code).toBe('SUB_ACCOUNT_FORBIDDEN');
  });
});
