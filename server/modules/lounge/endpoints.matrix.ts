import type { InjectOptions } from 'fastify';
import type { Endpoint } from '../securityMatrix';

const PIN = '/api/v1/admin/coupon-staff-pin';
const L = '/api/v1/public/lounge';
/** A well-formed key no tenant has: the lounge routes answer 404, never 401/403. */
const NO_KEY = 'zzzzzzzzzzzz';

/**
 * This area's rows of the security matrix: the staff PIN setting is the main account's (b2bMain,
 * subscribed, feature MEMBERSHIP); the lounge routes are public to the partner auth hook (their own
 * check is the customer's X-Lounge-Token, tested in lounge.api.test.ts).
 */
export const LOUNGE_ENDPOINTS: Endpoint[] = [
  { name: 'GET coupon-staff-pin', who: 'b2bMain', subscribed: true, feature: 'MEMBERSHIP', request: () => ({ method: 'GET', url: PIN }) },
  { name: 'PUT coupon-staff-pin', who: 'b2bMain', subscribed: true, feature: 'MEMBERSHIP', request: () => ({ method: 'PUT', url: PIN, payload: {} }) },
];

export const LOUNGE_PUBLIC: { name: string; request: InjectOptions; route?: string; code?: string }[] = [
  { name: 'GET lounge', request: { method: 'GET', url: `${L}/${NO_KEY}` }, route: 'GET /api/v1/public/lounge/{loungeKey}' },
  { name: 'POST lounge otp', request: { method: 'POST', url: `${L}/${NO_KEY}/otp`, payload: {} }, route: 'POST /api/v1/public/lounge/{loungeKey}/otp' },
  { name: 'POST lounge otp/verify', request: { method: 'POST', url: `${L}/${NO_KEY}/otp/verify`, payload: {} }, route: 'POST /api/v1/public/lounge/{loungeKey}/otp/verify' },
  { name: 'POST lounge sign-out', request: { method: 'POST', url: `${L}/${NO_KEY}/sign-out` }, route: 'POST /api/v1/public/lounge/{loungeKey}/sign-out' },
  { name: 'GET lounge me', request: { method: 'GET', url: `${L}/${NO_KEY}/me` }, route: 'GET /api/v1/public/lounge/{loungeKey}/me' },
  {
    name: 'POST lounge membership join', request: { method: 'POST', url: `${L}/${NO_KEY}/memberships/1/join` },
    route: 'POST /api/v1/public/lounge/{loungeKey}/memberships/{idx}/join',
  },
  {
    name: 'POST lounge coupon redeem', request: { method: 'POST', url: `${L}/${NO_KEY}/coupons/1/redeem`, payload: {} },
    route: 'POST /api/v1/public/lounge/{loungeKey}/coupons/{idx}/redeem',
  },
];
