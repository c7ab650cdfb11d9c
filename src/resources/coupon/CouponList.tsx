import { ResourceList } from '../../framework/resource/ResourceList';
import { couponResource } from '../../domain/resources/coupon';
import { usePartnership } from '../../authProvider/usePartnership';
import { isSubAccount } from '../../domain/identity';
import { StaffPinDialog, StaffPinPausedAlert, staffPinAllowed } from './StaffPinDialog';

/**
 * /b2b/coupon: the generic list of the definition, a row opening the coupon's detail (/b2b/coupon/{idx}),
 * and for the main account the staff PIN settings (with the lounge link) and, while PIN redemption is
 * paused, the notice with the PIN change.
 */
export default function CouponList() {
  const { partnership } = usePartnership();
  const pin = partnership && !isSubAccount(partnership);
  return (
    <ResourceList
      def={couponResource} rowClick={(id) => `${couponResource.route}/${id}`}
      actions={pin ? <StaffPinDialog /> : null} notice={pin && staffPinAllowed(partnership) ? <StaffPinPausedAlert /> : null}
    />
  );
}
