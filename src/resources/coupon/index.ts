import { lazyPage, lazyWithRetry } from '../../framework/lazyWithRetry';
import type { ResourceViews } from '../../framework/resource/resourceRoute';

/**
 * Coupons (spec 2 sections 2, 3 and 5; issue 11 item 4): the definition (src/domain/resources/coupon.ts)
 * gives the generic list at /b2b/coupon (a row opens the detail); register (/b2b/coupon/new) and edit are the generic pages
 * with the membership and store pickers and the image upload (CouponPages.tsx), then the detail at
 * /b2b/coupon/{idx}.
 */
export const couponViews: ResourceViews = {
  list: lazyWithRetry(() => import('./CouponList')),
  register: lazyPage(() => import('./CouponPages'), 'CouponCreate'),
  edit: lazyPage(() => import('./CouponPages'), 'CouponEdit'),
  pages: { show: lazyWithRetry(() => import('./CouponShow')) },
};
