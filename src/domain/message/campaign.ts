import * as yup from 'yup';
import { MESSAGE_MSG } from './texts';
import { asYupErrors, contentErrors, MESSAGE_CONTENT_FIELDS, messageTypeSchema, TALK_CLASSES, TITLE_MAX, type MessageContentInput, type MessageType } from './template';
import { checkSms, checkSmsTitle, type SmsKind } from './text';
import { IDX_MAX } from '../integers';
import { AUTO_STATES, autoSendTimeInWindow, isAutoClass, PRODUCT_CLASSES, PRODUCT_NAME_MAX, PRODUCTS_MAX, PURCHASE_CLASSES, PURCHASE_COUNT_MAX } from './auto';
import { isYmd } from '../seoulDay';

/**
 * One-off and automatic campaigns (spec 3 §3 Message payload, §4 states, §9 defaults).
 */
export const CAMPAIGN_STATUSES = ['DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'CANCELED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const SEND_TYPES = ['TIME', 'IMMEDIATE'] as const;
export const REPEAT_TYPES = ['ONCE', 'REPEAT'] as const;
export const MEMBERSHIP_TYPES = ['ALL', 'EXIST'] as const;
export const DEFAULT_SEND_TIME = '11:00';
export const DEFAULT_REPEAT_COUNT = 7;
export const AUTO_REPEAT_MAX = 3;
export const BIRTHDAY_DAY_MAX = 30;
export const DEFAULT_OPERATION = 'lte';

/** What each message costs, in won, by what it goes out as (our price list; MMS is a text message with an image). */
export const UNIT_PRICE = { SMS: 20, LMS: 50, MMS: 100, ALIMTALK: 10, BRAND_TEXT: 20, BRAND_IMAGE: 25 } as const;
export type PricedKind = keyof typeof UNIT_PRICE;

/**
 * What a message goes out as: a text message (SMS type) is SMS or LMS by its EUC-KR bytes, or MMS
 * whenever it carries an image (up to LMS's 2,000 bytes, with its title); 알림톡; Brand Message text or image.
 */
export function primaryKind(type: MessageType, framedContent: string, imageUrl?: string | null): PricedKind {
  if (type === 'SMS') return imageUrl ? 'MMS' : checkSms(framedContent).kind;
  if (type === 'ALIM_TALK') return 'ALIMTALK';
  return type === 'IMAGE' ? 'BRAND_IMAGE' : 'BRAND_TEXT';
}

/**
 * What one recipient may cost at most: the Kakao message, or its SMS fallback when the Kakao one
 * fails (a failed Kakao message is not charged), so the larger of the two is reserved.
 */
export function reservePerRecipient(primary: PricedKind, fallback: SmsKind | null): number {
  return Math.max(UNIT_PRICE[primary], fallback ? UNIT_PRICE[fallback] : 0);
}

export const estimateCost = (recipients: number, perRecipient: number): number => recipients * perRecipient;

/** DRAFT → SCHEDULED → SENDING → SENT; a scheduled one may be cancelled (back to DRAFT's sibling CANCELED). */
const MOVES: Record<CampaignStatus, readonly CampaignStatus[]> = {
  DRAFT: ['SCHEDULED', 'CANCELED'], SCHEDULED: ['SENDING', 'CANCELED', 'DRAFT'], SENDING: ['SENT'], SENT: [], CANCELED: [],
};
export const canMove = (from: CampaignStatus, to: CampaignStatus): boolean => MOVES[from].includes(to);

const bool = () => yup.boolean().default(false);
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export const recipientSchema = yup.object({
  marketing: bool(),
  cafe24: bool(),
  recentPurchase: bool(),
  membershipType: yup.string().default('ALL').oneOf(MEMBERSHIP_TYPES, MESSAGE_MSG.membershipTypeInvalid),
  membershipId: yup.number().nullable().default(null).typeError(MESSAGE_MSG.membershipRequired).integer(MESSAGE_MSG.membershipRequired)
    .min(0, MESSAGE_MSG.membershipRequired).max(IDX_MAX, MESSAGE_MSG.membershipRequired),
  /** Birthday coupons: days before the birthday (≤ 30); purchase coupons: startDay/endDay after a purchase. */
  day: yup.number().nullable().default(null).typeError(MESSAGE_MSG.birthdayDayMax).integer(MESSAGE_MSG.birthdayDayMax).min(0, MESSAGE_MSG.birthdayDayMax).max(365, MESSAGE_MSG.birthdayDayMax),
  startDay: yup.number().nullable().default(null).typeError(MESSAGE_MSG.startBeforeEnd).integer(MESSAGE_MSG.startBeforeEnd).min(0, MESSAGE_MSG.startBeforeEnd).max(365, MESSAGE_MSG.startBeforeEnd),
  endDay: yup.number().nullable().default(null).typeError(MESSAGE_MSG.startBeforeEnd).integer(MESSAGE_MSG.startBeforeEnd).min(0, MESSAGE_MSG.startBeforeEnd).max(365, MESSAGE_MSG.startBeforeEnd),
  operationType: yup.string().default(DEFAULT_OPERATION).oneOf(['lte', 'gte', 'eq'], MESSAGE_MSG.membershipTypeInvalid),
  /** Purchase coupons and surveys: the customer's order count compared by operationType (none: any). */
  purchaseCount: yup.number().nullable().default(null).typeError(MESSAGE_MSG.purchaseCountInvalid).integer(MESSAGE_MSG.purchaseCountInvalid)
    .min(1, MESSAGE_MSG.purchaseCountInvalid).max(PURCHASE_COUNT_MAX, MESSAGE_MSG.purchaseCountInvalid),
  /** mba and rfm-product: who bought one of these products (by name, as orders name them)… */
  purchasedProducts: yup.array(yup.string().default('').max(PRODUCT_NAME_MAX, MESSAGE_MSG.productNameMax)).default([]).max(PRODUCTS_MAX, MESSAGE_MSG.productsMax),
  /** …and none of these. */
  unboughtProducts: yup.array(yup.string().default('').max(PRODUCT_NAME_MAX, MESSAGE_MSG.productNameMax)).default([]).max(PRODUCTS_MAX, MESSAGE_MSG.productsMax),
});
export type RecipientFilter = yup.InferType<typeof recipientSchema>;

/**
 * Spec 3 §5's recipient rules: Brand Message needs a marketable condition; EXIST needs a membership;
 * an automatic message's class needs its own condition (birthday: day ≤ 30; purchase: startDay < endDay;
 * mba and rfm-product: a product in both lists, each entry filled).
 */
export function recipientErrors(type: MessageType, r: RecipientFilter, auto = false, talkClass?: string | null): Record<string, string> {
  const errors: Record<string, string> = {};
  if (type !== 'ALIM_TALK' && !r.marketing && !r.cafe24 && !r.recentPurchase) errors.marketing = MESSAGE_MSG.conditionRequired;
  if (r.membershipType === 'EXIST' && !(Number(r.membershipId) > 0)) errors.membershipId = MESSAGE_MSG.membershipRequired;
  if (auto && r.day != null && r.day > BIRTHDAY_DAY_MAX) errors.day = MESSAGE_MSG.birthdayDayMax;
  if (r.startDay != null && r.endDay != null && !(r.startDay < r.endDay)) errors.startDay = MESSAGE_MSG.startBeforeEnd;
  if (!auto || !isAutoClass(talkClass)) return errors;
  if (talkClass === 'BIRTHDAY_COUPON' && r.day == null) errors.day = MESSAGE_MSG.birthdayDayRequired;
  if (PURCHASE_CLASSES.includes(talkClass)) {
    if (r.startDay == null) errors.startDay = MESSAGE_MSG.startDayRequired;
    if (r.endDay == null) errors.endDay = MESSAGE_MSG.endDayRequired;
  }
  if (PRODUCT_CLASSES.includes(talkClass)) {
    for (const list of ['purchasedProducts', 'unboughtProducts'] as const) {
      const entries = r[list] ?? [];
      if (!entries.length) errors[list] = MESSAGE_MSG.productRequired;
      entries.forEach((name, i) => { if (!String(name ?? '').trim()) errors[`${list}[${i}]`] = MESSAGE_MSG.entryRequired; });
    }
  }
  return errors;
}

/** An automatic message's own rules: a class of AUTO_CLASSES, a survey by 알림톡 with its link button, an ad's send time inside the window. */
export function autoErrors(type: MessageType, talkClass: string | null | undefined, content: { buttons?: unknown[] | null }, s: Schedule): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!isAutoClass(talkClass)) errors.templateTalkClass = MESSAGE_MSG.autoClassRequired;
  if (talkClass === 'SATISFACTION') {
    if (type !== 'ALIM_TALK') errors['basicInfo.messageType'] = MESSAGE_MSG.surveyNeedsAlimTalk;
    else if (!content.buttons?.length) errors['messageContent.buttons'] = MESSAGE_MSG.surveyButtonRequired;
  }
  if (type !== 'ALIM_TALK' && s.sendType === 'TIME' && HHMM.test(s.sendTime) && !autoSendTimeInWindow(s.sendTime)) {
    errors['schedule.sendTime'] = MESSAGE_MSG.autoSendTimeWindow;
  }
  return errors;
}

