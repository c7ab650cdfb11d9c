import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../tests/helpers/testApp';
import { as, confirmedBrand, sessionOf } from '../../../tests/helpers/accounts';
import { billingProfiles, paymentCards } from '../../db/schema';
import { PAYMENT_CARD_MSG } from '../../../src/domain/paymentCard';
import { SANDBOX_CARDS } from '../../providers/billing';
import { SANDBOX_DECLINE_MESSAGE } from '../../providers/billing/sandbox';

const lines: string[] = [];
const sink = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true, logStream: sink });
});
afterAll(() => t.close());

const URL = '/api/payment/v2/method';
const groups = (n: string) => ({ cardNumber1: n.slice(0, 4), cardNumber2: n.slice(4, 8), cardNumber3: n.slice(8, 12), cardNumber4: n.slice(12, 16) });
const form = (number: string = SANDBOX_CARDS.approve, extra: Record<string, unknown> = {}) => ({
  ...groups(number), cardExpirationMonth: '12', cardExpirationYear: '29', cardPassword: '12', customerIdentityNumber: '900101', customerEmail: 'pay@brand.test', ...extra,
});

async function brand() {
  const { token } = await confirmedBrand(t);
  return as(t, token);
}

describe(`payment cards (${process.env.API_TEST_DB ?? 'pglite'})`, () => {
  it('registers a sandbox card, lists it masked, and deletes it', async () => {
    const call = await brand();
    const empty = (await call({ method: 'GET', url: URL })).json().data;
    expect(empty).toEqual({ list: [], total: 0, hasPaymentEmail: false, customerKey: expect.stringMatching(/^ck_[0-9a-f]{32}$/) });

    const created = await call({ method: 'POST', url: `${URL}/card`, payload: form() });
    expect(created.statusCode).toBe(201);
    const card = created.json().data;
    expect(card).toMatchObject({ methodType: 'CARD', maskedNumber: '**** **** **** 4242', provider: 'sandbox', cardCompany: '샌드박스', cardType: '신용' });

    const listed = (await call({ method: 'GET', url: URL })).json().data;
    expect(listed).toEqual({ list: [card], total: 1, hasPaymentEmail: true, customerKey: empty.customerKey });

    const removed = await call({ method: 'DELETE', url: `${URL}/${card.idx}` });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ idx: card.idx });
    expect((await call({ method: 'GET', url: URL })).json().data).toMatchObject({ list: [], total: 0, hasPaymentEmail: true });
    expect((await call({ method: 'DELETE', url: `${URL}/${card.idx}` })).json()).toMatchObject({ code: 'NOT_FOUND', message: PAYMENT_CARD_MSG.notFound });
  });

  it('asks the e-mail only while the account has no payment e-mail', async () => {
    const call = await brand();
    const missing = await call({ method: 'POST', url: `${URL}/card`, payload: form(SANDBOX_CARDS.approve, { customerEmail: '' }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { customerEmail: PAYMENT_CARD_MSG.emailRequired } });
    expect((await call({ method: 'POST', url: `${URL}/card`, payload: form() })).statusCode).toBe(201);
    // A second card: the account has its payment e-mail now.
    const second = await call({ method: 'POST', url: `${URL}/card`, payload: form('5555666677778888', { customerEmail: undefined }) });
    expect(second.statusCode).toBe(201);
    expect((await call({ method: 'GET', url: URL })).json().data.total).toBe(2);
  });

  it('refuses bad input with field errors, never a 500', async () => {
    const call = await brand();
    const bad = await call({
      method: 'POST', url: `${URL}/card`,
      payload: { cardNumber1: '12', cardNumber2: 'abcd', cardNumber3: 42, cardNumber4: '', cardExpirationMonth: '13', cardExpirationYear: '2029', cardPassword: '1234', customerIdentityNumber: '12345', customerEmail: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      cardNumber1: PAYMENT_CARD_MSG.cardNumberInvalid, cardNumber2: PAYMENT_CARD_MSG.cardNumberInvalid, cardNumber3: PAYMENT_CARD_MSG.cardNumberInvalid,
      cardNumber4: PAYMENT_CARD_MSG.cardNumberInvalid, cardExpirationMonth: PAYMENT_CARD_MSG.expirationMonthInvalid, cardExpirationYear: PAYMENT_CARD_MSG.expirationYearInvalid,
      cardPassword: PAYMENT_CARD_MSG.passwordInvalid, customerIdentityNumber: PAYMENT_CARD_MSG.identityInvalid, customerEmail: PAYMENT_CARD_MSG.emailInvalid,
    });
    const expired = await call({ method: 'POST', url: `${URL}/card`, payload: form(SANDBOX_CARDS.approve, { cardExpirationMonth: '10', cardExpirationYear: '26' }) });
    expect(expired.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { cardExpirationYear: PAYMENT_CARD_MSG.expired } });
    expect((await call({ method: 'POST', url: `${URL}/card`, payload: [] as never })).statusCode).toBe(400);
    expect((await call({ method: 'POST', url: `${URL}/card`, payload: 'card' })).statusCode).toBe(415);
    for (const id of ['abc', '0', '-1', '99999999999']) {
      expect((await call({ method: 'DELETE', url: `${URL}/${id}` })).statusCode, id).toBe(404);
    }
  });

  it('refuses the same card twice with ALREADY_REGISTERED_BILLING and its exact text', async () => {
    const call = await brand();
    expect((await call({ method: 'POST', url: `${URL}/card`, payload: form() })).statusCode).toBe(201);
    const again = await call({ method: 'POST', url: `${URL}/card`, payload: form(SANDBOX_CARDS.approve, { cardPassword: '34' }) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: 'ALREADY_REGISTERED_BILLING', message: '이미 카드가 등록되어있습니다. 기존 결제 카드를 삭제하고 다시 등록해주세요.' });
    expect((await call({ method: 'GET', url: URL })).json().data.total).toBe(1);
  });

  it('lets only one of two concurrent registrations of the same card land', async () => {
    const call = await brand();
    const answers = await Promise.all([0, 1, 2].map(() => call({ method: 'POST', url: `${URL}/card`, payload: form('5105105105105100') })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400]);
    for (const a of answers.filter((x) => x.statusCode === 400)) expect(a.json().code).toBe('ALREADY_REGISTERED_BILLING');
    expect((await call({ method: 'GET', url: URL })).json().data.total).toBe(1);
  });

  it('answers a decline with a 400 and the provider message, a provider failure with the generic text, and keeps nothing', async () => {
    const call = await brand();
    const declined = await call({ method: 'POST', url: `${URL}/card`, payload: form(SANDBOX_CARDS.decline) });
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toEqual({ code: 'PAYMENT_DECLINED', message: SANDBOX_DECLINE_MESSAGE });
    const failed = await call({ method: 'POST', url: `${URL}/card`, payload: form(SANDBOX_CARDS.fail) });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ code: 'PAYMENT_FAILED', message: '결제 카드 등록에 실패했습니다. 다시 시도해주세요.' });
    expect((await call({ method: 'GET', url: URL })).json().data).toMatchObject({ list: [], total: 0, hasPaymentEmail: false });
  });

  it('registers a card from the billing-auth window (sandbox authKey), with the same outcomes', async () => {
    const call = await brand();
    const created = await call({ method: 'POST', url: `${URL}/card/auth`, payload: { authKey: `sandbox_auth_${SANDBOX_CARDS.approve}` } });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ provider: 'sandbox', maskedNumber: '**** **** **** 424*', methodType: 'CARD' });
    const again = await call({ method: 'POST', url: `${URL}/card/auth`, payload: { authKey: `sandbox_auth_${SANDBOX_CARDS.approve}` } });
    expect(again.json()).toEqual({ code: 'ALREADY_REGISTERED_BILLING', message: PAYMENT_CARD_MSG.alreadyRegistered });
    const declined = await call({ method: 'POST', url: `${URL}/card/auth`, payload: { authKey: `sandbox_auth_${SANDBOX_CARDS.decline}` } });
    expect([declined.statusCode, declined.json().code]).toEqual([400, 'PAYMENT_DECLINED']);
    const failed = await call({ method: 'POST', url: `${URL}/card/auth`, payload: { authKey: `sandbox_auth_${SANDBOX_CARDS.fail}` } });
    expect([failed.statusCode, failed.json().message]).toEqual([502, PAYMENT_CARD_MSG.registerFailed]);
    const missing = await call({ method: 'POST', url: `${URL}/card/auth`, payload: {} });
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { authKey: PAYMENT_CARD_MSG.authKeyRequired } });
    expect((await call({ method: 'GET', url: URL })).json().data.total).toBe(1);
  });

  it("never lets another tenant see or delete a tenant's card", async () => {
    const owner = await brand();
    const card = (await owner({ method: 'POST', url: `${URL}/card`, payload: form() })).json().data;
    const other = await brand();
    expect((await other({ method: 'GET', url: URL })).json().data.total).toBe(0);
    const refused = await other({ method: 'DELETE', url: `${URL}/${card.idx}` });
    expect(refused.statusCode).toBe(404);
    expect((await owner({ method: 'GET', url: URL })).json().data.list).toEqual([card]);
    // The same card in another tenant is that tenant's own registration.
    expect((await other({ method: 'POST', url: `${URL}/card`, payload: form() })).statusCode).toBe(201);
  });

  it('refuses a sub-account and the repair and laundry partners', async () => {
    const { call: staff } = await sessionOf(t, 'staff@demo.test');
    for (const req of [{ method: 'GET', url: URL }, { method: 'POST', url: `${URL}/card`, payload: form() }, { method: 'POST', url: `${URL}/card/auth`, payload: { authKey: 'x' } }, { method: 'DELETE', url: `${URL}/1` }] as const) {
      const res = await staff(req);
      expect(res.statusCode, req.method).toBe(403);
      expect(res.json().code).toBe('SUB_ACCOUNT_FORBIDDEN');
    }
    for (const email of ['repair@demo.test', 'laundry@demo.test']) {
      const { call } = await sessionOf(t, email);
      const res = await call({ method: 'POST', url: `${URL}/card`, payload: form() });
      expect(res.statusCode, email).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN_ROLE');
    }
    expect((await as(t)({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('keeps the card number out of the database and the logs', async () => {
    const secretNumber = '4111222233334444';
    const call = await brand();
    expect((await call({ method: 'POST', url: `${URL}/card`, payload: form(secretNumber) })).statusCode).toBe(201);
    expect((await call({ method: 'POST', url: `${URL}/card`, payload: form(SANDBOX_CARDS.decline) })).statusCode).toBe(400);
    expect((await call({ method: 'POST', url: `${URL}/card`, payload: form(SANDBOX_CARDS.fail) })).statusCode).toBe(502);

    const rows = await t.database.db.select().from(paymentCards);
    const profiles = await t.database.db.select().from(billingProfiles);
    const stored = JSON.stringify([rows, profiles]);
    expect(stored).toContain('**** **** **** 4444');
    const raw = await t.database.db.execute(sql`select * from payment_cards`);
    const everything = stored + JSON.stringify(raw);
    for (const n of [secretNumber, SANDBOX_CARDS.decline, SANDBOX_CARDS.fail]) {
      expect(everything).not.toContain(n);
      expect(everything).not.toContain(n.slice(4, 12));
    }
    const mine = rows.find((r) => r.maskedNumber.endsWith('4444'))!;
    expect(mine.billingKey).toMatch(/^sandbox_bk_/);
    expect(mine.cardKey).toMatch(/^[0-9a-f]{64}$/);

    const log = lines.join('');
    expect(log).toContain('/api/payment/v2/method/card');
    expect(log).toContain('billing key refused');
    for (const part of [secretNumber, SANDBOX_CARDS.decline, SANDBOX_CARDS.fail, '22223333', '"4111"', '"4444"']) expect(log).not.toContain(part);
  });
});
