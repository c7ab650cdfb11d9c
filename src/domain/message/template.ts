import * as yup from 'yup';
import { MESSAGE_MSG } from './texts';
import {
  ALIMTALK_BUTTONS_MAX, BRAND_BUTTONS_MAX, BRAND_BUTTONS_WITH_COUPON_MAX, BUTTON_NAME_MAX, checkKakaoContent, checkSms, checkSmsTitle,
  couponTitleValid, type KakaoKind,
} from './text';
import { checkVariables } from './variables';
import { adFrame, type Sender } from './law';

/**
 * Message types (spec 3 §5: TEXT, IMAGE, SMS, ALIM_TALK) and the channel each goes by: TEXT and
 * IMAGE are Brand Message (FriendTalk's successor), SMS is SMS or LMS by length, ALIM_TALK is 알림톡.
 */
export const MESSAGE_TYPES = ['TEXT', 'IMAGE', 'SMS', 'ALIM_TALK'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export type Channel = 'BRAND' | 'SMS' | 'ALIMTALK';
export const channelOf = (t: MessageType): Channel => (t === 'SMS' ? 'SMS' : t === 'ALIM_TALK' ? 'ALIMTALK' : 'BRAND');
/** Everything but 알림톡 is advertising: framed, in the ad window, to consenting customers only. */
export const isAd = (t: MessageType): boolean => t !== 'ALIM_TALK';

/** Template classes (spec 3 §5): which auto template it is, or a general one. */
export const TALK_CLASSES = ['GENERAL', 'BIRTHDAY_COUPON', 'PURCHASE_COUPON', 'SATISFACTION', 'MBA', 'RFM_PRODUCT'] as const;
export type TalkClass = (typeof TALK_CLASSES)[number];
export const COUPON_CLASSES: readonly TalkClass[] = ['BIRTHDAY_COUPON', 'PURCHASE_COUPON'];

/** 알림톡 review states (changed by the provider's webhook). */
export const REVIEW_STATES = ['REQUESTED', 'IN_REVIEW', 'APPROVED', 'REJECTED'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const TITLE_MAX = 50;
export const COUPON_DAY_DEFAULT = 7;
export const COUPON_DAY_MAX = 365;

export interface MessageButton { name: string; url: string }

export interface MessageContentInput {
  messageType: MessageType;
  templateTalkClass?: TalkClass | null;
  content: string;
  /** LMS title (SMS type past 90 bytes). */
  title?: string | null;
  imageUrl?: string | null;
  /** A wide image (Brand Message, 76 characters). */
  wide?: boolean | null;
  buttons?: MessageButton[] | null;
  couponTitle?: string | null;
  couponDay?: number | null;
}

const URL_RE = /^https?:\/\/[^\s]+$/;

/**
 * Every rule of a message's content (spec 3 §5 and the channel limits), as field errors keyed as
 * the form's fields (`buttons[0].name`). `sender` adds the ad frame to what SMS counts, since the
 * frame goes out with it.
 */
export function contentErrors(v: MessageContentInput, sender?: Sender): Record<string, string> {
  const errors: Record<string, string> = {};
  const buttons = v.buttons ?? [];
  const content = v.content ?? '';
  if (v.messageType === 'IMAGE' && !v.imageUrl) errors.imageUrl = MESSAGE_MSG.imageRequired;
  if (!content.trim()) errors.content = MESSAGE_MSG.contentRequired;
  const hasCoupon = Boolean(v.couponTitle);
  if (v.templateTalkClass && COUPON_CLASSES.includes(v.templateTalkClass) && !v.couponTitle?.trim()) errors.couponTitle = MESSAGE_MSG.couponTitleRequired;
  else if (hasCoupon && v.messageType !== 'SMS' && !couponTitleValid(v.couponTitle!)) errors.couponTitle = MESSAGE_MSG.couponTitleInvalid;
  if (v.messageType === 'SMS') {
    const framed = sender && isAd('SMS') ? `${adFrame(sender).head}${content}${adFrame(sender).tail}` : content;
    const sms = checkSms(framed);
    if (sms.error && !errors.content) errors.content = sms.error;
    if (v.title) { const t = checkSmsTitle(v.title); if (t) errors.title = t; }
  } else {
    const kind: KakaoKind = v.messageType === 'ALIM_TALK' ? 'ALIMTALK' : v.messageType === 'IMAGE' && v.wide ? 'BRAND_WIDE' : v.messageType === 'IMAGE' ? 'BRAND_IMAGE' : 'BRAND_TEXT';
    const k = checkKakaoContent(kind, content);
    if (k.error && !errors.content) errors.content = k.error;
    const max = v.messageType === 'ALIM_TALK' ? ALIMTALK_BUTTONS_MAX : hasCoupon ? BRAND_BUTTONS_WITH_COUPON_MAX : BRAND_BUTTONS_MAX;
    if (buttons.length > max) errors.buttons = MESSAGE_MSG.buttonsMax(max);
    buttons.forEach((b, i) => {
      const name = (b?.name ?? '').trim();
      if (!name) errors[`buttons[${i}].name`] = MESSAGE_MSG.buttonNameRequired;
      else if ([...name].length > BUTTON_NAME_MAX) errors[`buttons[${i}].name`] = MESSAGE_MSG.buttonNameMax;
      if (!URL_RE.test((b?.url ?? '').trim())) errors[`buttons[${i}].url`] = MESSAGE_MSG.buttonUrlInvalid;
    });
  }
  if (v.messageType === 'SMS' && buttons.length) errors.buttons = MESSAGE_MSG.buttonsMax(0);
  if (!errors.content) {
    const varError = checkVariables([content, ...buttons.map((b) => b?.url ?? '')], buttons.length);
    if (varError) errors.content = varError;
  }
  return errors;
}

/** Adds field errors to a yup test as one ValidationError with an inner error per field. */
export function asYupErrors(ctx: yup.TestContext, errors: Record<string, string>, prefix = ''): true | yup.ValidationError {
  const entries = Object.entries(errors);
  if (!entries.length) return true;
  return new yup.ValidationError(entries.map(([path, message]) => ctx.createError({ path: prefix ? `${prefix}.${path}` : path, message })));
}

const buttonSchema = yup.object({
  name: yup.string().default('').max(100, MESSAGE_MSG.buttonNameMax),
  url: yup.string().default('').max(2000, MESSAGE_MSG.buttonUrlInvalid),
});

export const messageTypeSchema = yup.string().required(MESSAGE_MSG.typeRequired).oneOf(MESSAGE_TYPES, MESSAGE_MSG.typeRequired);

const contentFields = {
  content: yup.string().default('').max(5000, MESSAGE_MSG.brandTooLong),
  title: yup.string().nullable().default(null).max(200, MESSAGE_MSG.smsTitleTooLong),
  imageUrl: yup.string().nullable().default(null).max(1000, MESSAGE_MSG.imageRequired),
  wide: yup.boolean().nullable().default(false),
  buttons: yup.array(buttonSchema).default([]).max(10, MESSAGE_MSG.buttonsMax(BRAND_BUTTONS_MAX)),
  couponTitle: yup.string().nullable().default(null).max(40, MESSAGE_MSG.couponTitleInvalid),
  couponDay: yup.number().nullable().default(null).typeError(MESSAGE_MSG.couponDayInvalid).integer(MESSAGE_MSG.couponDayInvalid)
    .min(1, MESSAGE_MSG.couponDayInvalid).max(COUPON_DAY_MAX, MESSAGE_MSG.couponDayInvalid),
};

/** A message template (temp and auto register/edit): the form and POST/PUT validate with it. */
export const messageTemplateSchema = yup.object({
  messageTitle: yup.string().trim().required(MESSAGE_MSG.titleRequired).max(TITLE_MAX, MESSAGE_MSG.titleMax),
  messageType: messageTypeSchema,
  templateTalkClass: yup.string().default('GENERAL').oneOf(TALK_CLASSES, MESSAGE_MSG.typeRequired),
  ...contentFields,
}).test('content', '', function check(v) {
  if (!v || !MESSAGE_TYPES.includes(v.messageType as MessageType)) return true;
  return asYupErrors(this, contentErrors(v as MessageContentInput));
});
export type MessageTemplateInput = yup.InferType<typeof messageTemplateSchema>;

export const reviewWebhookSchema = yup.object({
  templateCode: yup.string().trim().required(MESSAGE_MSG.reviewStateInvalid).max(100, MESSAGE_MSG.reviewStateInvalid),
  state: yup.string().required(MESSAGE_MSG.reviewStateInvalid).oneOf(REVIEW_STATES, MESSAGE_MSG.reviewStateInvalid),
  comment: yup.string().nullable().default(null).max(1000, MESSAGE_MSG.reviewStateInvalid),
});

export { contentFields as MESSAGE_CONTENT_FIELDS };
