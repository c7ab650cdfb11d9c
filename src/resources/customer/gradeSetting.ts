import { CUSTOMER_MSG, GRADE_PERIOD_MONTHS_MAX } from '../../domain/customer';
import type { CustomerGrade, CustomerSetting, GradeDraft, GradeSchedule } from './api';

/**
 * The grade setting form's rules (POST /v1/admin/customers-group/direct saves the whole list:
 * names required and unique, groupNo ascending from 1 in the shown order, amounts and counts ≥ 0;
 * PATCH /v1/admin/customers/setting: pointRate 0..100 with 2 decimals). Errors are the domain's
 * Korean texts (CUSTOMER_MSG), the same the server answers with.
 */

export interface GradeRowDraft {
  /** A stable key for React (the idx of a saved grade, or a new one's). */
  key: string;
  idx?: number;
  name: string;
  minPurchaseAmount: string;
  minPurchaseCount: string;
}

export interface GradeSettingDraft {
  grades: GradeRowDraft[];
  pointRate: string;
  onOfflinePointToggle: 'Y' | 'N';
  gradeSchedule: GradeSchedule;
  /** Months of orders a grade is computed over (1..36). */
  gradePeriodMonths: string;
}

export type GradeSettingErrors = Record<string, string>;

let seq = 0;
export const newGradeRow = (): GradeRowDraft => ({ key: `new-${++seq}`, name: '', minPurchaseAmount: '0', minPurchaseCount: '0' });

export function draftOf(grades: CustomerGrade[], setting: CustomerSetting | undefined): GradeSettingDraft {
  return {
    grades: [...grades]
      .sort((a, b) => a.groupNo - b.groupNo)
      .map((g) => ({ key: `g-${g.idx}`, idx: g.idx, name: g.name, minPurchaseAmount: String(g.minPurchaseAmount ?? 0), minPurchaseCount: String(g.minPurchaseCount ?? 0) })),
    pointRate: setting ? String(setting.pointRate) : '0',
    onOfflinePointToggle: setting?.onOfflinePointToggle === 'Y' ? 'Y' : 'N',
    gradeSchedule: setting?.gradeSchedule ?? 'monthly',
    gradePeriodMonths: String(setting?.gradePeriodMonths ?? 12),
  };
}

const INT_RE = /^\d{1,12}$/;
const RATE_RE = /^\d{1,3}(\.\d{1,2})?$/;

/** Field errors keyed like `grades.0.name`, `pointRate`, `grades`; empty when the draft can be saved. */
export function validateGradeSetting(draft: GradeSettingDraft): GradeSettingErrors {
  const errors: GradeSettingErrors = {};
  if (draft.grades.length === 0) errors.grades = CUSTOMER_MSG.gradesRequired;
  const seen = new Map<string, number>();
  draft.grades.forEach((g, i) => {
    const name = g.name.trim();
    if (!name) errors[`grades.${i}.name`] = CUSTOMER_MSG.gradeNameRequired;
    else if (seen.has(name)) errors[`grades.${i}.name`] = CUSTOMER_MSG.gradeNameDuplicate;
    else seen.set(name, i);
    if (!INT_RE.test(g.minPurchaseAmount.trim())) errors[`grades.${i}.minPurchaseAmount`] = CUSTOMER_MSG.minAmountInvalid;
    if (!INT_RE.test(g.minPurchaseCount.trim())) errors[`grades.${i}.minPurchaseCount`] = CUSTOMER_MSG.minCountInvalid;
  });
  const rate = draft.pointRate.trim();
  if (!RATE_RE.test(rate) || Number(rate) > 100) errors.pointRate = CUSTOMER_MSG.pointRateInvalid;
  const months = Number(draft.gradePeriodMonths.trim());
  if (!/^\d{1,2}$/.test(draft.gradePeriodMonths.trim()) || months < 1 || months > GRADE_PERIOD_MONTHS_MAX) errors.gradePeriodMonths = CUSTOMER_MSG.gradePeriodInvalid;
  return errors;
}

/** The grade list as POST /direct and /preview take it: groupNo 1.. in the shown order. */
export function gradesBody(draft: GradeSettingDraft): GradeDraft[] {
  return draft.grades.map((g, i) => ({
    ...(g.idx ? { idx: g.idx } : {}),
    name: g.name.trim(),
    groupNo: i + 1,
    minPurchaseAmount: Number(g.minPurchaseAmount.trim()),
    minPurchaseCount: Number(g.minPurchaseCount.trim()),
  }));
}

export function settingBody(draft: GradeSettingDraft): Pick<CustomerSetting, 'pointRate' | 'onOfflinePointToggle' | 'gradeSchedule' | 'gradePeriodMonths'> {
  return {
    pointRate: Number(draft.pointRate.trim()),
    onOfflinePointToggle: draft.onOfflinePointToggle,
    gradeSchedule: draft.gradeSchedule,
    gradePeriodMonths: Number(draft.gradePeriodMonths.trim()),
  };
}
