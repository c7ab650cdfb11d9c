import { Box, CircularProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { checkAccess } from '../../domain/access';
import { toAccessContext, type Partnership } from '../../domain/identity';
import { clock } from '../../providers/session';
import { customerApi, type CustomerOverview } from '../../resources/customer/api';
import { OVERVIEW_KEY, overviewPollInterval } from '../../resources/customer/OverviewCard';
import { formatDateTime, formatMetric, formatRatePercent } from '../../resources/customer/format';
import { hasLiveData } from '../../dashboards/parts';
import { SAMPLE_CUSTOMER_OVERVIEW } from '../../dashboards/sampleData';
import { EmptyState, HomeCard, Row, SampleFigures } from './HomeCard';

function Figures({ data }: { data: CustomerOverview }) {
  const translate = useTranslate();
  const people = (n: number) => translate('app.home.count', { count: formatMetric(n) });
  return (
    <Box data-testid="home-customer-figures">
      <Row label={translate('app.home.totalCustomers')} value={people(data.totalCustomers)} />
      <Row label={translate('app.home.totalSignUps')} value={people(data.totalSignUps)} />
      <Row label={translate('app.home.signUpRate')} value={formatRatePercent(data.signUpRate)} />
      <Row label={translate('app.home.marketableCustomers')} value={people(data.totalMarketableCustomers)} />
    </Box>
  );
}

/**
 * 누적 고객 현황 (spec 1 "Customer metrics"): the customer overview, polled every 5 seconds while the
 * server recounts it in the background (the first read of a never-counted account starts the count),
 * sample figures for a non-subscriber, and nothing for an account without the customer feature.
 */
export function CustomersCard({ partnership }: { partnership: Partnership }) {
  const translate = useTranslate();
  const live = hasLiveData(partnership);
  const readsCustomers = live && checkAccess(toAccessContext(partnership), { feature: 'CUSTOMER' }, new Date(clock.now())) === null;
  // The same query as the customer list's card, so the two share the figures and the polling.
  const query = useQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: ({ signal }) => customerApi.overview(signal),
    refetchInterval: (q) => overviewPollInterval(q.state.data),
    enabled: readsCustomers,
    retry: false,
    staleTime: 0,
  });
  if (live && !readsCustomers) return null;
  const title = translate('app.home.customersTitle');
  const icon = <PeopleOutlineIcon />;
  if (!live)
    return (
      <HomeCard icon={icon} title={title} id="home-customers">
        <SampleFigures note={translate('app.dashboard.sampleNote')}>
          <Figures data={SAMPLE_CUSTOMER_OVERVIEW} />
        </SampleFigures>
      </HomeCard>
    );
  const data = query.data;
  const counted = Boolean(data && (data.updatedAt || data.createdAt));
  const when = data?.updatedAt ?? data?.createdAt ?? null;
  return (
    <HomeCard
      icon={icon}
      title={title}
      id="home-customers"
      action={
        <MuiLink component={Link} to="/b2b/customer" variant="body2">
          {translate('app.home.customersLink')}
        </MuiLink>
      }
    >
      {data?.updating && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }} role="status">
          <CircularProgress size={14} aria-hidden />
          <Typography variant="caption" color="text.secondary">
            {translate('customer.overview.updating')}
          </Typography>
        </Stack>
      )}
      {data && counted ? (
        <>
          <Figures data={data} />
          {when && !data.updating && (
            <Typography variant="caption" color="text.secondary">
              {translate('customer.overview.updatedAt', { date: formatDateTime(when) })}
            </Typography>
          )}
        </>
      ) : data?.updating ? null : (
        <EmptyState text={translate(query.isPending ? 'app.common.loading' : query.isError ? 'app.home.customersFailed' : 'app.home.customersEmpty')} />
      )}
    </HomeCard>
  );
}