export const smsFallbackSchema = yup.object({
  activate: bool(),
  smsType: yup.string().default('SMS').oneOf(['SMS', 'LMS'], MESSAGE_MSG.typeRequired),
  title: yup.string().nullable().default(null).max(200, MESSAGE_MSG.smsTitleTooLong),
  content: yup.string().default('').max(5000, MESSAGE_MSG.lmsTooLong),
});
export type SmsFallback = yup.InferType<typeof smsFallbackSchema>;

export function fallbackErrors(f: SmsFallback): Record<string, string> {
  if (!f.activate) return {};
  const errors: Record<string, string> = {};
  if (!f.content.trim()) errors.content = MESSAGE_MSG.contentRequired;
  else { const s = checkSms(f.content); if (s.error) errors.content = s.error; }
  if (f.title) { const t = checkSmsTitle(f.title); if (t) errors.title = t; }
  return errors;
}

export const scheduleSchema = yup.object({
  sendType: yup.string().default('TIME').oneOf(SEND_TYPES, MESSAGE_MSG.sendTimeInvalid),
  /** TIME: 'YYYY-MM-DD HH:mm' in Seoul (one-off) or 'HH:mm' daily (auto); default 11:00. */
  sendTime: yup.string().default(DEFAULT_SEND_TIME).max(16, MESSAGE_MSG.sendTimeInvalid),
  repeatType: yup.string().default('ONCE').oneOf(REPEAT_TYPES, MESSAGE_MSG.repeatCountInvalid),
  repeatCount: yup.number().default(DEFAULT_REPEAT_COUNT).typeError(MESSAGE_MSG.repeatCountInvalid).integer(MESSAGE_MSG.repeatCountInvalid)
    .min(1, MESSAGE_MSG.repeatCountInvalid).max(DEFAULT_REPEAT_COUNT, MESSAGE_MSG.repeatCountInvalid),
});
export type Schedule = yup.InferType<typeof scheduleSchema>;

