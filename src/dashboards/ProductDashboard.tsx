import { Box, CircularProgress, Link as MuiLink, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { NFT_STATUS_LABELS, REQUEST_ROUTES, type NftDashboardPeriod, type NftStatus } from '../domain/guarantee';
import { checkAccess } from '../domain/access';
import { toAccessContext, type Partnership } from '../domain/identity';
import { apiRequest } from '../providers/http';
import { seoulDate } from '../resources/product/api';
import { clock } from '../providers/session';
import { DashboardFrame, EmptyCard, FigureCard, hasLiveData } from './parts';
import { SAMPLE_GUARANTEE_DASHBOARD, SAMPLE_RECENT_GUARANTEES } from './sampleData';

/** spec 1 "Guarantee dashboard response" (GET /v1/admin/nft/dashboard). Rates are percents, null when the last period had nothing. */
export interface GuaranteeDashboard {
  issuedGraph: { totalCount: number; rate: number | null; averageCount: number; current: Record<string, number>; last: Record<string, number> };
  issueStatusCount: Record<'1' | '3' | '9', { count: number; lastCount: number; rate: number | null }>;
  totalPrice: { price: number; lastPrice: number; rate: number | null };
  issuedFrom: { counts: Record<string, number>; most: string | null; lastMost: string | null };
}

/** The week/month selector and the API's dateType (7 days; a month is 30 days, shown as 4 points). */
export const DASHBOARD_PERIODS = { WEEK: '7d', MONTH: '1m' } as const satisfies Record<string, NftDashboardPeriod>;
type Period = keyof typeof DASHBOARD_PERIODS;
/** Points of the trend (spec 1 section 9: weekly 7, monthly 4). */
const TREND_POINTS: Record<Period, number> = { WEEK: 7, MONTH: 4 };
/** The summary's statuses and the history filter each links to (spec 1 section 4). */
export const DASHBOARD_STATUSES = [1, 3, 9] as const satisfies readonly NftStatus[];
/** Channels shown by name; the rest are summed as 기타 (spec 1 section 9). */
const TOP_CHANNELS = 5;

/** The guarantee figures for b2b accounts with live data and the guarantee feature; dashboard errors are only logged. */
function guaranteeFiguresFor(p: Partnership): boolean {
  return p.adminType === 'b2b' && hasLiveData(p) && checkAccess(toAccessContext(p), { feature: 'GUARANTEE' }, new Date(clock.now())) === null;
}

function useGuaranteeDashboard(p: Partnership, period: Period) {
  const enabled = guaranteeFiguresFor(p);
  return useQuery({
    queryKey: ['dashboard', 'guarantee', period],
    queryFn: () =>
      apiRequest<GuaranteeDashboard>('/v1/admin/nft/dashboard', { query: { dateType: DASHBOARD_PERIODS[period], nftType: 'GUARANTEE' } }).catch((err: unknown) => {
        console.warn('guarantee dashboard not loaded', err);
        return null;
      }),
    enabled,
    retry: false,
  });
}

/** '+12.5%', '-3%', '0%'; '-' when there is nothing to compare with. */
export function formatRate(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || Number.isNaN(rate)) return '-';
  return `${rate > 0 ? '+' : ''}${rate.toLocaleString('ko-KR', { maximumFractionDigits: 1 })}%`;
}
/** Read by screen readers only (sx numbers like width: 1 would mean 100%). */
const SR_ONLY = { position: 'absolute', width: '1px', height: '1px', m: '-1px', p: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
const won = (n: number) => `${n.toLocaleString('ko-KR')}원`;
const rateColor = (rate: number | null) => (rate === null || rate === 0 ? 'text.secondary' : rate > 0 ? 'success.main' : 'error.main');

/** A date→count map as `points` consecutive buckets in date order (a 30-day month becomes 4 points). */
export function bucket(map: Record<string, number>, points: number): { label: string; count: number }[] {
  const days = Object.keys(map).sort();
  if (days.length <= points) return days.map((d) => ({ label: d.slice(5), count: map[d] ?? 0 }));
  const out: { label: string; count: number }[] = [];
  for (let i = 0; i < points; i++) {
    const from = Math.floor((i * days.length) / points);
    const to = Math.floor(((i + 1) * days.length) / points);
    const slice = days.slice(from, to);
    out.push({ label: `${slice[0]!.slice(5)}~`, count: slice.reduce((a, d) => a + (map[d] ?? 0), 0) });
  }
  return out;
}

/** Channel rows: the top five by count, the rest summed as other. */
export function channelRows(counts: Record<string, number>): { key: string; count: number }[] {
  const sorted = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const top = sorted.slice(0, TOP_CHANNELS).map(([key, count]) => ({ key, count }));
  const rest = sorted.slice(TOP_CHANNELS).reduce((a, [, n]) => a + n, 0);
  return rest > 0 ? [...top, { key: 'other', count: rest }] : top;
}

function Loading() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }} role="status">
      <CircularProgress size={28} aria-label={translate('template.dashboard.loading')} />
    </Box>
  );
}

