import { MSG } from '../domain/messages';
import { clearSession, sessionStatus } from '../providers/session';
import { LOGIN_PATH } from '../entry';
import { leaveTo } from '../framework/browser';

export const SESSION_CHECK_INTERVAL_MS = 30_000;

/** Logs out when the 6-hour session is over: alert, clear the stored token, reload to the login page. */
export function expireIfNeeded(): boolean {
  if (sessionStatus() !== 'expired') return false;
  clearSession();
  leaveTo(LOGIN_PATH, MSG.sessionExpired);
  return true;
}

/**
 * The 6-hour session watcher (spec 1 sections 4 and 9). Checks every 30 s and whenever the window
 * regains focus; time is read through `clock.now()` and timers through `setInterval`, so fake
 * timers (vitest) and Playwright's page.clock can fast-forward it. Returns a stop function.
 */
export function startSessionWatcher(): () => void {
  const check = () => {
    if (expireIfNeeded()) stop();
  };
  const timer = setInterval(check, SESSION_CHECK_INTERVAL_MS);
  const onFocus = () => check();
  const onVisibility = () => {
    if (document.visibilityState === 'visible') check();
  };
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisibility);
  function stop() {
    clearInterval(timer);
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onVisibility);
  }
  return stop;
}
