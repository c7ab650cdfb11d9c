import * as yup from 'yup';
import { IDX_MAX, IDX_MIN } from './integers';
import { DAY_MS, isYmd } from './seoulDay';
import { withVat } from './vat';

/**
 * Prepaid credit (spec 1 §3 Credit account, §5 Auto top-up, §9 Top-up rules): the option lists,
 * the threshold-below-amount rule, VAT on a charge and the 7-day refund window. The console's
 * auto top-up dialog and the server's PUT /account/config validate with `creditConfigSchema`.
 */

/** Auto top-up trigger options, in won (spec 1 §9). */
export const RECHARGE_THRESHOLDS = [50_000, 100_000, 300_000, 500_000, 1_000_000] as const;
/** Auto top-up amount options, in won (spec 1 §9). */
export const RECHARGE_AMOUNTS = [100_000, 300_000, 500_000, 1_000_000, 5_000_000] as const;
/** What one manual charge may buy: the amount options (the console offers the same list). */
export const CHARGE_AMOUNTS = RECHARGE_AMOUNTS;
/** A charge is refundable within 7 days if unused (spec 1 §9). */
export const REFUND_WINDOW_DAYS = 7;
/** The longest Idempotency-Key accepted. */
export const CREDIT_KEY_MAX = 100;
/** The widest /transaction/group range, in days (a bounded answer). */
export const TRANSACTION_RANGE_MAX_DAYS = 366;

export const CREDIT_MSG = {
  thresholdAboveAmount: '충전 조건보다 큰 금액을 선택해주세요.',
  thresholdInvalid: '충전 조건을 선택해 주세요',
  amountInvalid: '충전 금액을 선택해 주세요',
  activatedInvalid: '자동 충전 사용 여부를 선택해 주세요',
  accountInvalid: '크레딧 계정을 찾을 수 없어요',
  startInvalid: '시작일을 YYYY-MM-DD로 입력해 주세요',
  endInvalid: '종료일을 YYYY-MM-DD로 입력해 주세요',
  rangeInvalid: '종료일은 시작일과 같거나 뒤여야 해요',
  rangeTooWide: `조회 기간은 ${TRANSACTION_RANGE_MAX_DAYS}일까지예요`,
  sortInvalid: '정렬은 startedAt,asc 또는 startedAt,desc로 보내 주세요',
  idempotencyKeyInvalid: `Idempotency-Key는 ${CREDIT_KEY_MAX}자까지예요`,
  chargeDeclined: '결제에 실패했어요. 결제 카드를 확인해 주세요',
  cardRequired: '등록된 결제 카드가 없어요. 결제 카드를 먼저 등록해 주세요',
  chargeNotFound: '충전 내역을 찾을 수 없어요',
  refundWindowPassed: `충전 후 ${REFUND_WINDOW_DAYS}일이 지나 환불할 수 없어요`,
  refundUsed: '사용한 충전금은 환불할 수 없어요',
  refundNotPaid: '환불할 수 있는 충전이 아니에요',
  insufficientBalance: '크레딧 잔액이 부족해요',
  debitAmountInvalid: '차감 금액은 1원 이상의 정수여야 해요',
  reservationClosed: '이미 정산되었거나 해제된 차감이에요',
  refundFailed: '환불 결제 취소에 실패했어요. 잠시 후 다시 시도해 주세요',
  /** Spec 1 section 8's success toast 'Auto top-up settings saved'. */
  configSaved: '자동 충전 설정이 저장되었어요',
  charged: '충전이 완료되었어요',
  autoTopUpFailed: '크레딧 자동 충전 결제에 실패해 자동 충전이 꺼졌어요. 결제 카드를 확인하고 다시 설정해 주세요',
} as const;

/** What the card pays for `amount` won of credit: the amount plus its VAT 10% (spec 1 §9; the rule is src/domain/vat.ts). */
export function chargeTotalOf(amount: number) {
  const { vat, total } = withVat(amount);
  return { amount, vat, total };
}

