import { lazyWithRetry } from './framework/lazyWithRetry';
import { resourceRoute, type PageMap, type ResourceViews } from './framework/resource/resourceRoute';
import { RESOURCE_DEFINITIONS } from './domain/resources';
import { guaranteePages } from './resources/guarantee';
import { customerPages } from './resources/customer';
import { storeViews } from './resources/store';
import { productViews } from './resources/product';
import { couponViews } from './resources/coupon';
import { examViews } from './resources/exam';
import { waitingViews } from './resources/waiting';
import { reservationViews } from './resources/reservation';
import { membershipTemplatePages } from './resources/membership-template';
import { stampPages } from './resources/stamp';
import { loungePages } from './resources/lounge';
import { membershipIssuePages } from './resources/membership-issue';
import { afterServiceIntakePages } from './resources/after-service/intake';
import { afterServicePages } from './resources/after-service';
import { messagePages } from './resources/message';
import { interworkPages } from './resources/interwork';

/**
 * The admin app's pages by their keys in the route table (src/domain/routes.ts), which says where
 * each is mounted and who may open it. Every page is its own chunk, loaded on demand with retries
 * (spec 1 section 2.2). Keys are quoted as in every page map: the build reads them to preload each
 * path's page with the app (scripts/pagePreloads.ts).
 */
const shellPages: PageMap = {
  'home': lazyWithRetry(() => import('./custom/home/HomePage')),
  'productDashboard': lazyWithRetry(() => import('./dashboards/ProductDashboard')),
  'customerDashboard': lazyWithRetry(() => import('./dashboards/CustomerDashboard')),
  'channelDashboard': lazyWithRetry(() => import('./dashboards/ChannelDashboard')),
  'profile': lazyWithRetry(() => import('./custom/settings/ProfilePage')),
  'brandSettings': lazyWithRetry(() => import('./custom/settings/BrandSettingsPage')),
  'signout': lazyWithRetry(() => import('./custom/settings/SignoutPage')),
  'subscribe': lazyWithRetry(() => import('./custom/payment/SubscribePage')),
  'logout': lazyWithRetry(() => import('./custom/LogoutPage')),
  'auditLog': lazyWithRetry(() => import('./custom/settings/AuditLogPage')),
};

/**
 * The declared resources whose folders replace generic pages or give their own views' pages, by
 * name: the one place a resource's bespoke screens are wired. Every other declared resource gets the
 * generic list and forms without an entry here.
 */
export const BESPOKE_VIEWS: Record<string, ResourceViews> = { store: storeViews, product: productViews, coupon: couponViews, exam: examViews, waiting: waitingViews, reservation: reservationViews };

const resourcePages: PageMap = Object.assign({}, ...RESOURCE_DEFINITIONS.map((def) => resourceRoute(def, BESPOKE_VIEWS[def.name])));

export const ADMIN_PAGES: PageMap = { ...shellPages, ...guaranteePages, ...customerPages, ...membershipTemplatePages, ...membershipIssuePages, ...stampPages, ...loungePages, ...afterServiceIntakePages, ...afterServicePages, ...messagePages, ...interworkPages, ...resourcePages };
