import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PageShell } from '../../framework/ui';
import type { Platform } from '../../domain/integrations';
import { connectionKey, interworkApi } from './api';

function PlatformCard({ platform, to }: { platform: Platform; to: string }) {
  const translate = useTranslate();
  const state = useQuery({ queryKey: connectionKey(platform), queryFn: ({ signal }) => interworkApi.state(platform, signal), retry: false });
  const s = state.data;
  const label = !s ? '' : !s.connected ? translate('interwork.notConnected') : s.status === 'RECONNECT' ? translate('interwork.needsReconnect') : translate('interwork.connected');
  return (
    <Paper component="section" variant="outlined" aria-labelledby={`card-${platform}`} sx={{ p: 3, borderRadius: 3, flex: 1, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id={`card-${platform}`} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>{translate(`interwork.${platform}Name`)}</Typography>
        {s ? <Chip size="small" label={label} color={s.connected ? (s.status === 'RECONNECT' ? 'warning' : 'success') : 'default'} /> : null}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate(`interwork.${platform}Help`)}</Typography>
      <Button variant="contained" component={RouterLink} to={to}>{translate('interwork.manage')}</Button>
    </Paper>
  );
}

/** /b2b/interwork: the shop platforms and whether each is connected (issue 28). */
export function InterworkOverviewPage() {
  return (
    <PageShell titleKey="interwork.title">
      <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2 }}>
        <PlatformCard platform="cafe24" to="/b2b/interwork/cafe24" />
        <PlatformCard platform="naver" to="/b2b/interwork/naver" />
      </Box>
    </PageShell>
  );
}

export default InterworkOverviewPage;
