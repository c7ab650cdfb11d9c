import { useTranslate } from 'react-admin';
import { DashboardFrame, EmptyCard } from './parts';

/** /b2b/dashboard/channel: waiting and revisit statistics. */
export function ChannelDashboard() {
  const translate = useTranslate();
  return (
    <DashboardFrame titleKey="app.dashboard.channelTitle" sampleKey="app.dashboard.samplePro">
      {() => (
        <>
          <EmptyCard title={translate('app.dashboard.accumulatedVisitors')} size={{ xs: 12, sm: 4 }} />
          <EmptyCard title={translate('app.dashboard.marketingConsents')} size={{ xs: 12, sm: 4 }} />
          <EmptyCard title={translate('app.dashboard.revisits')} size={{ xs: 12, sm: 4 }} />
          <EmptyCard title={translate('app.dashboard.todayEntry')} />
          <EmptyCard title={translate('app.dashboard.entryStats')} />
          <EmptyCard title={translate('app.dashboard.entryTrend')} empty="comparison" />
          <EmptyCard title={translate('app.dashboard.hourlyStatus')} />
          <EmptyCard title={translate('app.dashboard.revisitTrend')} empty="comparison" />
          <EmptyCard title={translate('app.dashboard.revisitDetail')} />
        </>
      )}
    </DashboardFrame>
  );
}

export default ChannelDashboard;