/** A one-off send time, 'YYYY-MM-DD HH:mm' Seoul, as an instant; null when malformed. */
export function parseSendTime(s: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/.exec(s.trim());
  if (!m || !HHMM.test(m[2])) return null;
  if (!isYmd(m[1])) return null;
  return new Date(`${m[1]}T${m[2]}:00+09:00`);
}

export function scheduleErrors(s: Schedule, auto: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (s.sendType === 'TIME') {
    if (auto ? !HHMM.test(s.sendTime) : !parseSendTime(s.sendTime)) errors.sendTime = MESSAGE_MSG.sendTimeInvalid;
  }
  if (auto && s.repeatType === 'REPEAT' && s.repeatCount > AUTO_REPEAT_MAX) errors.repeatCount = MESSAGE_MSG.autoRepeatMax;
  return errors;
}

/** The campaign payload (spec 3 §3): basicInfo, templateTalkClass, recipient, messageContent, smsFallback, schedule. */
export function campaignSchema(auto: boolean) {
  return yup.object({
    basicInfo: yup.object({
      messageTitle: yup.string().trim().required(MESSAGE_MSG.titleRequired).max(TITLE_MAX, MESSAGE_MSG.titleMax),
      messageType: messageTypeSchema,
    }).required(MESSAGE_MSG.titleRequired),
    templateTalkClass: yup.string().default('GENERAL').oneOf(TALK_CLASSES, MESSAGE_MSG.typeRequired),
    templateIdx: yup.number().nullable().default(null).typeError(MESSAGE_MSG.templateNotFound).integer(MESSAGE_MSG.templateNotFound).min(1, MESSAGE_MSG.templateNotFound).max(IDX_MAX, MESSAGE_MSG.templateNotFound),
    recipient: recipientSchema.default(() => recipientSchema.cast({})),
    messageContent: yup.object(MESSAGE_CONTENT_FIELDS).required(MESSAGE_MSG.contentRequired),
    smsFallback: smsFallbackSchema.default(() => smsFallbackSchema.cast({})),
    schedule: scheduleSchema.default(() => scheduleSchema.cast({})),
  }).test('rules', '', function check(v) {
    if (!v?.basicInfo || !(['TEXT', 'IMAGE', 'SMS', 'ALIM_TALK'] as string[]).includes(v.basicInfo.messageType)) return true;
    const type = v.basicInfo.messageType as MessageType;
    const errors: Record<string, string> = {};
    const prefixed = (prefix: string, e: Record<string, string>) => { for (const [k, m] of Object.entries(e)) errors[`${prefix}.${k}`] = m; };
    prefixed('messageContent', contentErrors({ ...(v.messageContent as MessageContentInput), messageType: type, templateTalkClass: v.templateTalkClass as MessageContentInput['templateTalkClass'] }));
    prefixed('recipient', recipientErrors(type, v.recipient as RecipientFilter, auto, v.templateTalkClass));
    if (type !== 'SMS') prefixed('smsFallback', fallbackErrors(v.smsFallback as SmsFallback));
    prefixed('schedule', scheduleErrors(v.schedule as Schedule, auto));
    if (auto) for (const [k, m] of Object.entries(autoErrors(type, v.templateTalkClass, v.messageContent ?? {}, v.schedule as Schedule))) errors[k] ??= m;
    return asYupErrors(this, errors);
  });
}
export const tempCampaignSchema = campaignSchema(false);
export const autoCampaignSchema = campaignSchema(true);
export type CampaignInput = yup.InferType<typeof tempCampaignSchema>;

/** POST /campaign/v1/campaign/estimate: the count and cost of a recipient filter for a type, while composing. */
export const estimateSchema = yup.object({
  messageType: messageTypeSchema,
  /** An automatic message's class: the count is then of who qualifies today. */
  templateTalkClass: yup.string().nullable().default(null).oneOf([...TALK_CLASSES, null], MESSAGE_MSG.typeRequired),
  recipient: recipientSchema.default(() => recipientSchema.cast({})),
  content: yup.string().default('').max(5000, MESSAGE_MSG.lmsTooLong),
  /** A text message's image: priced as MMS. */
  imageUrl: yup.string().nullable().default(null).max(1000, MESSAGE_MSG.imageRequired),
  smsFallback: smsFallbackSchema.default(() => smsFallbackSchema.cast({})),
});

/** PUT /campaign/v1/campaign/{idx}/auto-state: an automatic message's toggle (spec 3 §4). */
export const autoStateSchema = yup.object({
  autoState: yup.string().required(MESSAGE_MSG.autoStateInvalid).oneOf(AUTO_STATES, MESSAGE_MSG.autoStateInvalid),
});
