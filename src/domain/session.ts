/** Sessions end 6 hours after sign-in (spec 1 sections 4 and 9), on the server and in the console. */
export const SESSION_TTL_MS = 6 * 60 * 60 * 1000;

export function isSessionExpired(signedInAt: number, now: number): boolean {
  return now - signedInAt >= SESSION_TTL_MS;
}
