/** Per client IP and minute: the signed PUT (anyone may try an address) and reading files (public by key). */
export const SIGNED_UPLOADS_PER_IP_PER_MINUTE = 60;
export const FILE_READS_PER_IP_PER_MINUTE = 600;

/** Per client IP and ten minutes: signed PUT addresses that do not hold (a client the console signed for sends one only with an expired link). */
export const BAD_UPLOAD_ADDRESSES_PER_IP = 10;
export const BAD_UPLOAD_ADDRESS_WINDOW_MS = 10 * 60_000;

/** How long a client over a limit waits for its 429 (at most), and how many such waits one process holds at once (gate.ts). */
export const OVER_LIMIT_WAIT_MS = 2_000;
export const OVER_LIMIT_HELD_MAX = 256;

/** The signed PUT's route under the media base; the gate (gate.ts) answers its refusals before Fastify. */
export const SIGNED_UPLOAD_PATH = '/upload/:tenantIdx/:name';