function IssueTrend({ data, period }: { data: GuaranteeDashboard; period: Period }) {
  const translate = useTranslate();
  const g = data.issuedGraph;
  const current = bucket(g.current, TREND_POINTS[period]);
  const last = bucket(g.last, TREND_POINTS[period]);
  const max = Math.max(1, ...current.map((p) => p.count), ...last.map((p) => p.count));
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 0.5, alignItems: 'baseline' }}>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {translate('template.dashboard.totalIssued', { count: g.totalCount.toLocaleString('ko-KR') })}
        </Typography>
        <Typography variant="body2" sx={{ color: rateColor(g.rate) }}>
          {translate('template.dashboard.rate', { rate: formatRate(g.rate) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('template.dashboard.average', { count: g.averageCount.toLocaleString('ko-KR') })}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={2} aria-hidden>
        <Legend color="primary.main" label={translate('template.dashboard.thisPeriod')} />
        <Legend color="grey.400" label={translate('template.dashboard.lastPeriod')} />
      </Stack>
      <Box component="ol" aria-label={translate('template.dashboard.graphLabel')} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {current.map((p, i) => (
          <Box component="li" key={p.label} sx={{ position: 'relative', display: 'grid', gridTemplateColumns: '64px 1fr 48px', alignItems: 'center', gap: 1 }}>
            <Typography variant="caption" color="text.secondary">
              {p.label}
            </Typography>
            <Box>
              <Box sx={{ height: 10, borderRadius: 1, bgcolor: 'primary.main', width: `${(p.count / max) * 100}%`, minWidth: p.count ? 4 : 0 }} />
              <Box sx={{ height: 6, mt: 0.25, borderRadius: 1, bgcolor: 'grey.400', width: `${((last[i]?.count ?? 0) / max) * 100}%`, minWidth: last[i]?.count ? 4 : 0 }} />
            </Box>
            <Typography variant="caption" sx={{ textAlign: 'right' }} title={translate('template.dashboard.lastCount', { count: last[i]?.count ?? 0 })}>
              {translate('template.dashboard.count', { count: p.count.toLocaleString('ko-KR') })}
              <Box component="span" sx={SR_ONLY}>
                {` (${translate('template.dashboard.lastCount', { count: last[i]?.count ?? 0 })})`}
              </Box>
            </Typography>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <Stack direction="row" spacing={0.5} alignItems="center">
      <Box sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: color }} />
      <Typography variant="caption">{label}</Typography>
    </Stack>
  );
}

function IssueSummary({ data }: { data: GuaranteeDashboard }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1.5}>
      {DASHBOARD_STATUSES.map((code) => {
        const s = data.issueStatusCount[String(code) as '1' | '3' | '9'] ?? { count: 0, lastCount: 0, rate: null };
        const label = NFT_STATUS_LABELS[code];
        return (
          <MuiLink
            key={code}
            component={Link}
            to={`/b2b/guarantee?nftStatus=${code}`}
            underline="none"
            color="inherit"
            aria-label={translate('template.dashboard.statusLink', { label, count: s.count.toLocaleString('ko-KR') })}
            sx={{ display: 'block', p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider', '&:hover, &:focus-visible': { bgcolor: 'action.hover' } }}
          >
            <Stack direction="row" justifyContent="space-between" alignItems="baseline" spacing={1}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
                {translate('template.dashboard.count', { count: s.count.toLocaleString('ko-KR') })}
              </Typography>
            </Stack>
            <Stack direction="row" justifyContent="space-between" spacing={1}>
              <Typography variant="caption" color="text.secondary">
                {translate('template.dashboard.lastCount', { count: s.lastCount.toLocaleString('ko-KR') })}
              </Typography>
              <Typography variant="caption" sx={{ color: rateColor(s.rate) }}>
                {formatRate(s.rate)}
              </Typography>
            </Stack>
          </MuiLink>
        );
      })}
      <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'grey.50' }} data-testid="dashboard-total-price">
        <Stack direction="row" justifyContent="space-between" alignItems="baseline" spacing={1}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate('app.dashboard.totalAmount')}
          </Typography>
          <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
            {won(data.totalPrice.price)}
          </Typography>
        </Stack>
        <Stack direction="row" justifyContent="space-between" spacing={1}>
          <Typography variant="caption" color="text.secondary">
            {translate('template.dashboard.lastPrice', { price: won(data.totalPrice.lastPrice) })}
          </Typography>
          <Typography variant="caption" sx={{ color: rateColor(data.totalPrice.rate) }}>
            {formatRate(data.totalPrice.rate)}
          </Typography>
        </Stack>
      </Box>
    </Stack>
  );
}

