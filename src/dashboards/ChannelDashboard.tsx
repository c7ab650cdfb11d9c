import { useState, type ReactNode } from 'react';
import { Box, Button, FormControl, InputLabel, MenuItem, Pagination, Select, Stack, Table, TableBody, TableCell, TableHead, TableRow, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../providers/http';
import { waitingResource } from '../domain/resources/waiting';
import type { WaitingEventStatus } from '../domain/waiting';
import { statusAction } from '../resources/waiting/WaitingList';
import { CardLoading } from './CardLoading';
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

/** What the live dashboard adds around the figures: the event picker and its button, the weekday picker, the revisit pages. */
interface ChannelControls {
  eventPicker?: ReactNode;
  weekdayPicker?: ReactNode;
}

function ChannelCards({ data, controls = {} }: { data: ChannelFigures; controls?: ChannelControls }) {
  const translate = useTranslate();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(data.revisitInfo.length / REVISIT_ROWS));
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
        {controls.eventPicker ?? (
          <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
            {data.event.name}
          </Typography>
        )}
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
        {controls.weekdayPicker}
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
              {data.revisitInfo.slice((page - 1) * REVISIT_ROWS, page * REVISIT_ROWS).map((r) => (
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
        {pages > 1 && <Pagination sx={{ mt: 1 }} size="small" count={pages} page={page} onChange={(_, p) => setPage(p)} />}
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

/** GET /v1/statistics (statistics base, server/modules/waiting/statistics.ts). */
interface WaitingStatistics extends Omit<ChannelFigures, 'event'> {
  events: { idx: number; name: string; status: WaitingEventStatus }[];
  event: (ChannelFigures['event'] & { idx: number }) | null;
  weekday: number;
}
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0];
const WEEKDAY_FIELD = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** The subscriber's own figures: the event picker with the status's button, the weekday picker; with no event, the empty cards and 등록. */
function LiveChannel() {
  const translate = useTranslate();
  const [waitingIdx, setWaitingIdx] = useState<number | null>(null);
  const [weekday, setWeekday] = useState<number | null>(null);
  const { data, isPending } = useQuery({
    queryKey: ['waiting-statistics', waitingIdx, weekday],
    queryFn: () => apiRequest<WaitingStatistics>('/v1/statistics', { base: 'statistics', query: { waitingIdx, weekday } }),
    refetchInterval: 3 * 60_000,
  });
  if (isPending) return <CardLoading />;
  if (!data || data.events.length === 0 || !data.event) {
    return (
      <>
        <Box sx={{ width: '100%', display: 'flex', justifyContent: 'flex-end', px: { xs: 2, sm: 3 }, pt: 2 }}>
          <Button variant="contained" disableElevation component={RouterLink} to={`${waitingResource.route}/register`}>{translate('waiting.register')}</Button>
        </Box>
        {EMPTY_CARDS.map((c) => <EmptyCard key={c.titleKey} title={translate(c.titleKey)} empty={c.empty} size={c.size} />)}
      </>
    );
  }
  const chosen = data.events.find((e) => e.idx === data.event!.idx)!;
  const eventPicker = (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
      <FormControl size="small" sx={{ minWidth: 180, flex: 1 }}>
        <InputLabel id="channel-event">{translate('waiting.fields.name')}</InputLabel>
        <Select labelId="channel-event" label={translate('waiting.fields.name')} value={chosen.idx} onChange={(e) => setWaitingIdx(Number(e.target.value))}>
          {data.events.map((e) => <MenuItem key={e.idx} value={e.idx}>{e.name}</MenuItem>)}
        </Select>
      </FormControl>
      <Button size="small" variant="outlined" component={RouterLink} to={statusAction(chosen.status, chosen.idx)}>{translate(`waiting.action.${chosen.status}`)}</Button>
    </Stack>
  );
  const weekdayPicker = (
    <ToggleButtonGroup size="small" exclusive value={data.weekday} onChange={(_, v: number | null) => v !== null && setWeekday(v)} aria-label={translate('app.dashboard.hourlyStatus')} sx={{ mb: 1, flexWrap: 'wrap' }}>
      {WEEKDAYS.map((d) => <ToggleButton key={d} value={d}>{translate(`waiting.fields.${WEEKDAY_FIELD[d]}`).slice(0, 1)}</ToggleButton>)}
    </ToggleButtonGroup>
  );
  return <ChannelCards data={{ ...data, event: data.event }} controls={{ eventPicker, weekdayPicker }} />;
}

/**
 * /b2b/dashboard/channel: waiting and revisit statistics (spec 1 §2.6). A non-subscriber sees the
 * sample figures (sampleData.ts), dimmed, under the Pro banner; a subscriber sees the brand's own
 * from GET /v1/statistics, or the empty cards and the register button while no event exists.
 */
export function ChannelDashboard() {
  return (
    <DashboardFrame titleKey="app.dashboard.channelTitle" sampleKey="app.dashboard.samplePro">
      {(p) => (hasLiveData(p) ? <LiveChannel /> : <ChannelCards data={SAMPLE_CHANNEL_FIGURES} />)}
    </DashboardFrame>
  );
}

export default ChannelDashboard;
