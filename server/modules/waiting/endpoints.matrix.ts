import type { InjectOptions } from 'fastify';
import { UNKNOWN_IDX, type Endpoint } from '../securityMatrix';

const W = '/api/waiting/v1/waiting';
const G = '/api/waiting/v1/public/waiting';
/** A well-formed key no tenant has: the guest routes answer 404, never 401/403. */
const NO_KEY = 'zzzzzzzzzzzz';

/**
 * This area's rows of the security matrix: the staff's queue routes are any subscribed b2b account's
 * (sub-accounts are store staff) with WAITING; the statistics too. The event CRUD rows come from the
 * definition (resourceEndpoints). The guest routes are public to the partner auth hook; their own
 * check is the lounge session (X-Lounge-Token), tested in waiting.api.test.ts.
 */
export const WAITING_ENDPOINTS: Endpoint[] = [
  { name: 'GET waiting requests', who: 'b2b', subscribed: true, feature: 'WAITING', request: () => ({ method: 'GET', url: `${W}/${UNKNOWN_IDX}/request` }) },
  {
    name: 'PATCH waiting request', who: 'b2b', subscribed: true, feature: 'WAITING', route: 'PATCH /api/waiting/v1/waiting/{idx}/request/{requestIdx}',
    request: () => ({ method: 'PATCH', url: `${W}/${UNKNOWN_IDX}/request/${UNKNOWN_IDX}`, payload: { action: 'call' } }),
  },
  { name: 'PUT waiting state', who: 'b2b', subscribed: true, feature: 'WAITING', request: () => ({ method: 'PUT', url: `${W}/${UNKNOWN_IDX}/state`, payload: { state: 'open' } }) },
  { name: 'GET waiting link', who: 'b2b', subscribed: true, feature: 'WAITING', request: () => ({ method: 'GET', url: `${W}/${UNKNOWN_IDX}/link` }) },
  { name: 'GET statistics', who: 'b2b', subscribed: true, feature: 'WAITING', request: () => ({ method: 'GET', url: '/api/statistics/v1/statistics?weekday=9' }) },
];

const route = (tail: string) => `/api/waiting/v1/public/waiting/{loungeKey}/{idx}${tail}`;
export const WAITING_PUBLIC: { name: string; request: InjectOptions; route?: string; code?: string }[] = [
  { name: 'GET waiting guest event', request: { method: 'GET', url: `${G}/${NO_KEY}/1` }, route: `GET ${route('')}` },
  { name: 'POST waiting guest otp', request: { method: 'POST', url: `${G}/${NO_KEY}/1/otp`, payload: {} }, route: `POST ${route('/otp')}` },
  { name: 'POST waiting guest otp/verify', request: { method: 'POST', url: `${G}/${NO_KEY}/1/otp/verify`, payload: {} }, route: `POST ${route('/otp/verify')}` },
  { name: 'GET waiting guest me', request: { method: 'GET', url: `${G}/${NO_KEY}/1/me` }, route: `GET ${route('/me')}` },
  { name: 'POST waiting guest register', request: { method: 'POST', url: `${G}/${NO_KEY}/1/register`, payload: {} }, route: `POST ${route('/register')}` },
  { name: 'POST waiting guest confirm', request: { method: 'POST', url: `${G}/${NO_KEY}/1/me/confirm` }, route: `POST ${route('/me/confirm')}` },
  { name: 'POST waiting guest push-back', request: { method: 'POST', url: `${G}/${NO_KEY}/1/me/push-back` }, route: `POST ${route('/me/push-back')}` },
  { name: 'POST waiting guest cancel', request: { method: 'POST', url: `${G}/${NO_KEY}/1/me/cancel` }, route: `POST ${route('/me/cancel')}` },
];
