import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { PageShell, Section } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { connectionKey, interworkApi } from './api';
import { ConnectionPanel } from './ConnectionPanel';

/** /b2b/interwork/naver/detail: the Naver connection's settings (the delivered-date substitute), orders and leave reason. */
export function NaverDetailPage() {
  const translate = useTranslate();
  const state = useQuery({ queryKey: connectionKey('naver'), queryFn: ({ signal }) => interworkApi.state('naver', signal), retry: false });
  if (state.isPending) return <PageLoading />;
  const s = state.data;
  return (
    <PageShell titleKey="interwork.naverTitle" maxWidth={1080}>
      {s?.connected ? <ConnectionPanel conn={s} /> : (
        <Section title={translate('interwork.notConnected')} id="naver-none">
          <Typography><RouterLink to="/b2b/interwork/naver">{translate('interwork.naverConnectTitle')}</RouterLink></Typography>
        </Section>
      )}
    </PageShell>
  );
}

export default NaverDetailPage;
