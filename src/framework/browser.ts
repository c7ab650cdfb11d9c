/**
 * Full-page navigations in one place, so tests can watch them (jsdom cannot navigate) and so
 * several failures at once (a burst of 401s, the session watcher and checkAuth) lead to exactly
 * one alert and one navigation.
 */
let leaving = false;

export const browser = {
  replace(url: string): void {
    window.location.replace(url);
  },
  alert(message: string): void {
    window.alert(message);
  },
  reload(): void {
    window.location.reload();
  },
};

/** Whether a full navigation away has started; later failures stay silent. */
export function isLeaving(): boolean {
  return leaving;
}

/** Alerts (optionally) once, then leaves the app with a full navigation. Returns false when already leaving. */
export function leaveTo(url: string, message?: string): boolean {
  if (leaving) return false;
  leaving = true;
  if (message) browser.alert(message);
  browser.replace(url);
  return true;
}

/** Tests only: forget that a navigation started. */
export function resetLeaving(): void {
  leaving = false;
}
