import { lazyPage, lazyWithRetry } from '../../framework/lazyWithRetry';
import type { PageMap } from '../../framework/resource/resourceRoute';

/**
 * The membership issue pages (issue 11 item 2), by their page keys in the route table
 * (src/domain/routes.ts: /b2b/membership/publish and /b2b/membership/guarantee…); each a lazy chunk.
 */
export const membershipIssuePages: PageMap = {
  'membershipIssue.list': lazyWithRetry(() => import('./MembershipIssueList')),
  'membershipIssue.show': lazyWithRetry(() => import('./MembershipIssueShow')),
  'membershipIssue.publish': lazyWithRetry(() => import('./MembershipPublish')),
  'membershipIssue.register': lazyWithRetry(() => import('./MembershipIssueCreate')),
  'membershipIssue.edit': lazyWithRetry(() => import('./MembershipIssueEdit')),
  'membershipIssue.excelUpload': lazyPage(() => import('./MembershipExcelUpload'), 'MembershipExcelUpload'),
};
