import { useTranslate } from 'react-admin';
import { ApiRequestError } from '../../providers/http';
import type { GradeSettingErrors } from './gradeSetting';

/** A server refusal's field errors in the page's keys: `list[0].name` (gradeListSchema) → `grades.0.name`, `list` → `grades`. */
export function serverErrors(err: unknown): GradeSettingErrors | null {
  if (!(err instanceof ApiRequestError) || !err.errors || Object.keys(err.errors).length === 0) return null;
  const out: GradeSettingErrors = {};
  for (const [k, v] of Object.entries(err.errors)) {
    const m = /^list\[(\d+)\]\.(\w+)$/.exec(k);
    out[m ? `grades.${m[1]}.${m[2]}` : k === 'list' ? 'grades' : k] = v;
  }
  return out;
}

/** An error's text: the page's own checks give i18n keys, the server gives Korean messages (shown as they are). */
export function useErrorText() {
  const translate = useTranslate();
  return (key: string | undefined) => (key ? translate(key, { _: key }) : undefined);
}
