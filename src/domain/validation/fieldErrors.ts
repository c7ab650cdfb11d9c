import type { ValidationError } from 'yup';

/**
 * Turns a yup ValidationError into `{ field: message }`, nested paths kept dotted. Its own module,
 * importing yup's types only, so the sign-in page can read errors without loading yup (issue 24).
 */
export function toFieldErrors(error: ValidationError): Record<string, string> {
  const out: Record<string, string> = {};
  const items = error.inner.length ? error.inner : [error];
  for (const item of items) {
    const key = item.path ?? '_';
    if (!(key in out)) out[key] = item.message;
  }
  return out;
}

/** yup's error known by its name, so a check needs no yup import (`instanceof` would load it). */
export const isValidationError = (err: unknown): err is ValidationError => (err as Error | null)?.name === 'ValidationError';
