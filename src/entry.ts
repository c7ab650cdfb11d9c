import type { sessionStatus } from './providers/session';
import { PUBLIC_ROUTES } from './domain/publicRoutes';
import { loungeKeyOfPath } from './domain/loungePath';
import { waitingGuestOfPath } from './domain/waitingPath';
import { reservationGuestOfPath } from './domain/reservationPath';

/**
 * Which bundle a page load needs (spec 1 section 2.1 and 2.2), from the route table's `app`. The auth
 * pages are a small app of their own, so /auth/login never downloads react-admin; everything else
 * loads the admin app.
 */
export const PUBLIC_PATHS: readonly string[] = PUBLIC_ROUTES.filter((r) => r.app === 'public').map((r) => r.path);
/** The page of the light app that needs a session: the withdrawn-account page. */
export const SIGNED_OUT_PATH = PUBLIC_ROUTES.find((r) => r.app === 'signedOut')!.path;
export const HOME_PATH = '/b2b/home';
export const LOGIN_PATH = '/auth/login';

export type Entry = { app: 'public' | 'admin' | 'ops' } | { app: 'lounge'; loungeKey: string } | { app: 'waiting'; loungeKey: string; eventIdx: number } | { app: 'reservation'; loungeKey: string; reservationIdx: number } | { redirect: string; sessionExpired?: boolean };

/** The operator console (issue 27): its own light app and session, whatever the partner session. */
export const isOpsPath = (path: string) => path === '/ops' || path.startsWith('/ops/');

export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(normalizePath(pathname));
}

export function loginRedirect(pathname: string, search: string): string {
  const target = `${pathname}${search}`;
  return target === '/' || target === HOME_PATH ? LOGIN_PATH : `${LOGIN_PATH}?url=${encodeURIComponent(target)}`;
}

export function resolveEntry(pathname: string, search: string, status: ReturnType<typeof sessionStatus>): Entry {
  const path = normalizePath(pathname);
  // The customer's lounge (/lounge/{key}): its own light app, whatever the partner session.
  const loungeKey = loungeKeyOfPath(path);
  if (loungeKey) return { app: 'lounge', loungeKey };
  // The waiting guest's page (/waiting/{key}/{idx}, issue 26): its own light app too.
  const waiting = waitingGuestOfPath(path);
  if (waiting) return { app: 'waiting', ...waiting };
  // The reservation guest's page (/reservation/{key}/{idx}, issue 26 item 5): its own light app too.
  const reservation = reservationGuestOfPath(path);
  if (reservation) return { app: 'reservation', ...reservation };
  if (isOpsPath(path)) return { app: 'ops' };
  if (isPublicPath(path)) return status === 'active' ? { redirect: HOME_PATH } : { app: 'public' };
  if (path === SIGNED_OUT_PATH) return status === 'active' ? { app: 'public' } : { redirect: LOGIN_PATH };
  if (status !== 'active') return { redirect: loginRedirect(pathname, search), sessionExpired: status === 'expired' };
  if (path === '/') return { redirect: HOME_PATH };
  return { app: 'admin' };
}

/** The `url=` carried to the login page, accepted only when it stays on this origin. */
export function safeReturnUrl(search: string): string {
  const url = new URLSearchParams(search).get('url');
  if (!url || !url.startsWith('/') || url.startsWith('//') || isPublicPath(url.split('?')[0])) return HOME_PATH;
  return url;
}
