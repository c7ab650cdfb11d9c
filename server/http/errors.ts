import type { ErrorCode, FieldErrors } from '../../src/domain/errors';
import { MSG } from '../../src/domain/messages';

/** An error that leaves the API as the envelope `{ code, title?, message, errors? }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    readonly title?: string,
  ) {
    super(message);
  }
}

export const notFound = (message: string = MSG.notFound) => new ApiError(404, 'NOT_FOUND', message);
export const validationFailed = (errors: FieldErrors, message?: string) =>
  new ApiError(400, 'VALIDATION_FAILED', message ?? Object.values(errors)[0] ?? MSG.genericErrorMessage, errors);
export const unauthorized = (code: ErrorCode = 'UNAUTHORIZED', message: string = MSG.loggedOut) => new ApiError(401, code, message);
/** A field-level conflict (duplicate e-mail or business number), shown on that field. */
export const conflict = (code: ErrorCode, field: string, message: string) => new ApiError(409, code, message, { [field]: message });
export const tooManyRequests = (message: string = MSG.tooManyRequests) => new ApiError(429, 'TOO_MANY_REQUESTS', message);

/** A unique-index violation from either driver (drizzle may wrap the driver error in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** A unique-index violation of the index (or constraint) `name`: its name is in the error's constraint or message. */
export function isUniqueViolationOf(err: unknown, name: string): boolean {
  if (!isUniqueViolation(err)) return false;
  const e = err as { constraint?: string; message?: string; cause?: { constraint?: string; message?: string } };
  return [e.constraint, e.cause?.constraint, e.message, e.cause?.message].some((s) => s?.includes(name));
}
