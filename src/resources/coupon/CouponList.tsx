import { ResourceList } from '../../custom/resource/ResourceList';
import { couponResource } from '../../domain/resources/coupon';
import { usePartnership } from '../../authProvider/usePartnership';
import { isSubAccount } from '../../domain/identity';
import { StaffPinDialog } from './StaffPinDialog';

/**
 * /b2b/coupon: the generic list of the definition, a row opening the coupon's detail (/b2b/coupon/{idx}),
 * and for the main account the staff PIN settings (with the lounge link).
 */
export default function CouponList() {
  const { partnership } = usePartnership();
  const actions = partnership && !isSubAccount(partnership) ? <StaffPinDialog /> : null;
  return <ResourceList def={couponResource} rowClick={(id) => `${couponResource.route}/${id}`} actions={actions} />;
}
