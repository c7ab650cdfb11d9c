import { lazyWithRetry } from '../../framework/lazyWithRetry';
import type { PageMap } from '../../framework/resource/resourceRoute';

/**
 * The pages of customers (spec 3 sections 2–9, issue 5), by their page keys in the route table
 * (src/domain/routes.ts: the list and the detail highlight the customer list, the grade pages the
 * grade item); each a lazy chunk.
 */
export const customerPages: PageMap = {
  'customer.list': lazyWithRetry(() => import('./CustomerList')),
  'customer.detail': lazyWithRetry(() => import('./CustomerShow')),
  'customer.grade': lazyWithRetry(() => import('./GradePage')),
  'customer.gradeSetting': lazyWithRetry(() => import('./GradeSettingPage')),
};
