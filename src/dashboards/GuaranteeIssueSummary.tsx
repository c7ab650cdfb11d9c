import { Box, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { NFT_STATUS_LABELS } from '../domain/guarantee';
import type { GuaranteeDashboard } from './guaranteeDashboardApi';
import { DASHBOARD_STATUSES, formatRate, rateColor } from './guaranteeFigures';
import { formatNumber, formatWon } from '../domain/format';


/** The count of each status, linking to the history filtered by it, and the total amount, each against the last period. */
export function GuaranteeIssueSummary({ data }: { data: GuaranteeDashboard }) {
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
            // Named by everything it shows, "발급 대기 2건 지난주 1건 +100%" (a name that leaves out visible text fails WCAG 2.5.3).
            sx={{ display: 'block', p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider', '&:hover, &:focus-visible': { bgcolor: 'action.hover' } }}
          >
            <Stack direction="row" justifyContent="space-between" alignItems="baseline" spacing={1}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {label}
              </Typography>
              <Typography variant="h6" component="span" sx={{ fontWeight: 700 }}>
                {translate('template.dashboard.count', { count: formatNumber(s.count) })}
              </Typography>
            </Stack>
            <Stack direction="row" justifyContent="space-between" spacing={1}>
              <Typography variant="caption" color="text.secondary">
                {translate('template.dashboard.lastCount', { count: formatNumber(s.lastCount) })}
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
            {formatWon(data.totalPrice.price)}
          </Typography>
        </Stack>
        <Stack direction="row" justifyContent="space-between" spacing={1}>
          <Typography variant="caption" color="text.secondary">
            {translate('template.dashboard.lastPrice', { price: formatWon(data.totalPrice.lastPrice) })}
          </Typography>
          <Typography variant="caption" sx={{ color: rateColor(data.totalPrice.rate) }}>
            {formatRate(data.totalPrice.rate)}
          </Typography>
        </Stack>
      </Box>
    </Stack>
  );
}
