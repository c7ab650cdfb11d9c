import { useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Partnership } from '../domain/identity';
import { CardLoading } from './CardLoading';
import { GuaranteeIssueSummary } from './GuaranteeIssueSummary';
import { GuaranteeIssueTrend } from './GuaranteeIssueTrend';
import { GuaranteeSalesChannels } from './GuaranteeSalesChannels';
import { useGuaranteeDashboard, type Period } from './guaranteeDashboardApi';
import { hasChannels, hasSummary, hasTrend } from './guaranteeFigures';
import { EmptyCard, FigureCard, hasLiveData } from './parts';
import { SAMPLE_GUARANTEE_DASHBOARD } from './sampleData';

/** The b2b guarantee cards: issue trend, summary and sales channels, each an empty card without data. */
export function GuaranteeCards({ partnership }: { partnership: Partnership }) {
  const translate = useTranslate();
  const [period, setPeriod] = useState<Period>('WEEK');
  const figures = useGuaranteeDashboard(partnership, period);
  // A non-subscriber sees the sample figures through the same panels, dimmed by the frame.
  const data = hasLiveData(partnership) ? figures.data : SAMPLE_GUARANTEE_DASHBOARD;
  const isLoading = figures.isLoading;
  const toggle = (
    <ToggleButtonGroup size="small" exclusive value={period} onChange={(_, v: Period | null) => v && setPeriod(v)} aria-label={translate('app.dashboard.issueTrend')} sx={{ mb: 2 }}>
      <ToggleButton value="WEEK">{translate('app.dashboard.week')}</ToggleButton>
      <ToggleButton value="MONTH">{translate('app.dashboard.month')}</ToggleButton>
    </ToggleButtonGroup>
  );
  const trendSize = { xs: 12, lg: 8 };
  const summarySize = { xs: 12, lg: 4 };
  const channelSize = { xs: 12, md: 6 };
  return (
    <>
      {isLoading ? (
        <FigureCard title={translate('app.dashboard.issueTrend')} size={trendSize} action={toggle}>
          <CardLoading />
        </FigureCard>
      ) : data && hasTrend(data) ? (
        <FigureCard title={translate('app.dashboard.issueTrend')} size={trendSize} action={toggle}>
          <GuaranteeIssueTrend data={data} period={period} />
        </FigureCard>
      ) : (
        <EmptyCard title={translate('app.dashboard.issueTrend')} empty="comparison" size={trendSize}>
          {toggle}
        </EmptyCard>
      )}
      {isLoading ? (
        <FigureCard title={translate('app.dashboard.issueSummary')} size={summarySize}>
          <CardLoading />
        </FigureCard>
      ) : data && hasSummary(data) ? (
        <FigureCard title={translate('app.dashboard.issueSummary')} size={summarySize}>
          <GuaranteeIssueSummary data={data} />
        </FigureCard>
      ) : (
        <EmptyCard title={translate('app.dashboard.issueSummary')} size={summarySize} />
      )}
      {isLoading ? (
        <FigureCard title={translate('app.dashboard.salesChannel')} size={channelSize}>
          <CardLoading />
        </FigureCard>
      ) : data && hasChannels(data) ? (
        <FigureCard title={translate('app.dashboard.salesChannel')} size={channelSize}>
          <GuaranteeSalesChannels data={data} />
        </FigureCard>
      ) : (
        <EmptyCard title={translate('app.dashboard.salesChannel')} size={channelSize} />
      )}
    </>
  );
}
