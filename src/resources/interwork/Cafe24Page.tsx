import { Alert, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { PageShell, Section } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { connectionKey, interworkApi } from './api';
import { ConnectionPanel } from './ConnectionPanel';

/** /b2b/interwork/cafe24: the Cafe24 mall's connection, settings, orders and leave reason (issue 28). */
export function Cafe24Page() {
  const translate = useTranslate();
  const state = useQuery({ queryKey: connectionKey('cafe24'), queryFn: ({ signal }) => interworkApi.state('cafe24', signal), retry: false });
  if (state.isPending) return <PageLoading />;
  const s = state.data;
  return (
    <PageShell titleKey="interwork.cafe24Title" maxWidth={1080}>
      {s?.connected ? <ConnectionPanel conn={s} /> : (
        <Section title={translate('interwork.notConnected')} id="cafe24-how">
          <Typography sx={{ mb: 1 }}>{translate('interwork.cafe24HowTo')}</Typography>
          {s && s.leaveReason ? <Alert severity="info">{translate('interwork.lastLeave', { reason: s.leaveReason === 'APP_REMOVED' ? translate('interwork.appRemoved') : s.leaveReason })}</Alert> : null}
        </Section>
      )}
    </PageShell>
  );
}

export default Cafe24Page;
