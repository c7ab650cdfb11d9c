import { lazyWithRetry } from '../../../framework/lazyWithRetry';
import type { PageMap } from '../../../framework/resource/resourceRoute';

/** The admin A/S intake's and the A/S settings' pages, by their page keys in src/domain/routes.ts. */
export const afterServiceIntakePages: PageMap = {
  'afterService.request': lazyWithRetry(() => import('./AsIntakePage')),
  'afterService.setting': lazyWithRetry(() => import('../setting/AsSettingPage')),
};
