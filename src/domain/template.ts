import type { ValidationError } from 'yup';
import { TEMPLATE_LIST_MAX } from './guarantee';

/**
 * Certificate templates beyond src/domain/guarantee.ts (which holds templateSchema,
 * templateSettingSchema, fieldSettingSchema and TEMPLATE_MSG): template statuses and the Korean
 * texts of the rules the server checks against the database (images, stores, the one main).
 */

export const TEMPLATE_STATUSES = ['ACTIVE', 'STOP'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

export const TEMPLATE_RULE_MSG = {
  backgroundInvalid: '업로드한 이미지만 배경으로 사용할 수 있어요',
  storeInvalid: '선택할 수 없는 매장이 있어요',
  mainStopped: '사용 중지된 템플릿은 대표 템플릿으로 지정할 수 없어요',
  templateTypeInvalid: '템플릿 종류는 GUARANTEE 또는 MEMBERSHIP이에요',
  statusInvalid: '상태는 ACTIVE 또는 STOP이에요',
  listTooLong: `${TEMPLATE_LIST_MAX}개까지 입력할 수 있어요`,
  textTooLong: (max: number) => `${max.toLocaleString('en-US')}자까지 입력할 수 있어요`,
  choiceInvalid: '선택할 수 없는 값이에요',
  formatInvalid: '형식이 올바르지 않아요',
} as const;

const HANGUL = /[\uAC00-\uD7A3]/;

/**
 * Field errors of a yup ValidationError in Korean. The template schemas name their own messages
 * for the required fields; the rest (list and length limits, Y/N choices, types) fall back to yup's
 * English defaults, which are replaced here by rule type.
 */
export function templateFieldErrors(error: ValidationError): Record<string, string> {
  const out: Record<string, string> = {};
  const items = error.inner.length ? error.inner : [error];
  for (const item of items) {
    const key = item.path ?? '_';
    if (key in out) continue;
    out[key] = HANGUL.test(item.message) ? item.message : koreanFor(item);
  }
  return out;
}

function koreanFor(item: ValidationError): string {
  const params = (item.params ?? {}) as { max?: unknown; value?: unknown };
  switch (item.type) {
    case 'max':
      return Array.isArray(params.value) ? TEMPLATE_RULE_MSG.listTooLong : TEMPLATE_RULE_MSG.textTooLong(Number(params.max));
    case 'oneOf':
      return TEMPLATE_RULE_MSG.choiceInvalid;
    default:
      return TEMPLATE_RULE_MSG.formatInvalid;
  }
}
