import { useMemo, useState } from 'react';
import { Box, Stack, Tab, Tabs } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SaveButton, TextInput, useNotify, useTranslate } from 'react-admin';
import { Form } from '../../../framework/Form';
import type { FieldValues } from 'react-hook-form';
import { AS_TYPES, AS_RULES, asInfoSchema, type AsType } from '../../../domain/afterService';
import { checkAccess } from '../../../domain/access';
import { toAccessContext } from '../../../domain/identity';
import { usePartnership } from '../../../authProvider/usePartnership';
import { clock } from '../../../providers/session';
import { Section } from '../../../framework/ui';
import { PageLoading } from '../../../framework/PageStates';
import { schemaResolver, submissionErrors } from '../../../framework/formErrors';
import { asInfoKey, asSettingApi } from './api';

/** The kinds whose settings this account may change (a tab each: laundry only where the feature is on). */
export function useSettableTypes(): AsType[] {
  const { partnership } = usePartnership();
  return useMemo(
    () => (partnership ? AS_TYPES.filter((type) => checkAccess(toAccessContext(partnership), AS_RULES.setting(type), new Date(clock.now())) === null) : []),
    [partnership],
  );
}

function InfoForm({ type }: { type: AsType }) {
  const notify = useNotify();
  const client = useQueryClient();
  const info = useQuery({ queryKey: asInfoKey(type), queryFn: ({ signal }) => asSettingApi.info(type, signal), retry: false });
  if (info.isPending) return <PageLoading />;
  const save = async (values: FieldValues) => {
    try {
      client.setQueryData(asInfoKey(type), await asSettingApi.saveInfo(type, asInfoSchema.cast(values, { stripUnknown: true })));
      notify('app.common.saved', { type: 'success' });
    } catch (err) {
      return submissionErrors(err, { present: true });
    }
  };
  return (
    <Form key={type} record={info.data ?? {}} resolver={schemaResolver(asInfoSchema)} onSubmit={save}>
      <Stack spacing={1}>
        <TextInput source="contactPhone" label="afterServiceIntake.setting.contactPhone" />
        <TextInput source="notice" label="afterServiceIntake.setting.notice" multiline minRows={2} />
        <TextInput source="receiveZipCode" label="afterServiceIntake.setting.receiveZipCode" />
        <TextInput source="receiveAddress1" label="afterServiceIntake.setting.receiveAddress1" />
        <TextInput source="receiveAddress2" label="afterServiceIntake.setting.receiveAddress2" />
        <Box>
          <SaveButton label="app.common.save" alwaysEnable />
        </Box>
      </Stack>
    </Form>
  );
}

/** GET/POST /v1/admin/{type}/info: contact, notice and the address items are sent to, per kind. */
export function AsInfoSection() {
  const translate = useTranslate();
  const types = useSettableTypes();
  const [chosen, setChosen] = useState<AsType | null>(null);
  const type = chosen && types.includes(chosen) ? chosen : types[0];
  if (!type) return null;
  return (
    <Section title={translate('afterServiceIntake.setting.infoTitle')} description={translate('afterServiceIntake.setting.infoHelp')} id="as-info">
      {types.length > 1 ? (
        <Tabs value={type} onChange={(_, v: AsType) => setChosen(v)} sx={{ mb: 2 }}>
          {types.map((t) => <Tab key={t} value={t} label={translate(`afterServiceIntake.type.${t}`)} />)}
        </Tabs>
      ) : null}
      <InfoForm type={type} />
    </Section>
  );
}
