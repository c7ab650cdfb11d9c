import { AS_RECEIVER_PHONE } from './afterService';
import { isYmd } from './seoulDay';

/**
 * Inspections (검수, spec 1 "inspection management (/exam)", spec 3 section 2; issue 13 item 6): a
 * brand's record of checking an item, an authenticity or condition inspection before resale, repair
 * or exchange, optionally of one of its certificates. The spec shows only the pages, so the fields,
 * results and rules are ours (docs/api/exam.md). The declaration is src/domain/resources/exam.ts.
 */

/** The result codes: 대기 until checked, then 합격 or 불합격 (which need the inspection day). */
export const EXAM_PENDING = 1;
export const EXAM_PASSED = 2;
export const EXAM_FAILED = 3;
export const EXAM_RESULTS = { [EXAM_PENDING]: '대기', [EXAM_PASSED]: '합격', [EXAM_FAILED]: '불합격' } as const;
export type ExamResult = keyof typeof EXAM_RESULTS;

/** The kinds of inspection. */
export const EXAM_KINDS = { 1: '정품 감정', 2: '상태 점검', 3: '기타' } as const;

export const EXAM_TEXT_MAX = 100;
export const EXAM_PHONE_MAX = 20;
export const EXAM_MEMO_MAX = 1000;
export const EXAM_PHOTOS_MAX = 6;

export const EXAM_MSG = {
  phoneInvalid: '전화번호는 숫자, 괄호, 하이픈만 20자 이내로 입력할 수 있어요',
  kindRequired: '검수 종류를 선택해 주세요',
  resultRequired: '검수 결과를 선택해 주세요',
  choiceInvalid: '목록에서 선택해 주세요',
  inspectedOnRequired: '합격 또는 불합격이면 검수일을 입력해 주세요',
  inspectedOnFuture: '검수일은 오늘 이후일 수 없어요',
  certificateInvalid: '이 계정의 보증서 번호를 입력해 주세요',
  photosInvalid: `사진은 업로드한 이미지로 ${EXAM_PHOTOS_MAX}장까지 올릴 수 있어요`,
  notFound: '존재하지 않는 검수예요',
} as const;

export interface ExamRuleValues {
  customerPhone?: string | null;
  examKind?: number | null;
  result?: number | null;
  inspectedOn?: string | null;
}

/**
 * The rules across fields, for the form and the server: a kind and a result are chosen, a phone has
 * only digits, parentheses and hyphens (as the A/S intake), and a decided result (합격, 불합격) has its
 * inspection day, which is not after `today` (Seoul).
 */
export function examRuleErrors(v: ExamRuleValues, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.customerPhone && !AS_RECEIVER_PHONE.test(v.customerPhone)) errors.customerPhone = EXAM_MSG.phoneInvalid;
  if (!v.examKind) errors.examKind = EXAM_MSG.kindRequired;
  if (!v.result) errors.result = EXAM_MSG.resultRequired;
  else if (v.result !== EXAM_PENDING && !v.inspectedOn) errors.inspectedOn = EXAM_MSG.inspectedOnRequired;
  if (v.inspectedOn && isYmd(v.inspectedOn) && v.inspectedOn > today) errors.inspectedOn = EXAM_MSG.inspectedOnFuture;
  return errors;
}
