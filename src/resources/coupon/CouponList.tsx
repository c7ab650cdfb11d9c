import { ResourceList } from '../../custom/resource/ResourceList';
import { couponResource } from '../../domain/resources/coupon';

/** /b2b/coupon: the generic list of the definition, a row opening the coupon's detail (/b2b/coupon/{idx}). */
export default function CouponList() {
  return <ResourceList def={couponResource} rowClick={(id) => `${couponResource.route}/${id}`} />;
}
