import * as yup from 'yup';
import { IDX_MAX, IDX_MIN, idxSchema } from './integers';
import type { AccessRule } from './access';
import { MEMBERSHIP_RULE } from './resources/membershipTemplate';
import { MOBILE_PHONE } from './patterns';

/**
 * Stamps (spec 3 sections 2, 6 and 7; issue 11 item 6): a brand's one stamp card. A customer earns
 * a stamp on the card's trigger (a guarantee issued, a purchase recorded, or a visit confirmed by
 * staff); at `goal` stamps the reward coupon is granted and a new card starts. The console's form
 * and the server validate with `stampSettingSchema`; the card math is `accrueStamps`, used by the
 * server in the transaction of the event and by the lounge's card. Hidden from sub-accounts and
 * refused to them (spec 3 section 6), gated like membership setup (MEMBERSHIP feature, STANDARD blocked).
 */

export const STAMP_RULE: AccessRule = { ...MEMBERSHIP_RULE, mainOnly: true };
export const STAMP_WRITE_RULE: AccessRule = { ...STAMP_RULE, write: true };

/** What earns a stamp. */
export const STAMP_TRIGGERS = ['GUARANTEE', 'ORDER', 'VISIT'] as const;
export type StampTrigger = (typeof STAMP_TRIGGERS)[number];

/**
 * A history row: a stamp earned, a reward coupon granted, a reward the coupon refused (sold out,
 * deleted), or a stamp taken back because the certificate that earned it was cancelled
 * (`cancelStamps`: CANCELED rows are exactly the stamps taken off a card).
 */
export const STAMP_STATUSES = ['ACCRUED', 'REWARDED', 'REWARD_FAILED', 'CANCELED'] as const;
export type StampStatus = (typeof STAMP_STATUSES)[number];
/** The history's filter: a status, or ALL (the default, spec 3 section 2). */
export const STAMP_STATUS_FILTERS = ['ALL', ...STAMP_STATUSES] as const;
export type StampStatusFilter = (typeof STAMP_STATUS_FILTERS)[number];

/** Stamps to a reward: a card of 2 to 30 (spec: limits not shown; paper cards run 5 to 20). */
export const STAMP_GOAL_MIN = 2;
export const STAMP_GOAL_MAX = 30;
export const STAMP_GOAL_DEFAULT = 10;
export const STAMP_TEXT_MAX = 200;
export const STAMP_MEMO_MAX = 100;

export const STAMP_MSG = {
  goalInvalid: `리워드까지 필요한 스탬프 수는 ${STAMP_GOAL_MIN}~${STAMP_GOAL_MAX}개로 입력해 주세요`,
  rewardCouponRequired: '리워드 쿠폰을 선택해 주세요',
  rewardCouponNotFound: '리워드 쿠폰을 찾을 수 없어요. 다시 선택해 주세요',
  rewardCouponOnce: '고객당 1회만 받을 수 있는 쿠폰은 리워드 쿠폰으로 쓸 수 없어요',
  triggerInvalid: '적립 기준을 선택해 주세요',
  choiceInvalid: '올바른 값을 선택해 주세요',
  textTooLong: `${STAMP_TEXT_MAX}자 이하로 입력해 주세요`,
  memoTooLong: `메모는 ${STAMP_MEMO_MAX}자 이하로 입력해 주세요`,
  notSetUp: '스탬프 카드를 먼저 설정해 주세요',
  notActive: '스탬프 적립이 꺼져 있어요. 스탬프 설정에서 적립을 켜 주세요',
  notVisitTrigger: '방문 확인으로 적립하는 스탬프 카드가 아니에요',
  customerRequired: '고객을 선택하거나 휴대폰 번호를 입력해 주세요',
  customerNotFound: '고객을 찾을 수 없어요',
  phoneInvalid: '휴대폰 번호를 올바르게 입력해 주세요',
  statusInvalid: '적립 상태를 올바르게 선택해 주세요',
  rewardSoldOut: '리워드 쿠폰이 모두 소진되어 지급하지 못했어요',
  rewardMissing: '리워드 쿠폰이 삭제되어 지급하지 못했어요',
  rewardAlreadyGranted: '이미 받은 쿠폰이라 지급하지 못했어요',
} as const;

const yn = yup.string().oneOf(['Y', 'N'] as const, STAMP_MSG.choiceInvalid);

