import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { GuaranteeDashboard, Period } from './guaranteeDashboardApi';
import { bucket, formatRate, rateColor } from './guaranteeFigures';

/** Points of the trend (spec 1 section 9: weekly 7, monthly 4). */
const TREND_POINTS: Record<Period, number> = { WEEK: 7, MONTH: 4 };
/** Read by screen readers only (sx numbers like width: 1 would mean 100%). */
const SR_ONLY = { position: 'absolute', width: '1px', height: '1px', m: '-1px', p: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/** This period's issues against the last one's, as paired bars, with the total, rate and daily average. */
export function GuaranteeIssueTrend({ data, period }: { data: GuaranteeDashboard; period: Period }) {
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
