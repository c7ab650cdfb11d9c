import { EmptyCardsDashboard, type EmptyCardSpec } from './parts';

const THIRD = { xs: 12, md: 4 };
const CARDS: EmptyCardSpec[] = [
  { titleKey: 'app.dashboard.bySalesAmount', size: THIRD },
  { titleKey: 'app.dashboard.byCount', size: THIRD },
  { titleKey: 'app.dashboard.byPrice', size: THIRD },
  { titleKey: 'app.dashboard.topCustomers', size: { xs: 12 } },
];

/** /b2b/dashboard/customer: distribution and top customers. */
export function CustomerDashboard() {
  return <EmptyCardsDashboard titleKey="app.dashboard.customerTitle" sampleKey="app.dashboard.sampleCustomer" cards={CARDS} />;
}

export default CustomerDashboard;