function SalesChannels({ data }: { data: GuaranteeDashboard }) {
  const translate = useTranslate();
  const labelOf = (key: string | null) =>
    key === null ? translate('template.dashboard.none') : key === 'other' ? translate('template.dashboard.other') : ((REQUEST_ROUTES as Record<string, string>)[key] ?? key);
  const rows = channelRows(data.issuedFrom.counts);
  const total = rows.reduce((a, r) => a + r.count, 0) || 1;
  return (
    <Stack spacing={1.5}>
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 700 }}>
          {translate('template.dashboard.most', { label: labelOf(data.issuedFrom.most) })}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate('template.dashboard.lastMost', { label: labelOf(data.issuedFrom.lastMost) })}
        </Typography>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }} aria-label={translate('app.dashboard.salesChannel')}>
        {rows.map((r) => (
          <Box component="li" key={r.key} aria-label={translate('template.dashboard.channelRow', { label: labelOf(r.key), count: r.count.toLocaleString('ko-KR') })}>
            <Stack direction="row" justifyContent="space-between" spacing={1}>
              <Typography variant="body2">{labelOf(r.key)}</Typography>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {translate('template.dashboard.count', { count: r.count.toLocaleString('ko-KR') })}
              </Typography>
            </Stack>
            <Box sx={{ height: 6, borderRadius: 1, bgcolor: 'grey.200' }}>
              <Box sx={{ height: 6, borderRadius: 1, bgcolor: 'primary.main', width: `${(r.count / total) * 100}%` }} />
            </Box>
          </Box>
        ))}
      </Box>
    </Stack>
  );
}

/** A row of the recent-guarantee card (the list row of GET /v1/admin/nft). */
export interface RecentGuarantee {
  idx: number;
  nftNumber: string;
  nftStatus: number;
  ordererName: string;
  productName: string | null;
  createdAt: string;
}
/** Rows of the recent-guarantee card. */
export const RECENT_GUARANTEES = 5;

function useRecentGuarantees(p: Partnership) {
  return useQuery({
    queryKey: ['dashboard', 'guarantee', 'recent'],
    queryFn: () =>
      apiRequest<{ list: RecentGuarantee[] }>('/v1/admin/nft', { query: { page: 1, pageSize: 10, nftType: 'GUARANTEE', sort: 'createdAt,DESC' } })
        .then((r) => (r?.list ?? []).slice(0, RECENT_GUARANTEES))
        .catch((err: unknown) => {
          console.warn('recent guarantees not loaded', err);
          return [];
        }),
    enabled: guaranteeFiguresFor(p),
    retry: false,
  });
}

