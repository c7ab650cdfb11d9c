import { addDays, addMonths, seoulToday } from './seoulDay';

/** The list search panel's rules (spec 2 "List search panel", spec 1 section 9). */

export const PAGE_SIZES = [10, 25, 50, 100, 250, 500] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_SEARCH_TERMS = 10;

export const LIST_MSG = {
  tooManyTerms: `검색어는 쉼표로 구분해 최대 ${MAX_SEARCH_TERMS}개까지 입력할 수 있어요`,
  loading: '불러오는 중이에요',
  empty: '조회된 내역이 없어요',
} as const;

/**
 * Search text → terms: split on commas and line breaks (a pasted column of cells), trimmed, empties
 * and repeats dropped. Returns null when there are more than MAX_SEARCH_TERMS.
 */
export function splitSearchTerms(text: string | null | undefined): string[] | null {
  const terms = [...new Set(String(text ?? '').split(/[,\r\n]+/).map((t) => t.trim()).filter(Boolean))];
  return terms.length > MAX_SEARCH_TERMS ? null : terms;
}

/** A pasted multi-line block becomes the comma-separated form the search field shows. */
export function joinPastedLines(pasted: string): string {
  return pasted.split(/\r?\n/).map((t) => t.trim()).filter(Boolean).join(', ');
}

export const DATE_PRESETS = ['today', '7d', '14d', '1m', '3m', '6m', 'all'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  today: '오늘',
  '7d': '7일',
  '14d': '14일',
  '1m': '1개월',
  '3m': '3개월',
  '6m': '6개월',
  all: '전체',
};

/** The date range of a preset, ending today in Seoul (YYYY-MM-DD, whatever the browser's zone); 'all' has no bounds. */
export function dateRangeFor(preset: DatePreset, now: Date): { startDate: string | null; endDate: string | null } {
  if (preset === 'all') return { startDate: null, endDate: null };
  const end = seoulToday(now);
  const start = {
    today: end,
    '7d': addDays(end, -6),
    '14d': addDays(end, -13),
    '1m': addDays(addMonths(end, -1), 1),
    '3m': addDays(addMonths(end, -3), 1),
    '6m': addDays(addMonths(end, -6), 1),
  }[preset];
  return { startDate: start, endDate: end };
}