/** Whether a charge made at `chargedAt` is still inside the refund window at `now` (7 × 24 h). */
export const withinRefundWindow = (chargedAt: Date, now: Date): boolean =>
  now.getTime() - chargedAt.getTime() <= REFUND_WINDOW_DAYS * DAY_MS;

/** A charge is refundable when paid, unrefunded, inside the window, and nothing was spent since it. */
export function refundRefusal(c: { status: string; chargedAt: Date; usedSince: boolean }, now: Date): string | null {
  if (c.status !== 'PAID') return CREDIT_MSG.refundNotPaid;
  if (!withinRefundWindow(c.chargedAt, now)) return CREDIT_MSG.refundWindowPassed;
  if (c.usedSince) return CREDIT_MSG.refundUsed;
  return null;
}

const oneOfNumbers = (list: readonly number[], message: string) =>
  yup.number().typeError(message).required(message).test('option', message, (v) => v == null || list.includes(v));

/** PUT /account/config (spec 1 §7): the threshold must be below the amount (§5). */
export const creditConfigSchema = yup.object({
  accountIdx: yup.number().typeError(CREDIT_MSG.accountInvalid).required(CREDIT_MSG.accountInvalid).integer(CREDIT_MSG.accountInvalid).min(IDX_MIN, CREDIT_MSG.accountInvalid).max(IDX_MAX, CREDIT_MSG.accountInvalid),
  rechargeThreshold: oneOfNumbers(RECHARGE_THRESHOLDS, CREDIT_MSG.thresholdInvalid),
  rechargeAmount: oneOfNumbers(RECHARGE_AMOUNTS, CREDIT_MSG.amountInvalid)
    .test('aboveThreshold', CREDIT_MSG.thresholdAboveAmount, function check(amount) {
      const threshold = (this.parent as { rechargeThreshold?: number }).rechargeThreshold;
      return amount == null || threshold == null || threshold < amount;
    }),
  autoRechargeActivated: yup.boolean().typeError(CREDIT_MSG.activatedInvalid).required(CREDIT_MSG.activatedInvalid).strict(),
});
export type CreditConfigInput = yup.InferType<typeof creditConfigSchema>;

/** POST /account/charge: one of the amount options, VAT added on top. */
export const creditChargeSchema = yup.object({
  amount: oneOfNumbers(CHARGE_AMOUNTS, CREDIT_MSG.amountInvalid),
});

export const TRANSACTION_SORTS = ['startedAt,asc', 'startedAt,desc'] as const;
export type TransactionSort = (typeof TRANSACTION_SORTS)[number];

/** GET /transaction/group's query: start and end (Seoul days, inclusive) are required, as the console skips the call without them. */
export function transactionRangeErrors(q: { start?: string; end?: string; sort?: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!q.start || !isYmd(q.start)) errors.start = CREDIT_MSG.startInvalid;
  if (!q.end || !isYmd(q.end)) errors.end = CREDIT_MSG.endInvalid;
  if (!errors.start && !errors.end) {
    const days = (Date.parse(`${q.end}T00:00:00Z`) - Date.parse(`${q.start}T00:00:00Z`)) / DAY_MS;
    if (days < 0) errors.end = CREDIT_MSG.rangeInvalid;
    else if (days >= TRANSACTION_RANGE_MAX_DAYS) errors.end = CREDIT_MSG.rangeTooWide;
  }
  if (q.sort !== undefined && !(TRANSACTION_SORTS as readonly string[]).includes(q.sort)) errors.sort = CREDIT_MSG.sortInvalid;
  return errors;
}

/** Ledger entry kinds. OPENING carries a balance that existed before the ledger (the migration, the demo seed). */
export const LEDGER_KINDS = ['OPENING', 'CHARGE', 'REFUND', 'AUTO_TOPUP', 'DEBIT_RESERVE', 'DEBIT_SETTLE', 'DEBIT_RELEASE'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
