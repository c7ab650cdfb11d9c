import { GuaranteeCards } from './GuaranteeCards';
import { MembershipCards } from './MembershipCards';
import { DashboardFrame } from './parts';
import { AsStatusCard } from './AsStatusCard';
import { PartnerInvitations } from './PartnerInvitations';
import { RecentGuarantees } from './RecentGuarantees';
import { StaffPinPausedAlert, staffPinAllowed } from '../resources/coupon/StaffPinDialog';

/**
 * /b2b/dashboard, the product (item) tab. Repairers and launderers see only their A/S or laundry card
 * (over the requests routed to them, GET /v1/admin/{type}/request/dashboard) and the invitations waiting for them;
 * b2b accounts see their A/S and laundry cards (GET /v1/admin/{type}/dashboard) where the kind is in use, the guarantee figures (GET /v1/admin/nft/dashboard) and, under the membership rules,
 * the membership figures (GET /v1/admin/nft/dashboard/membership/*), empty cards without data,
 * the main account the notice that staff PIN redemption is paused (GET /v1/admin/coupon-staff-pin),
 * and a non-subscriber the sample figures (sampleData.ts).
 */
export function ProductDashboard() {
  return (
    <DashboardFrame titleKey="app.dashboard.productTitle" sampleKey="app.dashboard.sampleStandard">
      {(p) => (
        <>
          {p.adminType === 'repairer' && <PartnerInvitations type="repair" />}
          {p.adminType === 'launderer' && <PartnerInvitations type="laundry" />}
          {p.adminType !== 'launderer' && (p.adminType === 'repairer' || p.useRepair?.use) && <AsStatusCard partnership={p} type="repair" />}
          {p.adminType !== 'repairer' && (p.adminType === 'launderer' || p.useLaundry?.use) && <AsStatusCard partnership={p} type="laundry" />}
          {p.adminType === 'b2b' && (
            <>
              {staffPinAllowed(p) && <StaffPinPausedAlert />}
              <RecentGuarantees partnership={p} />
              <GuaranteeCards partnership={p} />
              <MembershipCards partnership={p} />
            </>
          )}
        </>
      )}
    </DashboardFrame>
  );
}

export default ProductDashboard;
