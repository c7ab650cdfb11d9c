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

export const notFound = (message = '요청한 정보를 찾을 수 없어요') => new ApiError(404, 'NOT_FOUND', message);
export const validationFailed = (errors: FieldErrors, message?: string) =>
  new ApiError(400, 'VALIDATION_FAILED', message ?? Object.values(errors)[0] ?? MSG.genericErrorMessage, errors);
export const unauthorized = (code: ErrorCode = 'UNAUTHORIZED', message: string = MSG.loggedOut) => new ApiError(401, code, message);
