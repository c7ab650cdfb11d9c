import type { InjectOptions } from 'fastify';
import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

const R = '/api/waiting/v1/reservation';
const G = '/api/waiting/v1/public/reservation';
/** A well-formed key no tenant has: the guest routes answer 404, never 401/403. */
const NO_KEY = 'zzzzzzzzzzzz';

/**
 * This area's rows of the security matrix: the staff's booking routes are any subscribed b2b
 * account's (sub-accounts are store staff) with BOOKING. The reservation CRUD rows come from the
 * definition (resourceEndpoints). The guest routes are public to the partner auth hook; their own
 * check is the lounge session (X-Lounge-Token), tested in reservations.api.test.ts.
 */
export const RESERVATION_ENDPOINTS: Endpoint[] = [
  { name: 'GET reservation bookings', who: 'b2b', subscribed: true, feature: 'BOOKING', request: () => ({ method: 'GET', url: `${R}/${UNKNOWN_IDX}/booking` }) },
  {
    name: 'PATCH reservation booking', who: 'b2b', subscribed: true, feature: 'BOOKING', route: 'PATCH /api/waiting/v1/reservation/{idx}/booking/{bookingIdx}',
    request: () => ({ method: 'PATCH', url: `${R}/${UNKNOWN_IDX}/booking/${UNKNOWN_IDX}`, payload: { action: 'confirm' } }),
  },
  { name: 'GET reservation link', who: 'b2b', subscribed: true, feature: 'BOOKING', request: () => ({ method: 'GET', url: `${R}/${UNKNOWN_IDX}/link` }) },
];

const route = (tail: string) => `/api/waiting/v1/public/reservation/{loungeKey}/{idx}${tail}`;
export const RESERVATION_PUBLIC: { name: string; request: InjectOptions; route?: string; code?: string }[] = [
  { name: 'GET reservation guest front', request: { method: 'GET', url: `${G}/${NO_KEY}/1` }, route: `GET ${route('')}` },
  { name: 'GET reservation guest slots', request: { method: 'GET', url: `${G}/${NO_KEY}/1/slots` }, route: `GET ${route('/slots')}` },
  { name: 'POST reservation guest otp', request: { method: 'POST', url: `${G}/${NO_KEY}/1/otp`, payload: {} }, route: `POST ${route('/otp')}` },
  { name: 'POST reservation guest otp/verify', request: { method: 'POST', url: `${G}/${NO_KEY}/1/otp/verify`, payload: {} }, route: `POST ${route('/otp/verify')}` },
  { name: 'GET reservation guest me', request: { method: 'GET', url: `${G}/${NO_KEY}/1/me` }, route: `GET ${route('/me')}` },
  { name: 'POST reservation guest book', request: { method: 'POST', url: `${G}/${NO_KEY}/1/book`, payload: {} }, route: `POST ${route('/book')}` },
  { name: 'POST reservation guest change', request: { method: 'POST', url: `${G}/${NO_KEY}/1/me/1/change`, payload: {} }, route: `POST ${route('/me/{bookingIdx}/change')}` },
  { name: 'POST reservation guest cancel', request: { method: 'POST', url: `${G}/${NO_KEY}/1/me/1/cancel` }, route: `POST ${route('/me/{bookingIdx}/cancel')}` },
];
