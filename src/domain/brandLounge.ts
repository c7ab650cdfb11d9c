import * as yup from 'yup';
import type { AccessRule } from './access';
import { STAMP_RULE } from './stamp';
import { idxJson, isIdx } from './integers';

/**
 * The brand lounge settings (spec 3 sections 2, 6, 7 and 9; issue 11 item 7): what the customer's
 * lounge page shows — the logo (200x200), the lounge image (1000x1000), its texts, a theme colour,
 * which memberships and coupons it offers and whether the stamp card shows. Edited on
 * /b2b/brand/setting (a page without header or sidebar) with a live preview; read by the public
 * lounge. Hidden from sub-accounts and refused to them, gated like stamps.
 */

export const LOUNGE_RULE: AccessRule = STAMP_RULE;
export const LOUNGE_WRITE_RULE: AccessRule = { ...LOUNGE_RULE, write: true };

/** Image guidance (spec 3 section 9). */
export const LOUNGE_LOGO_SIZE = '200x200';
export const LOUNGE_IMAGE_SIZE = '1000x1000';
export const LOUNGE_IMAGE_KINDS = ['logo', 'image'] as const;
export type LoungeImageKind = (typeof LOUNGE_IMAGE_KINDS)[number];

export const LOUNGE_TITLE_MAX = 30;
export const LOUNGE_SUBTITLE_MAX = 60;
export const LOUNGE_DESCRIPTION_MAX = 500;
export const LOUNGE_NOTICE_MAX = 200;
export const LOUNGE_MEMBERSHIPS_MAX = 20;
export const LOUNGE_COUPONS_MAX = 50;
export const LOUNGE_DEFAULT_COLOR = '#1F2937';

export const LOUNGE_MSG = {
  titleRequired: '라운지 이름을 입력해 주세요',
  titleTooLong: `라운지 이름은 ${LOUNGE_TITLE_MAX}자 이하로 입력해 주세요`,
  subtitleTooLong: `한 줄 소개는 ${LOUNGE_SUBTITLE_MAX}자 이하로 입력해 주세요`,
  descriptionTooLong: `소개는 ${LOUNGE_DESCRIPTION_MAX}자 이하로 입력해 주세요`,
  noticeTooLong: `안내 문구는 ${LOUNGE_NOTICE_MAX}자 이하로 입력해 주세요`,
  colorInvalid: '테마 색상은 #RRGGBB 형식으로 입력해 주세요',
  imageInvalid: '이미지를 다시 올려 주세요',
  membershipsInvalid: `노출할 멤버십을 다시 선택해 주세요 (최대 ${LOUNGE_MEMBERSHIPS_MAX}개)`,
  couponsInvalid: `노출할 쿠폰을 다시 선택해 주세요 (최대 ${LOUNGE_COUPONS_MAX}개)`,
  choiceInvalid: '올바른 값을 선택해 주세요',
  kindInvalid: '이미지 종류(logo 또는 image)를 선택해 주세요',
} as const;

const yn = yup.string().oneOf(['Y', 'N'] as const, LOUNGE_MSG.choiceInvalid);
const optional = (max: number, message: string) =>
  yup.string().trim().max(max, message).transform((v: string | null) => v ?? '').default('');
/**
 * A list of row keys, its error on the list itself (the form's checkbox group shows it): distinct
 * keys. The items are `mixed` so that one bad item is the list's message, so their document is given.
 */
const idxList = (max: number, message: string) =>
  yup.array(yup.mixed<number>().defined(message).meta({ jsonSchema: idxJson() })).typeError(message).max(max, message).default([])
    .test('ids', message, (list) => !list || (list.every(isIdx) && new Set(list).size === list.length));
const imagePath = yup.string().trim().max(500, LOUNGE_MSG.imageInvalid).nullable().transform((v: string | null) => (v ? v : null)).default(null);

/** The lounge settings (PUT /v1/admin/lounge, the form): the whole body each time. */
export const loungeSettingSchema = yup.object({
  title: yup.string().trim().required(LOUNGE_MSG.titleRequired).max(LOUNGE_TITLE_MAX, LOUNGE_MSG.titleTooLong),
  subtitle: optional(LOUNGE_SUBTITLE_MAX, LOUNGE_MSG.subtitleTooLong),
  description: optional(LOUNGE_DESCRIPTION_MAX, LOUNGE_MSG.descriptionTooLong),
  notice: optional(LOUNGE_NOTICE_MAX, LOUNGE_MSG.noticeTooLong),
  themeColor: yup.string().trim().matches(/^#[0-9A-Fa-f]{6}$/, LOUNGE_MSG.colorInvalid).default(LOUNGE_DEFAULT_COLOR),
  logo: imagePath,
  image: imagePath,
  membershipIdxList: idxList(LOUNGE_MEMBERSHIPS_MAX, LOUNGE_MSG.membershipsInvalid),
  couponIdxList: idxList(LOUNGE_COUPONS_MAX, LOUNGE_MSG.couponsInvalid),
  showStamp: yn.default('Y'),
});
export type LoungeSettingInput = yup.InferType<typeof loungeSettingSchema>;

/** What a lounge shows before the brand saves anything: its brand name as the title. */
export function defaultLounge(brandName: string): LoungeSettingInput {
  return {
    title: brandName.slice(0, LOUNGE_TITLE_MAX), subtitle: '', description: '', notice: '', themeColor: LOUNGE_DEFAULT_COLOR,
    logo: null, image: null, membershipIdxList: [], couponIdxList: [], showStamp: 'Y',
  };
}
