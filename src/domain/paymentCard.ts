import * as yup from 'yup';
import { EMAIL, EMAIL_MAX } from './patterns';

/**
 * The payment card registration form (spec 1 sections 3 and 5; issue 12 item 2): four groups of 4
 * digits, expiry month (01–12) and year (2 digits each, not in the past), the first 2 digits of the
 * card password, a 6-digit birth date or a 10-digit business number, and an e-mail only when the
 * account has no payment e-mail yet. The console's dialog and the server (POST /v2/method/card)
 * validate with `paymentCardSchema`; its context `$needsEmail` and `$now` (the brand's today).
 * The card number is handed to the billing provider and never kept: only `maskCardNumber`'s result is.
 */

export const CARD_GROUPS = 4;
export const CARD_GROUP_LENGTH = 4;
export const CARD_FIELDS = ['cardNumber1', 'cardNumber2', 'cardNumber3', 'cardNumber4'] as const;
export const IDENTITY_MAX = 10;

/** The form's texts (spec 1 section 8 for the three registration outcomes). */
export const PAYMENT_CARD_MSG = {
  cardNumberInvalid: '카드 번호 4자리씩 숫자로 입력해 주세요',
  expirationMonthInvalid: '유효기간 월을 01~12로 입력해 주세요',
  expirationYearInvalid: '유효기간 연도를 2자리 숫자로 입력해 주세요',
  expired: '유효기간이 지난 카드예요',
  passwordInvalid: '카드 비밀번호 앞 2자리를 입력해 주세요',
  identityInvalid: '생년월일 6자리 또는 사업자등록번호 10자리를 입력해 주세요',
  emailRequired: '이메일을 입력해 주세요',
  emailInvalid: '이메일 형식이 올바르지 않아요',
  /** Spec 1 section 8, exactly. */
  alreadyRegistered: '이미 카드가 등록되어있습니다. 기존 결제 카드를 삭제하고 다시 등록해주세요.',
  /** Spec 1 section 8, exactly: any failure other than a 400. */
  registerFailed: '결제 카드 등록에 실패했습니다. 다시 시도해주세요.',
  notFound: '결제 카드를 찾을 수 없어요',
  authKeyRequired: '카드 인증 정보가 없어요. 카드 등록을 다시 시작해 주세요',
  /** A decline without the provider's own message. */
  declined: '카드사에서 승인을 거절했어요. 다른 카드로 다시 시도해 주세요',
  /** Spec 1 section 8's success toast 'Card registered'. */
  registered: '결제 카드가 등록되었어요',
  deleted: '결제 카드를 삭제했어요',
} as const;

const digits = (n: number) => new RegExp(`^\\d{${n}}$`);

/** Year and month of `now` in Asia/Seoul (the brand's days, architecture rule 8). */
function seoulYearMonth(now: Date): { year: number; month: number } {
  const seoul = new Date(now.getTime() + 9 * 60 * 60 * 1000);
  return { year: seoul.getUTCFullYear() % 100, month: seoul.getUTCMonth() + 1 };
}

/** Whether a card valid through MM/YY is still valid at `now` (valid to the month's end). */
export function isExpired(month: string, year: string, now: Date): boolean {
  const today = seoulYearMonth(now);
  const y = Number(year);
  const m = Number(month);
  return y < today.year || (y === today.year && m < today.month);
}

/** A 6-digit birth date (YYMMDD, a real month and day) or a 10-digit business number. */
export function isCardIdentity(value: string): boolean {
  if (digits(10).test(value)) return true;
  if (!digits(6).test(value)) return false;
  const month = Number(value.slice(2, 4));
  const day = Number(value.slice(4, 6));
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

const group = yup.string().trim().required(PAYMENT_CARD_MSG.cardNumberInvalid).matches(digits(CARD_GROUP_LENGTH), PAYMENT_CARD_MSG.cardNumberInvalid);

export const paymentCardSchema = yup.object({
  cardNumber1: group,
  cardNumber2: group,
  cardNumber3: group,
  cardNumber4: group,
  cardExpirationMonth: yup.string().trim().required(PAYMENT_CARD_MSG.expirationMonthInvalid).matches(/^(0[1-9]|1[0-2])$/, PAYMENT_CARD_MSG.expirationMonthInvalid),
  cardExpirationYear: yup.string().trim().required(PAYMENT_CARD_MSG.expirationYearInvalid).matches(digits(2), PAYMENT_CARD_MSG.expirationYearInvalid)
    .test('not-expired', PAYMENT_CARD_MSG.expired, function notExpired(year) {
      const month = this.parent.cardExpirationMonth as string | undefined;
      const now = this.options.context?.now as Date | undefined;
      if (!year || !/^\d{2}$/.test(year) || !month || !/^(0[1-9]|1[0-2])$/.test(month) || !now) return true;
      return !isExpired(month, year, now);
    }),
  cardPassword: yup.string().trim().required(PAYMENT_CARD_MSG.passwordInvalid).matches(digits(2), PAYMENT_CARD_MSG.passwordInvalid),
  customerIdentityNumber: yup.string().trim().required(PAYMENT_CARD_MSG.identityInvalid).max(IDENTITY_MAX, PAYMENT_CARD_MSG.identityInvalid)
    .test('identity', PAYMENT_CARD_MSG.identityInvalid, (v) => !v || isCardIdentity(v)),
  customerEmail: yup.string().trim().max(EMAIL_MAX, PAYMENT_CARD_MSG.emailInvalid).matches(EMAIL, { message: PAYMENT_CARD_MSG.emailInvalid, excludeEmptyString: true })
    .when('$needsEmail', { is: true, then: (s) => s.required(PAYMENT_CARD_MSG.emailRequired), otherwise: (s) => s.optional() }),
});
export type PaymentCardForm = yup.InferType<typeof paymentCardSchema>;

/** What the schema's tests read: whether the e-mail field is shown, and the brand's now. */
export interface PaymentCardContext {
  needsEmail: boolean;
  now: Date;
}

/** The 16 digits of the form's four groups. */
export const cardNumberOf = (form: Pick<PaymentCardForm, (typeof CARD_FIELDS)[number]>) => CARD_FIELDS.map((f) => form[f]).join('');

/** Keeps only the last 4 digits: '**** **** **** 1234'. Any non-digit is ignored. */
export function maskCardNumber(cardNumber: string): string {
  const last4 = cardNumber.replace(/\D/g, '').slice(-4);
  return `**** **** **** ${last4.padStart(4, '*')}`;
}

/** A card as a receipt prints it (issue 23 item 14): '****-****-****-1234', from a number or its stored mask (only the last 4 digits are kept). */
export const receiptCardNumber = (card: string): string => maskCardNumber(card).replace(/ /g, '-');

/** The billing-auth window's return (Toss `requestBillingAuth`): the authKey to exchange for a billing key. */
export const AUTH_KEY_MAX = 300;
export const paymentCardAuthSchema = yup.object({
  authKey: yup.string().trim().required(PAYMENT_CARD_MSG.authKeyRequired).max(AUTH_KEY_MAX, PAYMENT_CARD_MSG.authKeyRequired),
});
