import { lazyWithRetry } from '../../framework/lazyWithRetry';
import type { PageMap } from '../../framework/resource/resourceRoute';

/** The shop integration pages (issue 28) by their page keys in the route table (src/domain/routes.ts); each a lazy chunk. */
export const interworkPages: PageMap = {
  'interwork.overview': lazyWithRetry(() => import('./InterworkOverviewPage')),
  'interwork.cafe24': lazyWithRetry(() => import('./Cafe24Page')),
  'interwork.cafe24Launch': lazyWithRetry(() => import('./Cafe24LaunchPage')),
  'interwork.naver': lazyWithRetry(() => import('./NaverPage')),
  'interwork.naverDetail': lazyWithRetry(() => import('./NaverDetailPage')),
};
