import { Box, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { hasLiveData, DashboardFrame, EmptyCard, FigureCard } from './parts';
import { SAMPLE_CHANNEL_FIGURES } from './sampleData';
import { ScrollRegion } from '../framework/ScrollRegion';

/**
 * The channel dashboard's figures (spec 1 "Waiting statistics" and "Event statistics"): the
 * accumulated and today's counts, the selected event's statistics, the entry, hourly and revisit
 * series (label → count) and the revisit detail rows.
 */
export interface ChannelFigures {
  accumulation: { visitor: number; agreeMarketing: number; revisit: number };
  today: { waiting: number; enter: number; cancel: number };
  event: { name: string; request: number; enter: number; agreeMarketing: number; revisit: number };
  entryTrend: Record<string, number>;
  hourly: Record<string, number>;
  revisitTrend: Record<string, number>;
  revisitInfo: { idx: number; name: string; count: number; revisitCount: number; startAt: string; endAt: string }[];
}

/** The revisit detail table shows 5 rows per page (spec 1 section 2.6). */
export const REVISIT_ROWS = 5;
const THIRD = { xs: 12, sm: 4 };
const HALF = { xs: 12, md: 6 };

function Figures({ rows }: { rows: { label: string; value: string }[] }) {
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: `repeat(${rows.length}, 1fr)`, gap: 1 }}>
      {rows.map((r) => (
        <Box key={r.label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {r.label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 700 }}>
            {r.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** A label → count series as horizontal bars. */
function Bars({ series }: { series: Record<string, number> }) {
  const rows = Object.entries(series);
  const max = Math.max(1, ...rows.map(([, n]) => n));
  return (
    <Stack spacing={0.75}>
      {rows.map(([label, n]) => (
        <Box key={label} sx={{ display: 'grid', gridTemplateColumns: '56px 1fr 40px', alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Box sx={{ height: 10, borderRadius: 1, bgcolor: 'primary.main', width: `${(n / max) * 100}%` }} />
          <Typography variant="caption" sx={{ textAlign: 'right' }}>
            {n.toLocaleString('ko-KR')}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}

function ChannelCards({ data }: { data: ChannelFigures }) {
  const translate = useTranslate();
  const people = (n: number) => translate('app.dashboard.people', { count: n.toLocaleString('ko-KR') });
  const single = (titleKey: string, n: number) => (
    <FigureCard key={titleKey} title={translate(titleKey)} size={THIRD}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
        {people(n)}
      </Typography>
    </FigureCard>
  );
  return (
    <>
      {single('app.dashboard.accumulatedVisitors', data.accumulation.visitor)}
      {single('app.dashboard.marketingConsents', data.accumulation.agreeMarketing)}
      {single('app.dashboard.revisits', data.accumulation.revisit)}
      <FigureCard title={translate('app.dashboard.todayEntry')} size={HALF}>
        <Figures
          rows={[
            { label: translate('app.dashboard.entryWaiting'), value: people(data.today.waiting) },
            { label: translate('app.dashboard.entryEntered'), value: people(data.today.enter) },
            { label: translate('app.dashboard.entryCancelled'), value: people(data.today.cancel) },
          ]}
        />
      </FigureCard>
      <FigureCard title={translate('app.dashboard.entryStats')} size={HALF}>
        <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
          {data.event.name}
        </Typography>
        <Figures
          rows={[
            { label: translate('app.dashboard.statRequest'), value: people(data.event.request) },
            { label: translate('app.dashboard.entryEntered'), value: people(data.event.enter) },
            { label: translate('app.dashboard.marketingConsents'), value: people(data.event.agreeMarketing) },
            { label: translate('app.dashboard.revisits'), value: people(data.event.revisit) },
          ]}
        />
      </FigureCard>
      <FigureCard title={translate('app.dashboard.entryTrend')} size={HALF}>
        <Bars series={data.entryTrend} />
      </FigureCard>
      <FigureCard title={translate('app.dashboard.hourlyStatus')} size={HALF}>
        <Bars series={data.hourly} />
      </FigureCard>
      <FigureCard title={translate('app.dashboard.revisitTrend')} size={HALF}>
        <Bars series={data.revisitTrend} />
      </FigureCard>
      <FigureCard title={translate('app.dashboard.revisitDetail')} size={HALF}>
        <ScrollRegion>
          <Table size="small" aria-label={translate('app.dashboard.revisitDetail')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.dashboard.eventName')}</TableCell>
                <TableCell align="right">{translate('app.dashboard.visits')}</TableCell>
                <TableCell align="right">{translate('app.dashboard.revisits')}</TableCell>
                <TableCell>{translate('app.dashboard.eventPeriod')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.revisitInfo.slice(0, REVISIT_ROWS).map((r) => (
                <TableRow key={r.idx}>
                  <TableCell>{r.name}</TableCell>
                  <TableCell align="right">{r.count.toLocaleString('ko-KR')}</TableCell>
                  <TableCell align="right">{r.revisitCount.toLocaleString('ko-KR')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{`${r.startAt} ~ ${r.endAt}`}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollRegion>
      </FigureCard>
    </>
  );
}

/** The channel dashboard's cards while no waiting statistics exist for the account: the spec's empty texts. */
const EMPTY_CARDS: { titleKey: string; empty?: 'comparison'; size?: Record<string, number> }[] = [
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

/**
 * /b2b/dashboard/channel: waiting and revisit statistics. A non-subscriber sees the sample figures
 * (sampleData.ts), dimmed; a subscriber sees the empty cards until the waiting statistics exist
 * (the waiting/entry service is not built yet, so there is nothing of theirs to show).
 */
export function ChannelDashboard() {
  const translate = useTranslate();
  return (
    <DashboardFrame titleKey="app.dashboard.channelTitle" sampleKey="app.dashboard.samplePro">
      {(p) =>
        hasLiveData(p) ? (
          EMPTY_CARDS.map((c) => <EmptyCard key={c.titleKey} title={translate(c.titleKey)} empty={c.empty} size={c.size} />)
        ) : (
          <ChannelCards data={SAMPLE_CHANNEL_FIGURES} />
        )
      }
    </DashboardFrame>
  );
}

export default ChannelDashboard;
