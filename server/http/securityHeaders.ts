/** Sent with every answer (app.ts onSend, and the upload gate's own answers). Reset and verification links carry tokens in their query: never send them on as a referrer. */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;
