import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { REQUEST_ROUTES } from '../domain/guarantee';
import type { GuaranteeDashboard } from './guaranteeDashboardApi';
import { channelRows } from './guaranteeFigures';

/** Where certificates were requested from: the most used channel now and last period, and a bar per channel. */
export function GuaranteeSalesChannels({ data }: { data: GuaranteeDashboard }) {
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
