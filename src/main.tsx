import { createRoot } from 'react-dom/client';
import { resolveEntry } from './entry';
import { clearSession, IDENTITY_PATH, sessionStatus } from './providers/session';
import { requestEarly } from './providers/http';
import { MSG } from './domain/messages';
// Korean glyphs must not depend on a system font. Subsets by unicode-range: the browser fetches only
// the woff2 files of the characters on screen, bundled beside the console (no CDN).
import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';

/**
 * Decides before any framework code loads: the light auth app, the admin app, or a redirect.
 * Both apps are dynamic imports, so /auth/login never downloads react-admin.
 */
const entry = resolveEntry(window.location.pathname, window.location.search, sessionStatus());
const root = document.getElementById('root')!;

if ('redirect' in entry) {
  if (entry.sessionExpired) {
    window.alert(MSG.sessionExpired);
    clearSession();
  }
  window.location.replace(entry.redirect);
} else if (entry.app === 'lounge') {
  const { loungeKey } = entry;
  void import('./lounge/LoungeApp').then(({ LoungeApp }) => createRoot(root).render(<LoungeApp loungeKey={loungeKey} />));
} else if (entry.app === 'waiting') {
  const { loungeKey, eventIdx } = entry;
  void import('./waitingGuest/WaitingGuestApp').then(({ WaitingGuestApp }) => createRoot(root).render(<WaitingGuestApp loungeKey={loungeKey} eventIdx={eventIdx} />));
} else if (entry.app === 'reservation') {
  const { loungeKey, reservationIdx } = entry;
  void import('./reservationGuest/ReservationGuestApp').then(({ ReservationGuestApp }) => createRoot(root).render(<ReservationGuestApp loungeKey={loungeKey} reservationIdx={reservationIdx} />));
} else if (entry.app === 'ops') {
  void import('./ops/OpsApp').then(({ OpsApp }) => createRoot(root).render(<OpsApp />));
} else if (entry.app === 'public') {
  void import('./custom/auth/PublicApp').then(({ PublicApp }) => createRoot(root).render(<PublicApp />));
} else {
  // The identity is asked for while the app's chunks load (index.html preloads them and the page's).
  requestEarly(IDENTITY_PATH);
  void import('./App').then(({ App, preloadPage }) => {
    preloadPage(window.location.pathname);
    createRoot(root).render(<App />);
  });
}
