import type { Db } from '../db/client';
import { clearCounter, counterKey, takeTry } from './securityCounters';

/**
 * Limits guesses per key (the sign-in lock: IP and e-mail): each try takes one of `max` in the
 * window before it is checked, and a success gives them all back, so guessing is limited while a
 * user who signs in again and again (several tabs, a shared office IP) is never locked out. Kept in
 * the database (server/http/securityCounters.ts): every server process counts the same tries, and
 * of concurrent tries at most `max` are let through.
 */
export interface FailureLimiter {
  /** Takes a try; false when the window's tries are used up (refuse without checking). */
  take(key: string): Promise<boolean>;
  /** A success: the key's earlier failures are forgiven. */
  forgive(key: string): Promise<void>;
}

export function failureLimiter(db: Db, opts: { name: string; max: number; windowMs: number; now: () => Date }): FailureLimiter {
  const rowKey = (key: string) => counterKey(opts.name, key);
  return {
    take: async (key) => (await takeTry(db, rowKey(key), opts.max, opts.windowMs, opts.now())) !== null,
    forgive: (key) => clearCounter(db, rowKey(key)),
  };
}