function RecentGuarantees({ partnership }: { partnership: Partnership }) {
  const translate = useTranslate();
  const recent = useRecentGuarantees(partnership);
  const data = hasLiveData(partnership) ? recent.data : SAMPLE_RECENT_GUARANTEES;
  const isLoading = recent.isLoading;
  const title = translate('app.dashboard.recentGuarantee');
  if (isLoading)
    return (
      <FigureCard title={title} size={{ xs: 12 }}>
        <Loading />
      </FigureCard>
    );
  if (!data?.length) return <EmptyCard title={title} empty="issuance" size={{ xs: 12 }} />;
  return (
    <FigureCard
      title={title}
      size={{ xs: 12 }}
      action={
        <MuiLink component={Link} to="/b2b/guarantee" variant="body2" sx={{ display: 'inline-block', mb: 1 }}>
          {translate('template.dashboard.allGuarantees')}
        </MuiLink>
      }
    >
      <Box component="ul" aria-label={title} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {data.map((g) => (
          <Box component="li" key={g.idx} sx={{ borderTop: 1, borderColor: 'divider' }}>
            <MuiLink
              component={Link}
              to={`/b2b/guarantee/${g.idx}`}
              underline="none"
              color="inherit"
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr auto', sm: '160px 1fr auto auto' }, columnGap: 2, rowGap: 0.25, py: 1, px: 0.5, alignItems: 'center', '&:hover, &:focus-visible': { bgcolor: 'action.hover' } }}
            >
              <Typography variant="body2" sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                {g.nftNumber}
              </Typography>
              <Typography variant="body2" sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, gridRow: { xs: 2, sm: 'auto' }, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {g.ordererName} · {g.productName ?? ''}
              </Typography>
              <Typography variant="caption" sx={{ fontWeight: 600 }}>
                {NFT_STATUS_LABELS[g.nftStatus as NftStatus] ?? g.nftStatus}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                {seoulDate(g.createdAt)}
              </Typography>
            </MuiLink>
          </Box>
        ))}
      </Box>
    </FigureCard>
  );
}

const hasTrend = (d: GuaranteeDashboard) => Object.values(d.issuedGraph.current).some((n) => n > 0) || Object.values(d.issuedGraph.last).some((n) => n > 0);
const hasSummary = (d: GuaranteeDashboard) =>
  Object.values(d.issueStatusCount).some((s) => s.count > 0 || s.lastCount > 0) || d.totalPrice.price > 0 || d.totalPrice.lastPrice > 0;
const hasChannels = (d: GuaranteeDashboard) => Object.values(d.issuedFrom.counts).some((n) => n > 0);

/** The b2b guarantee cards: issue trend, summary and sales channels, each an empty card without data. */
function GuaranteeCards({ partnership }: { partnership: Partnership }) {
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
          <Loading />
        </FigureCard>
      ) : data && hasTrend(data) ? (
        <FigureCard title={translate('app.dashboard.issueTrend')} size={trendSize} action={toggle}>
          <IssueTrend data={data} period={period} />
        </FigureCard>
      ) : (
        <EmptyCard title={translate('app.dashboard.issueTrend')} empty="comparison" size={trendSize}>
          {toggle}
        </EmptyCard>
      )}
      {isLoading ? (
        <FigureCard title={translate('app.dashboard.issueSummary')} size={summarySize}>
          <Loading />
        </FigureCard>
      ) : data && hasSummary(data) ? (
        <FigureCard title={translate('app.dashboard.issueSummary')} size={summarySize}>
          <IssueSummary data={data} />
        </FigureCard>
      ) : (
        <EmptyCard title={translate('app.dashboard.issueSummary')} size={summarySize} />
      )}
      {isLoading ? (
        <FigureCard title={translate('app.dashboard.salesChannel')} size={channelSize}>
          <Loading />
        </FigureCard>
      ) : data && hasChannels(data) ? (
        <FigureCard title={translate('app.dashboard.salesChannel')} size={channelSize}>
          <SalesChannels data={data} />
        </FigureCard>
      ) : (
        <EmptyCard title={translate('app.dashboard.salesChannel')} size={channelSize} />
      )}
    </>
  );
}

/**
 * /b2b/dashboard, the product (item) tab. Repairers and launderers see only their A/S or laundry card;
 * b2b accounts see the guarantee figures (GET /v1/admin/nft/dashboard), empty cards without data,
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
            </>
          )}
        </>
      )}
    </DashboardFrame>
  );
}

export default ProductDashboard;
