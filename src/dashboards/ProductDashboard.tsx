import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { DashboardFrame, EmptyCard } from './parts';

/** /b2b/dashboard, the product (item) tab. Real figures come with the dashboard data issue. */
export function ProductDashboard() {
  const translate = useTranslate();
  const [period, setPeriod] = useState<'WEEK' | 'MONTH'>('WEEK');
  return (
    <DashboardFrame titleKey="app.dashboard.productTitle" sampleKey="app.dashboard.sampleStandard">
      {(p) => (
        <>
          {p.adminType !== 'launderer' && (p.adminType === 'repairer' || p.useRepair?.use) && <EmptyCard title={translate('app.dashboard.asStatus')} />}
          {p.adminType !== 'repairer' && (p.adminType === 'launderer' || p.useLaundry?.use) && <EmptyCard title={translate('app.dashboard.laundryStatus')} />}
          {p.adminType === 'b2b' && (
            <>
              <EmptyCard title={translate('app.dashboard.recentGuarantee')} empty="issuance" size={{ xs: 12 }} />
              <EmptyCard title={translate('app.dashboard.issueTrend')} empty="comparison" size={{ xs: 12, lg: 8 }}>
                <ToggleButtonGroup size="small" exclusive value={period} onChange={(_, v) => v && setPeriod(v)} aria-label={translate('app.dashboard.issueTrend')}>
                  <ToggleButton value="WEEK">{translate('app.dashboard.week')}</ToggleButton>
                  <ToggleButton value="MONTH">{translate('app.dashboard.month')}</ToggleButton>
                </ToggleButtonGroup>
              </EmptyCard>
              <EmptyCard title={translate('app.dashboard.issueSummary')} size={{ xs: 12, lg: 4 }} />
              <EmptyCard title={translate('app.dashboard.salesChannel')} size={{ xs: 12, md: 6 }} />
            </>
          )}
        </>
      )}
    </DashboardFrame>
  );
}

export default ProductDashboard;
