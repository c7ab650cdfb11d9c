/**
 * The lounge's URL (spec 3 lounge): its own module with no imports, because the page entry
 * (src/entry.ts) reads it before any app loads and must not pull the lounge's rules (yup, phone
 * numbers) into the sign-in page's first download.
 *
 * The lounge's public key: a random, stable slug per tenant (lounge_keys), made the first time the
 * console asks for the link. It names the brand in the URL without exposing its idx.
 */
export const LOUNGE_KEY_PATTERN = /^[a-z0-9]{12}$/;
export const LOUNGE_PATH_PREFIX = '/lounge/';
export const loungePath = (loungeKey: string) => `${LOUNGE_PATH_PREFIX}${loungeKey}`;
/** The key of a lounge URL's path, or null when the path is not a lounge page. */
export function loungeKeyOfPath(pathname: string): string | null {
  const m = /^\/lounge\/([a-z0-9]{12})\/?$/.exec(pathname);
  return m ? m[1] : null;
}
