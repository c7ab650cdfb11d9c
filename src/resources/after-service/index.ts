import { lazyPage } from '../../framework/lazyWithRetry';
import type { PageMap } from '../../framework/resource/resourceRoute';

/** The repair and laundry histories and details (src/domain/routes.ts); the memo panel is ./memo. */
export const afterServicePages: PageMap = {
  'afterService.repairList': lazyPage(() => import('./history/AsHistoryList'), 'RepairHistory'),
  'afterService.laundryList': lazyPage(() => import('./history/AsHistoryList'), 'LaundryHistory'),
  'afterService.repairDetail': lazyPage(() => import('./detail/AsDetailPage'), 'RepairDetail'),
  'afterService.laundryDetail': lazyPage(() => import('./detail/AsDetailPage'), 'LaundryDetail'),
};
