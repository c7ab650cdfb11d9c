import type { ErrorCode, FieldErrors } from './errors';

/**
 * The answer of a spreadsheet bulk chunk (guarantees, memberships, products; issue 23): every row that
 * passes is written and every other row is named with its own reason, so no row fails because of
 * another. `row` is the index in the chunk's `rows`.
 */
export interface BulkRowFailure {
  row: number;
  /** MEMBERSHIP_NFT_ALREADY_EXISTS and the templates' ends (spec 2 section 8), else VALIDATION_FAILED. */
  code: ErrorCode;
  /** The row's first reason (the coded one when there is a code). */
  message: string;
  /** Each refused field's message, keyed like the form's fields. */
  errors: FieldErrors;
}

export interface BulkOutcome<Done> {
  list: Done[];
  failed: BulkRowFailure[];
}

const ROW_KEY = /^rows\.(\d+)\.(.+)$/;

/** Splits errors keyed `rows.<i>.<field>` (and their codes, keyed the same) into one failure per row, in row order. */
export function rowFailures(errors: FieldErrors, codes: Record<string, string> = {}): BulkRowFailure[] {
  const byRow = new Map<number, BulkRowFailure>();
  for (const [key, message] of Object.entries(errors)) {
    const m = ROW_KEY.exec(key);
    if (!m) continue;
    const row = Number(m[1]);
    const failure = byRow.get(row) ?? { row, code: 'VALIDATION_FAILED', message, errors: {} };
    failure.errors[m[2]] = message;
    if (codes[key]) Object.assign(failure, { code: codes[key] as ErrorCode, message });
    byRow.set(row, failure);
  }
  return [...byRow.values()].sort((a, b) => a.row - b.row);
}
