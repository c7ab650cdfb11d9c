import { lazyPage, lazyWithRetry } from '../../framework/lazyWithRetry';
import type { PageMap } from '../../framework/resource/resourceRoute';

/**
 * The pages of guarantees (spec 2 sections 2 to 8), by their page keys in the route table
 * (src/domain/routes.ts, which gives their paths, rules and the 'guarantee' resource); each a lazy chunk.
 */
export const guaranteePages: PageMap = {
  'guarantee.list': lazyWithRetry(() => import('./GuaranteeList')),
  'guarantee.show': lazyWithRetry(() => import('./GuaranteeShow')),
  'guarantee.publish': lazyWithRetry(() => import('./GuaranteePublish')),
  'guarantee.register': lazyWithRetry(() => import('./GuaranteeCreate')),
  'guarantee.registerOffline': lazyWithRetry(() => import('./GuaranteeOfflineCreate')),
  'guarantee.edit': lazyWithRetry(() => import('./GuaranteeEdit')),
  'guarantee.excelUpload': lazyPage(() => import('./GuaranteeExcelUpload'), 'GuaranteeExcelUpload'),
  'guarantee.setting': lazyWithRetry(() => import('./setting/GuaranteeSettingPage')),
};
