import { lazyWithRetry } from '../../framework/lazyWithRetry';
import type { ResourceViews } from '../../framework/resource/resourceRoute';

/**
 * Waiting events (issue 26, docs/api/waiting.md): the definition (src/domain/resources/waiting.ts)
 * gives the generic register and edit forms; the list shows each event's status with its button
 * (spec 3 §2: ready → edit / link membership, progress → drive visits, end → run marketing) and a row
 * opens the staff's queue screen at /b2b/store/waiting/{idx} (`?status=entered` for the seated).
 */
export const waitingViews: ResourceViews = {
  list: lazyWithRetry(() => import('./WaitingList')),
  pages: { show: lazyWithRetry(() => import('./WaitingQueue')) },
};
