import { MSG } from '../../../src/domain/messages';
import { ApiError, validationFailed } from '../../http/errors';

/** The refusal of every bad upload: one message on `file`, whatever went wrong (no detail to a client). */
export const imageError = () => validationFailed({ file: MSG.imageUploadError }, MSG.imageUploadError);

/** An image over its limit: 413, with the same one message on `file` (the spec has no other). */
export const imageTooLarge = () => new ApiError(413, 'PAYLOAD_TOO_LARGE', MSG.imageUploadError, { file: MSG.imageUploadError });
