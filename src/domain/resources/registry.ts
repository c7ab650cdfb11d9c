/**
 * The declared resources, one line each: `RESOURCE_DEFINITIONS` (./index.ts) lists every export of
 * this file, and server/db/schema.ts derives the table of each plain one from it.
 */
export { storeResource } from './store';
export { productResource } from './product';
export { couponResource } from './coupon';
export { examResource } from './exam';
export { waitingResource } from './waiting';
export { reservationResource } from './reservation';
