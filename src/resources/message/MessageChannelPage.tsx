import { Box, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NumberInput, SaveButton, TextInput, useNotify, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { channelSchema, FREQUENCY_CAP_MAX } from '../../domain/message';
import { Form } from '../../framework/Form';
import { PageShell, Section } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { schemaResolver, submissionErrors } from '../../framework/formErrors';
import { CHANNEL_KEY, messageApi } from './api';

/** /b2b/interwork/message and /b2b/interwork/kakao (issue 25): the sender key, sender number and their states, the 080 line, the contact and the daily cap. */
export function MessageChannelPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const channel = useQuery({ queryKey: CHANNEL_KEY, queryFn: ({ signal }) => messageApi.channel(signal), retry: false });
  if (channel.isPending) return <PageLoading />;
  const c = channel.data;
  const save = async (values: FieldValues) => {
    try {
      client.setQueryData(CHANNEL_KEY, await messageApi.saveChannel(channelSchema.cast(values, { stripUnknown: true })));
      notify('message.channelSaved', { type: 'success' });
    } catch (err) {
      return submissionErrors(err, { present: true });
    }
  };
  return (
    <PageShell titleKey="message.channelTitle">
      <Form record={{ senderKey: c?.senderKey ?? '', senderNumber: c?.senderNumber ?? '', optOutNumber: c?.optOutNumber ?? '', contact: c?.contact ?? '', frequencyCap: c?.frequencyCap ?? 1 }}
        resolver={schemaResolver(channelSchema)} onSubmit={save}>
        <Section title={translate('message.channelSection')} description={translate('message.channelHelp')}>
          <Stack spacing={0.5} sx={{ mb: 1 }}>
            <Typography variant="body2">{translate('message.kakaoState', { state: translate(`message.state.${c?.kakaoState ?? 'NONE'}`) })}</Typography>
            <Typography variant="body2">{translate('message.senderNumberState', { state: translate(`message.state.${c?.senderNumberState ?? 'NONE'}`) })}</Typography>
          </Stack>
          <TextInput source="senderKey" label="message.senderKey" fullWidth />
          <TextInput source="senderNumber" label="message.senderNumber" fullWidth />
          <TextInput source="contact" label="message.contact" fullWidth />
          <TextInput source="optOutNumber" label="message.optOutNumber" fullWidth />
          <NumberInput source="frequencyCap" label="message.frequencyCap" min={1} max={FREQUENCY_CAP_MAX} />
          <Box><SaveButton label="app.common.save" alwaysEnable /></Box>
        </Section>
      </Form>
    </PageShell>
  );
}

export default MessageChannelPage;
