import { lazyWithRetry } from '../../framework/lazyWithRetry';
import type { PageMap } from '../../framework/resource/resourceRoute';

/** The stamp pages (issue 11 item 6) by their page keys in the route table (src/domain/routes.ts); each a lazy chunk. */
export const stampPages: PageMap = {
  'stamp.setting': lazyWithRetry(() => import('./StampSettingPage')),
  'stamp.list': lazyWithRetry(() => import('./StampListPage')),
};
