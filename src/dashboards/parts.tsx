import type { ReactNode } from 'react';
import { Alert, Box, Button, Grid, Paper, Typography } from '@mui/material';
import InsertChartOutlinedIcon from '@mui/icons-material/InsertChartOutlined';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { DashboardTabs } from '../layout/DashboardTabs';
import { usePartnership } from '../authProvider/usePartnership';
import type { Partnership } from '../domain/identity';
import { isSubscribed } from '../domain/access';
import { PageShell } from '../framework/ui';
import { PageLoading } from '../framework/PageStates';

/** Repairer and launderer consoles are fixed and have no subscription; b2b needs an active one. */
export function hasLiveData(p: Partnership): boolean {
  return p.adminType !== 'b2b' || isSubscribed(p);
}

/** A dashboard card whose data is not available yet: the spec's empty texts, never invented numbers. */
export function EmptyCard({ title, empty = 'analysis', size = { xs: 12, md: 6 }, children }: { title: string; empty?: 'analysis' | 'comparison' | 'issuance'; size?: Record<string, number>; children?: ReactNode }) {
  const translate = useTranslate();
  const text = translate(empty === 'comparison' ? 'app.dashboard.noComparisonData' : empty === 'issuance' ? 'app.dashboard.noIssuance' : 'app.dashboard.noAnalysisData');
  return (
    <Grid size={size}>
      <Paper component="section" variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, height: '100%', boxSizing: 'border-box', minHeight: 180, display: 'flex', flexDirection: 'column' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 2 }}>
          {title}
        </Typography>
        {children}
        <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', color: 'text.secondary', gap: 1, py: 2 }}>
          <InsertChartOutlinedIcon sx={{ fontSize: 36, opacity: 0.5 }} aria-hidden />
          <Typography variant="body2">{text}</Typography>
        </Box>
      </Paper>
    </Grid>
  );
}

/** The sample banner for non-subscribers (spec 1 section 2.6); the cards below are dimmed. */
export function SampleBanner({ textKey }: { textKey: string }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="info"
      sx={{ mb: 3, borderRadius: 2, alignItems: 'center', '& .MuiAlert-message': { flex: 1 } }}
      action={
        <Button component={Link} to="/b2b/payment/subscribe" variant="contained" size="small" disableElevation color="primary">
          {translate('app.dashboard.subscribe')}
        </Button>
      }
    >
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {translate(textKey)}
      </Typography>
      <Typography variant="caption">{translate('app.dashboard.sampleNote')}</Typography>
    </Alert>
  );
}

/** Tabs, title, the sample banner when not subscribed, and the cards (dimmed for samples). */
export function DashboardFrame({ titleKey, sampleKey, children }: { titleKey: string; sampleKey: string; children: (p: Partnership) => ReactNode }) {
  const { partnership } = usePartnership();
  if (!partnership) return <PageLoading />;
  const live = hasLiveData(partnership);
  return (
    <>
      <DashboardTabs />
      <PageShell titleKey={titleKey} maxWidth={1400}>
        {!live && <SampleBanner textKey={sampleKey} />}
        <Box sx={live ? undefined : { opacity: 0.45, pointerEvents: 'none', userSelect: 'none' }} aria-hidden={live ? undefined : true} inert={!live}>
          <Grid container spacing={{ xs: 2, sm: 3 }}>
            {children(partnership)}
          </Grid>
        </Box>
      </PageShell>
    </>
  );
}

/** A dashboard card with figures: its heading names the region; `action` sits above the figures. */
export function FigureCard({ title, size, children, action }: { title: string; size: Record<string, number>; children: ReactNode; action?: ReactNode }) {
  return (
    <Grid size={size}>
      <Paper component="section" variant="outlined" aria-label={title} sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3, height: '100%', boxSizing: 'border-box', minHeight: 180 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 2 }}>
          {title}
        </Typography>
        {action}
        {children}
      </Paper>
    </Grid>
  );
}
