import * as yup from 'yup';

const INVALID = '웹훅 본문이 올바르지 않아요';

/** The provider's per-recipient results, by our key (message_recipients.provider_key). */
export const resultsWebhookSchema = yup.object({
  results: yup.array(yup.object({
    key: yup.string().trim().required(INVALID).max(100, INVALID),
    status: yup.string().required(INVALID).oneOf(['SENT', 'FAILED'] as const, INVALID),
    fallback: yup.boolean().default(false),
    reason: yup.string().nullable().default(null).max(200, INVALID),
  })).required(INVALID).min(1, INVALID).max(1000, INVALID),
});

/** An 080 opt-out: the brand's 080 number that was called and the caller's phone. */
export const optOutWebhookSchema = yup.object({
  optOutNumber: yup.string().trim().required(INVALID).max(20, INVALID),
  phone: yup.string().trim().required(INVALID).max(20, INVALID),
});
