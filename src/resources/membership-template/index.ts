import { lazyPage, lazyWithRetry } from '../../framework/lazyWithRetry';
import type { PageMap } from '../../framework/resource/resourceRoute';
import { resourcePage } from '../../domain/routing';
import { membershipTemplateResource as def } from '../../domain/resources/membershipTemplate';

/**
 * Membership templates (issue 11 item 1): the pages of the routes their declaration gives
 * (src/domain/resources/membershipTemplate.ts): the list at /b2b/membership/setting, register,
 * edit/{idx} and the detail at {idx}; each a lazy chunk.
 */
export const membershipTemplatePages: PageMap = {
  [resourcePage(def, 'list')]: lazyWithRetry(() => import('./MembershipTemplateList')),
  [resourcePage(def, 'register')]: lazyPage(() => import('./MembershipTemplatePages'), 'MembershipTemplateCreate'),
  [resourcePage(def, 'edit')]: lazyPage(() => import('./MembershipTemplatePages'), 'MembershipTemplateEdit'),
  [resourcePage(def, 'show')]: lazyWithRetry(() => import('./MembershipTemplateShow')),
};
