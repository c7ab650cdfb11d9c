import { lazyWithRetry } from '../../framework/lazyWithRetry';
import type { ResourceViews } from '../../framework/resource/resourceRoute';

/**
 * Reservations (issue 26 item 5, docs/api/reservations.md): the definition
 * (src/domain/resources/reservation.ts) gives the generic register and edit forms; the list shows
 * each reservation's status and a row opens the detail at /b2b/store/reservation/{idx}: the day's
 * bookings by time, with 확정 / 방문 / 노쇼 / 취소, and the guests' booking link.
 */
export const reservationViews: ResourceViews = {
  list: lazyWithRetry(() => import('./ReservationList')),
  pages: { show: lazyWithRetry(() => import('./ReservationBookings')) },
};
