import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PasswordInput, SaveButton, TextInput, useNotify, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { Form } from '../../framework/Form';
import { PageShell, Section } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { schemaResolver, submissionErrors } from '../../framework/formErrors';
import { naverSubscribeSchema } from '../../domain/integrations';
import { connectionKey, interworkApi } from './api';

/** /b2b/interwork/naver: connect Naver Commerce with the application's ID and secret, or see the connection (issue 28). */
export function NaverPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const state = useQuery({ queryKey: connectionKey('naver'), queryFn: ({ signal }) => interworkApi.state('naver', signal), retry: false });
  if (state.isPending) return <PageLoading />;
  const s = state.data;
  const subscribe = async (values: FieldValues) => {
    try {
      const next = await interworkApi.subscribeNaver({ clientId: String(values.clientId ?? ''), clientSecret: String(values.clientSecret ?? '') });
      client.setQueryData(connectionKey('naver'), next);
      notify('interwork.naverConnected', { type: 'success' });
    } catch (err) {
      return submissionErrors(err, { present: true });
    }
  };
  return (
    <PageShell titleKey="interwork.naverTitle">
      {s?.connected ? (
        <Section title={translate('interwork.connected')} id="naver-state">
          <Typography sx={{ mb: 2 }}>{translate('interwork.clientId')} {s.mallId}</Typography>
          {s.status === 'RECONNECT' ? <Alert severity="error" sx={{ mb: 2 }}>{translate('interwork.reconnect')}</Alert> : null}
          <Button variant="contained" component={RouterLink} to="/b2b/interwork/naver/detail">{translate('interwork.manage')}</Button>
        </Section>
      ) : (
        <Section title={translate('interwork.naverConnectTitle')} description={translate('interwork.naverHowTo')} id="naver-connect">
          <Form record={{ clientId: '', clientSecret: '' }} resolver={schemaResolver(naverSubscribeSchema)} onSubmit={subscribe}>
            <Stack spacing={1}>
              <TextInput source="clientId" label="interwork.clientIdLabel" autoComplete="off" />
              <PasswordInput source="clientSecret" label="interwork.clientSecretLabel" autoComplete="off" />
              <Box><SaveButton label="interwork.connect" alwaysEnable icon={<span />} /></Box>
            </Stack>
          </Form>
          {s && s.leaveReason ? <Alert severity="info" sx={{ mt: 2 }}>{translate('interwork.lastLeave', { reason: s.leaveReason })}</Alert> : null}
        </Section>
      )}
    </PageShell>
  );
}

export default NaverPage;
