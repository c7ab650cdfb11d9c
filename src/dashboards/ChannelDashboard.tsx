import { EmptyCardsDashboard, type EmptyCardSpec } from './parts';

const THIRD = { xs: 12, sm: 4 };
const CARDS: EmptyCardSpec[] = [
  { titleKey: 'app.dashboard.accumulatedVisitors', size: THIRD },
  { titleKey: 'app.dashboard.marketingConsents', size: THIRD },
  { titleKey: 'app.dashboard.revisits', size: THIRD },
  { titleKey: 'app.dashboard.todayEntry' },
  { titleKey: 'app.dashboard.entryStats' },
  { titleKey: 'app.dashboard.entryTrend', empty: 'comparison' },
  { titleKey: 'app.dashboard.hourlyStatus' },
  { titleKey: 'app.dashboard.revisitTrend', empty: 'comparison' },
  { titleKey: 'app.dashboard.revisitDetail' },
];

/** /b2b/dashboard/channel: waiting and revisit statistics. */
export function ChannelDashboard() {
  return <EmptyCardsDashboard titleKey="app.dashboard.channelTitle" sampleKey="app.dashboard.samplePro" cards={CARDS} />;
}

export default ChannelDashboard;