/** The stamp card (PUT /v1/admin/stamp, the setting form). */
export const stampSettingSchema = yup.object({
  goal: yup.number().typeError(STAMP_MSG.goalInvalid).required(STAMP_MSG.goalInvalid).integer(STAMP_MSG.goalInvalid)
    .min(STAMP_GOAL_MIN, STAMP_MSG.goalInvalid).max(STAMP_GOAL_MAX, STAMP_MSG.goalInvalid),
  rewardCouponIdx: yup.number().typeError(STAMP_MSG.rewardCouponRequired).required(STAMP_MSG.rewardCouponRequired)
    .integer(STAMP_MSG.rewardCouponRequired).min(IDX_MIN, STAMP_MSG.rewardCouponRequired).max(IDX_MAX, STAMP_MSG.rewardCouponNotFound),
  trigger: yup.string().required(STAMP_MSG.triggerInvalid).oneOf(STAMP_TRIGGERS, STAMP_MSG.triggerInvalid),
  active: yn.required(STAMP_MSG.choiceInvalid),
  description: yup.string().trim().max(STAMP_TEXT_MAX, STAMP_MSG.textTooLong).transform((v: string | null) => v ?? '').default(''),
});
export type StampSettingInput = yup.InferType<typeof stampSettingSchema>;

/** PATCH /v1/admin/stamp/active. */
export const stampActiveSchema = yup.object({ active: yn.required(STAMP_MSG.choiceInvalid) });

/** POST /v1/admin/stamps: a visit confirmed by staff, for a customer by idx or by phone. */
export const stampVisitSchema = yup.object({
  customerIdx: idxSchema(STAMP_MSG.customerNotFound).nullable(),
  phone: yup.string().trim().nullable().test('phone', STAMP_MSG.phoneInvalid, (v) => !v || MOBILE_PHONE.test(v)),
  memo: yup.string().trim().max(STAMP_MEMO_MAX, STAMP_MSG.memoTooLong).nullable(),
}).test('customer', STAMP_MSG.customerRequired, function check(v) {
  if (v?.customerIdx || v?.phone) return true;
  return this.createError({ path: 'phone', message: STAMP_MSG.customerRequired });
});

/** One step of a card: the count after a stamp, and whether that stamp completed the card. */
export interface StampStep { countAfter: number; cardNo: number; rewarded: boolean }

/**
 * `stamps` stamps added to a card holding `count` stamps (card number `cardNo`) with `goal` to a
 * reward: each stamp is a step; the stamp that reaches the goal completes the card (a reward) and
 * the next stamp starts a new card at 1. A card already at or past a goal lowered since is
 * completed by its next stamp.
 */
export function accrueStamps(card: { count: number; cardNo: number }, goal: number, stamps: number): { count: number; cardNo: number; steps: StampStep[] } {
  let { count, cardNo } = card;
  const steps: StampStep[] = [];
  for (let i = 0; i < stamps; i++) {
    count += 1;
    if (count >= goal) {
      steps.push({ countAfter: goal, cardNo, rewarded: true });
      count = 0;
      cardNo += 1;
    } else {
      steps.push({ countAfter: count, cardNo, rewarded: false });
    }
  }
  return { count, cardNo, steps };
}

/** What `cancelStamps` decides: the card's count afterwards, and for each stamp whether it is taken back. */
export interface StampCancel { count: number; canceled: boolean[] }

/**
 * Taking back stamps whose certificates were cancelled, on a customer's card holding `count` stamps
 * (card number `cardNo`). The rule, one per stamp (an ACCRUED row, with the card it was put on):
 * - on the current card (`stamp.cardNo === card.cardNo`): taken back — its row becomes CANCELED and
 *   the count goes down by one, never below zero;
 * - on an earlier card (`stamp.cardNo < card.cardNo`): that card was completed, so the stamp was
 *   consumed by its reward (REWARDED, or REWARD_FAILED when the coupon refused: a completed card is
 *   final either way). It stays ACCRUED, the count is not touched and the reward stays given.
 * So a CANCELED row always means one stamp fewer on the current card, and cancelling again (the row
 * is no longer ACCRUED) changes nothing.
 */
export function cancelStamps(card: { count: number; cardNo: number }, stamps: readonly { cardNo: number }[]): StampCancel {
  let count = Math.max(0, card.count);
  const canceled = stamps.map((s) => {
    if (s.cardNo !== card.cardNo) return false;
    count = Math.max(0, count - 1);
    return true;
  });
  return { count, canceled };
}
