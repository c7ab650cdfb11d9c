/**
 * Counts failed attempts per key inside a sliding window, so guessing is limited while a user who
 * signs in successfully again and again (several tabs, a shared office IP) is never locked out.
 * In memory: one process; a multi-process deployment would keep the same counts in the database.
 */
export interface FailureLimiter {
  isBlocked(key: string): boolean;
  fail(key: string): void;
  reset(key: string): void;
}

export function failureLimiter(opts: { max: number; windowMs: number; now: () => number; maxKeys?: number }): FailureLimiter {
  const failures = new Map<string, number[]>();
  const maxKeys = opts.maxKeys ?? 50_000;
  const recent = (key: string) => {
    const since = opts.now() - opts.windowMs;
    const kept = (failures.get(key) ?? []).filter((t) => t > since);
    if (kept.length) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  };
  return {
    isBlocked: (key) => recent(key).length >= opts.max,
    fail(key) {
      // Bound the memory an attacker can make us hold: forget the oldest keys first.
      if (failures.size >= maxKeys) failures.delete(failures.keys().next().value as string);
      failures.set(key, [...recent(key), opts.now()]);
    },
    reset: (key) => void failures.delete(key),
  };
}
