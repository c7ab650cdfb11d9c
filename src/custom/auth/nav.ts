import { useEffect, useState } from 'react';

/**
 * Navigation of the light auth app: a tiny pathname router (history.pushState plus a popstate
 * listener) and full page loads for leaving to the admin app. One object, so tests can spy on it.
 */
const CHANGE = 'authnavigate';

export const nav = {
  /** Full page navigation without a history entry (loads the admin app, or reloads after logout). */
  replace(url: string): void {
    window.location.replace(url);
  },
  /** In-app navigation between public pages. */
  push(url: string): void {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new Event(CHANGE));
    window.scrollTo?.(0, 0);
  },
};

function current() {
  return { pathname: window.location.pathname.replace(/\/+$/, '') || '/', search: window.location.search };
}

/** The current location, updated on pushState (through nav.push) and on back/forward. */
export function useLocation(): { pathname: string; search: string } {
  const [loc, setLoc] = useState(current);
  useEffect(() => {
    const update = () => setLoc(current());
    window.addEventListener('popstate', update);
    window.addEventListener(CHANGE, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(CHANGE, update);
    };
  }, []);
  return loc;
}
