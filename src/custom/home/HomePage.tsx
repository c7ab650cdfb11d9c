import { Alert, Box, Button, Chip, Grid, Stack, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { usePartnership } from '../../authProvider/usePartnership';
import type { SubscriptionState } from '../../domain/plans';
import { displayNameOf, type Partnership } from '../../domain/identity';
import { PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { CustomersCard } from './CustomersCard';
import { EmptyState, HomeCard as Card, Row } from './HomeCard';
import { TodoCard } from './TodoCard';
import { OnboardingChecklist } from './onboarding/OnboardingChecklist';
import { NoticeFeed } from './NoticeFeed';
import { BlogCarousel } from './BlogCarousel';
import { MarketingBanner } from './MarketingBanner';
import { MarketingConsentModal } from './MarketingConsentModal';
import { HOME_WIDE_MIN } from '../../domain/home';

const STATE_COLOR: Record<SubscriptionState, 'success' | 'info' | 'warning' | 'default'> = {
  ENTERPRISE: 'success',
  CHARGED: 'success',
  TRIAL: 'info',
  TRIAL_FINISHED: 'warning',
  CHARGED_PLAN_FINISHED: 'warning',
};

function SubscriptionCard({ partnership }: { partnership: Partnership }) {
  const translate = useTranslate();
  const sub = partnership.subscription;
  // The state and days left the server derived with its clock (GET /v1/admin/partnerships), never the browser's (issue 23 item 11).
  const state = sub ? partnership.subscriptionState : null;
  const left = sub ? partnership.daysLeft : null;
  const active = state === 'ENTERPRISE' || state === 'TRIAL' || state === 'CHARGED';
  return (
    <Card icon={<WorkspacePremiumOutlinedIcon />} title={translate('app.home.subscriptionTitle')} id="home-subscription">
      {!sub || !state ? (
        <Stack spacing={2}>
          <EmptyState text={translate('app.home.noSubscription')} />
        </Stack>
      ) : (
        <Box>
          <Row label={translate('app.home.state')} value={<Chip size="small" color={STATE_COLOR[state]} label={translate(`app.subscriptionState.${state}`)} />} />
          <Row label={translate('app.home.plan')} value={sub.planName || sub.planGroup} />
          {active && (
            <Row
              label={translate('app.home.daysLeft')}
              value={left === null || state === 'ENTERPRISE' ? translate('app.home.unlimited') : left === 0 ? translate('app.home.endsTomorrow') : translate('app.home.days', { days: left })}
            />
          )}
        </Box>
      )}
      {partnership.parentIdx === partnership.idx && (!active || state === 'TRIAL') && (
        <Button component={Link} to="/b2b/payment/subscribe" variant={active ? 'outlined' : 'contained'} disableElevation size="small" sx={{ mt: 2 }}>
          {translate('app.home.viewPlans')}
        </Button>
      )}
    </Card>
  );
}

/**
 * /b2b/home (spec 1 section 2.5): greeting, the onboarding checklist (a brand's main account), then
 * the subscription, to-do and customer cards, the marketing banner (not for partners) and the blog
 * carousel, with the notice feed beside them from 1501 px (below it under them), and the
 * marketing-consent modal.
 */
export function HomePage() {
  const translate = useTranslate();
  const { partnership } = usePartnership();
  if (!partnership) return <PageLoading />;
  const name = displayNameOf(partnership) || partnership.email;
  return (
    <PageShell title={translate('app.home.greeting', { name })} maxWidth={1680}>
      <Typography variant="body2" color="text.secondary" sx={{ mt: -2, mb: 3 }}>
        {translate('app.home.subtitle')}
      </Typography>
      {partnership.isIncomplete && (
        <Alert
          severity="warning"
          sx={{ mb: 3, borderRadius: 2, alignItems: 'center' }}
          action={
            <Button component={Link} to={partnership.parentIdx === partnership.idx ? '/setting/brand' : '/setting/profile'} size="small" color="inherit">
              {translate('app.home.completeProfile')}
            </Button>
          }
        >
          {translate('app.home.incomplete')}
        </Alert>
      )}
      <OnboardingChecklist partnership={partnership} />
      <Box
        data-testid="home-layout"
        sx={{
          display: 'grid', gap: { xs: 2, sm: 3 }, gridTemplateColumns: 'minmax(0, 1fr)',
          [`@media (min-width: ${HOME_WIDE_MIN}px)`]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(320px, 400px)' },
        }}
      >
        <Stack spacing={{ xs: 2, sm: 3 }} sx={{ minWidth: 0 }}>
          <Grid container spacing={{ xs: 2, sm: 3 }}>
            <Grid size={{ xs: 12, md: 4 }}>
              <SubscriptionCard partnership={partnership} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TodoCard partnership={partnership} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <CustomersCard partnership={partnership} />
            </Grid>
          </Grid>
          <MarketingBanner partnership={partnership} />
          <BlogCarousel />
        </Stack>
        <Box sx={{ minWidth: 0 }}>
          <NoticeFeed />
        </Box>
      </Box>
      <MarketingConsentModal partnership={partnership} />
    </PageShell>
  );
}

export default HomePage;
