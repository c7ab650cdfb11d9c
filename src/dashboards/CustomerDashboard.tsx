import { useTranslate } from 'react-admin';
import { DashboardFrame, EmptyCard } from './parts';

/** /b2b/dashboard/customer: distribution and top customers. */
export function CustomerDashboard() {
  const translate = useTranslate();
  return (
    <DashboardFrame titleKey="app.dashboard.customerTitle" sampleKey="app.dashboard.sampleCustomer">
      {() => (
        <>
          <EmptyCard title={translate('app.dashboard.bySalesAmount')} size={{ xs: 12, md: 4 }} />
          <EmptyCard title={translate('app.dashboard.byCount')} size={{ xs: 12, md: 4 }} />
          <EmptyCard title={translate('app.dashboard.byPrice')} size={{ xs: 12, md: 4 }} />
          <EmptyCard title={translate('app.dashboard.topCustomers')} size={{ xs: 12 }} />
        </>
      )}
    </DashboardFrame>
  );
}

export default CustomerDashboard;
