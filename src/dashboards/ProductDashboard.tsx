import { useTranslate } from 'react-admin';
import { GuaranteeCards } from './GuaranteeCards';
import { MembershipCards } from './MembershipCards';
import { DashboardFrame, EmptyCard } from './parts';
import { RecentGuarantees } from './RecentGuarantees';

/**
 * /b2b/dashboard, the product (item) tab. Repairers and launderers see only their A/S or laundry card;
 * b2b accounts see the guarantee figures (GET /v1/admin/nft/dashboard) and, under the membership rules,
 * the membership figures (GET /v1/admin/nft/dashboard/membership/*), empty cards without data,
 * and a non-subscriber the sample figures (sampleData.ts).
 */
export function ProductDashboard() {
  const translate = useTranslate();
  return (
    <DashboardFrame titleKey="app.dashboard.productTitle" sampleKey="app.dashboard.sampleStandard">
      {(p) => (
        <>
          {p.adminType !== 'launderer' && (p.adminType === 'repairer' || p.useRepair?.use) && <EmptyCard title={translate('app.dashboard.asStatus')} />}
          {p.adminType !== 'repairer' && (p.adminType === 'launderer' || p.useLaundry?.use) && <EmptyCard title={translate('app.dashboard.laundryStatus')} />}
          {p.adminType === 'b2b' && (
            <>
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
