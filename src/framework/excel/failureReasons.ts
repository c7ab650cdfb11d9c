import { EXCEL_MSG } from '../../domain/excel';

/**
 * The server's per-row reasons of a failed all-or-nothing chunk (`errors` keyed `rows.<i>.<field>`).
 * A row the server names gets its own reason (`named`, so a retry can leave it out); the others get
 * "chunk rejected" when some row was named, else the general failure.
 */
export function failureReasons(err: unknown, size: number, failureMessage?: (err: unknown) => string): { reason: string; named: boolean }[] {
  const e = err as { errors?: Record<string, string>; message?: string; status?: number };
  const byRow = new Map<number, string[]>();
  for (const [key, message] of Object.entries(e?.errors ?? {})) {
    const m = /^rows\.(\d+)\./.exec(key) ?? /^rows\[(\d+)\]/.exec(key);
    if (!m) continue;
    const i = Number(m[1]);
    byRow.set(i, [...(byRow.get(i) ?? []), message]);
  }
  const general = failureMessage ? failureMessage(err) : e?.status && e.status >= 400 && e.status < 500 && e.message ? e.message : EXCEL_MSG.uploadFailed;
  return Array.from({ length: size }, (_, i) => {
    const own = byRow.get(i);
    return own ? { reason: own.join(', '), named: true } : { reason: byRow.size ? EXCEL_MSG.chunkRejected : general, named: false };
  });
}
