import { rowsOf } from './routing';

/**
 * The light app's rows of the route table (spec 1 section 2.1): the public pages and /signedout.
 * A module of their own, without the menu rules and the resource definitions, because entry.ts
 * reads them before any framework code loads; src/domain/routes.ts lists them with the others.
 */
export const PUBLIC_ROUTES = rowsOf([
  { path: '/auth/login', app: 'public', page: 'login' },
  { path: '/auth/signup', app: 'public', page: 'signUp' },
  { path: '/reset/request/password', app: 'public', page: 'resetRequest' },
  { path: '/reset/password', app: 'public', page: 'resetPassword' },
  { path: '/auth/verification/fail', app: 'public', page: 'verificationFail' },
  // The withdrawn-account page: the light app, for a session that still exists.
  { path: '/signedout', app: 'signedOut', page: 'signedOut' },
]);
