import { EXCEL_MSG } from '../../domain/excel';
import type { BulkRowFailure } from '../../domain/bulkOutcome';

/**
 * The reason each row of a chunk that failed as a whole gets (no answer, the session, a 5xx, a refused
 * envelope): the page's own wording, else a 4xx's message, else the general failure. A row the server
 * refused is not such a failure: the chunk's answer names it (rowFailureReason), and the other rows
 * of its chunk were written.
 */
export function chunkFailureReason(err: unknown, failureMessage?: (err: unknown) => string): string {
  if (failureMessage) return failureMessage(err);
  const e = err as { message?: string; status?: number };
  return e?.status && e.status >= 400 && e.status < 500 && e.message ? e.message : EXCEL_MSG.uploadFailed;
}

/** A refused row's reason: its fields' messages (missing and invalid cells alike), else its message. */
export function rowFailureReason(failure: BulkRowFailure): string {
  const messages = [...new Set(Object.values(failure.errors))];
  return messages.length ? messages.join(', ') : failure.message;
}
