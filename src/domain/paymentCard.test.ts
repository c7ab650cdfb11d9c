import { ValidationError } from 'yup';
import { PAYMENT_CARD_MSG, cardNumberOf, isCardIdentity, isExpired, maskCardNumber, paymentCardSchema, receiptCardNumber, type PaymentCardContext } from './paymentCard';

const NOW = new Date('2026-11-22T01:00:00Z');
const valid = {
  cardNumber1: '4242', cardNumber2: '4242', cardNumber3: '4242', cardNumber4: '4242',
  cardExpirationMonth: '12', cardExpirationYear: '29', cardPassword: '12', customerIdentityNumber: '900101', customerEmail: '',
};

async function errorsOf(values: Record<string, unknown>, context: PaymentCardContext = { needsEmail: false, now: NOW }) {
  try {
    await paymentCardSchema.validate(values, { abortEarly: false, context });
    return {};
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    return Object.fromEntries(err.inner.map((e) => [e.path, e.message]));
  }
}

describe('payment card form (spec 1 section 5)', () => {
  it('accepts a complete form', async () => {
    expect(await errorsOf(valid)).toEqual({});
    expect(cardNumberOf(valid)).toBe('4242424242424242');
  });

  it('wants four groups of exactly 4 digits', async () => {
    for (const bad of ['', '424', '42424', '42a2', ' 42 ']) {
      expect(await errorsOf({ ...valid, cardNumber3: bad })).toEqual({ cardNumber3: PAYMENT_CARD_MSG.cardNumberInvalid });
    }
  });

  it('wants an expiry month 01-12 and a 2-digit year', async () => {
    for (const bad of ['', '1', '00', '13', 'ab', '123']) {
      expect(await errorsOf({ ...valid, cardExpirationMonth: bad })).toEqual({ cardExpirationMonth: PAYMENT_CARD_MSG.expirationMonthInvalid });
    }
    for (const bad of ['', '2', '2029', 'xx']) {
      expect(await errorsOf({ ...valid, cardExpirationYear: bad })).toEqual({ cardExpirationYear: PAYMENT_CARD_MSG.expirationYearInvalid });
    }
  });

  it('refuses an expiry in the past, in Seoul months', async () => {
    expect(await errorsOf({ ...valid, cardExpirationMonth: '10', cardExpirationYear: '26' })).toEqual({ cardExpirationYear: PAYMENT_CARD_MSG.expired });
    expect(await errorsOf({ ...valid, cardExpirationMonth: '12', cardExpirationYear: '25' })).toEqual({ cardExpirationYear: PAYMENT_CARD_MSG.expired });
    expect(await errorsOf({ ...valid, cardExpirationMonth: '11', cardExpirationYear: '26' })).toEqual({});
    // 2026-11-30T16:00Z is already December 1st in Seoul: a card through 11/26 has expired there.
    expect(isExpired('11', '26', new Date('2026-11-30T16:00:00Z'))).toBe(true);
    expect(isExpired('11', '26', new Date('2026-11-30T14:59:00Z'))).toBe(false);
  });

  it("wants the card password's first 2 digits", async () => {
    for (const bad of ['', '1', '123', 'ab']) {
      expect(await errorsOf({ ...valid, cardPassword: bad })).toEqual({ cardPassword: PAYMENT_CARD_MSG.passwordInvalid });
    }
  });

  it('wants a 6-digit birth date or a 10-digit business number', async () => {
    expect(await errorsOf({ ...valid, customerIdentityNumber: '1208123456' })).toEqual({});
    for (const bad of ['', '90010', '9001011', '901301', '900132', '12081234567', '12081-2345']) {
      expect(await errorsOf({ ...valid, customerIdentityNumber: bad }), bad).toEqual({ customerIdentityNumber: PAYMENT_CARD_MSG.identityInvalid });
    }
    expect(isCardIdentity('000229')).toBe(true);
    expect(isCardIdentity('001200')).toBe(false);
  });

  it('wants the e-mail only when the account has none, and a valid one whenever given', async () => {
    expect(await errorsOf(valid, { needsEmail: true, now: NOW })).toEqual({ customerEmail: PAYMENT_CARD_MSG.emailRequired });
    expect(await errorsOf({ ...valid, customerEmail: 'pay@brand.test' }, { needsEmail: true, now: NOW })).toEqual({});
    expect(await errorsOf({ ...valid, customerEmail: 'not-mail' })).toEqual({ customerEmail: PAYMENT_CARD_MSG.emailInvalid });
  });

  it('names every missing field at once', async () => {
    expect(Object.keys(await errorsOf({}, { needsEmail: true, now: NOW })).sort()).toEqual([
      'cardExpirationMonth', 'cardExpirationYear', 'cardNumber1', 'cardNumber2', 'cardNumber3', 'cardNumber4', 'cardPassword', 'customerEmail', 'customerIdentityNumber',
    ]);
  });

  it('masks a card number down to its last 4 digits', () => {
    expect(maskCardNumber('4242424242421234')).toBe('**** **** **** 1234');
    expect(maskCardNumber('4242-4242-4242-9876')).toBe('**** **** **** 9876');
    expect(maskCardNumber('12')).toBe('**** **** **** **12');
    expect(maskCardNumber('5555666677778888')).not.toMatch(/5555|6666|7777/);
  });

  it('prints a card on a receipt as ****-****-****-1234, from its stored mask or a number (issue 23 item 14)', () => {
    expect(receiptCardNumber('**** **** **** 1234')).toBe('****-****-****-1234');
    expect(receiptCardNumber('5555666677778888')).toBe('****-****-****-8888');
  });

  it('keeps the spec texts exactly', () => {
    expect(PAYMENT_CARD_MSG.alreadyRegistered).toBe('이미 카드가 등록되어있습니다. 기존 결제 카드를 삭제하고 다시 등록해주세요.');
    expect(PAYMENT_CARD_MSG.registerFailed).toBe('결제 카드 등록에 실패했습니다. 다시 시도해주세요.');
  });
});
