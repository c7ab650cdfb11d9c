import { useEffect, useRef } from 'react';
import { Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useTranslate } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { submissionErrors } from '../../framework/formErrors';
import { customerApi, type CustomerOverview, type OverviewFigures } from './api';
import { formatDateTime, formatMetric, formatRatePercent } from './format';

/** spec 3 section 4 / section 9: while the overview is updating it is polled every 5 seconds until done. */
export const OVERVIEW_POLL_MS = 5000;
export const OVERVIEW_KEY = ['customer', 'overview'] as const;

const FIGURES: { key: keyof OverviewFigures; percent?: boolean }[] = [
  { key: 'totalCustomers' },
  { key: 'totalSignUps' },
  { key: 'signUpRate', percent: true },
  { key: 'totalMarketableCustomers' },
];

/** The overview's refetch interval: every 5 s while `updating`, never otherwise. */
export function overviewPollInterval(data: CustomerOverview | null | undefined): number | false {
  return data?.updating ? OVERVIEW_POLL_MS : false;
}

/**
 * 누적 고객 현황 on the customer list (spec 1 "Customer metrics"): the four figures with last week's,
 * 2 decimals, the sign-up rate with %. 새로 집계 starts the recount (POST .../refresh → updating) and
 * the card polls until the server says it is done; an account never counted starts its first count.
 */
export function OverviewCard() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: ({ signal }) => customerApi.overview(signal),
    refetchInterval: (q) => overviewPollInterval(q.state.data),
    retry: false,
    staleTime: 0,
  });
  const refresh = useMutation({
    mutationFn: () => customerApi.refreshOverview(),
    onSuccess: () => {
      queryClient.setQueryData<CustomerOverview>(OVERVIEW_KEY, (old) => (old ? { ...old, updating: true } : old));
      void queryClient.invalidateQueries({ queryKey: OVERVIEW_KEY });
    },
    onError: (err) => void submissionErrors(err, { present: true }),
  });
  const data = query.data;
  // Never computed for this account (no updatedAt) and not running: start the first count once.
  const started = useRef(false);
  const { mutate } = refresh;
  useEffect(() => {
    if (!data || data.updating || data.updatedAt || data.createdAt || started.current) return;
    started.current = true;
    mutate();
  }, [data, mutate]);
  const updating = Boolean(data?.updating) || refresh.isPending;
  const when = data?.updatedAt ?? data?.createdAt ?? null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby="customer-overview-title" sx={{ p: { xs: 2, sm: 3 }, mb: { xs: 2, sm: 3 }, borderRadius: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Box>
          <Typography id="customer-overview-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {translate('customer.overview.title')}
          </Typography>
          {when && !updating && (
            <Typography variant="caption" color="text.secondary">
              {translate('customer.overview.updatedAt', { date: formatDateTime(when) })}
            </Typography>
          )}
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {updating && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={16} aria-hidden />
              <Typography variant="body2" color="text.secondary">
                {translate('customer.overview.updating')}
              </Typography>
            </Stack>
          )}
          <Button size="small" variant="outlined" startIcon={<RefreshIcon />} disabled={updating} onClick={() => refresh.mutate()}>
            {translate('customer.overview.refresh')}
          </Button>
        </Stack>
      </Stack>
      {!data ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
          {query.isPending ? translate('app.common.loading') : translate('customer.overview.empty')}
        </Typography>
      ) : (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
          {FIGURES.map(({ key, percent }) => {
            const format = percent ? formatRatePercent : formatMetric;
            return (
              <Box key={key} data-testid={`overview-${key}`}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {translate(`customer.overview.${key}`)}
                </Typography>
                <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 700 }}>
                  {format(data[key])}
                </Typography>
                <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
                  {translate('customer.overview.lastWeek', { value: format(data.lastWeek?.[key]) })}
                </Typography>
              </Box>
            );
          })}
        </Box>
      )}
    </Paper>
  );
}
