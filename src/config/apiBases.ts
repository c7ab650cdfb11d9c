/**
 * The API bases of spec 1 section 7. The server mounts each under its own prefix on one origin,
 * so the spec's paths stay verbatim inside each base; the console reads them from here.
 */
export const API_BASES = {
  main: '/api',
  payment: '/api/payment',
  credit: '/api/credit',
  waiting: '/api/waiting',
  statistics: '/api/statistics',
  notification: '/api/notification',
  media: '/api/media',
  /** The operator console's API (issue 27): operators' sessions only. */
  ops: '/api/ops',
} as const;
export type ApiBase = keyof typeof API_BASES;
