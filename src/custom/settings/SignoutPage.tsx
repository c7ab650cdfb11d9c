import { useRef, useState } from 'react';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { Confirm, PasswordInput, SaveButton, TextInput, useTranslate } from 'react-admin';
import { Form } from '../../framework/Form';
import { withdrawSchema } from '../../domain/validation/account';
import { apiRequest } from '../../providers/http';
import { SIGNED_OUT_PATH } from '../../entry';
import { forgetIdentity } from '../../authProvider';
import { leaveTo } from '../../framework/browser';
import type { FieldValues } from 'react-hook-form';
import { PageShell, Section } from '../../framework/ui';
import { schemaResolver, submissionErrors } from '../../framework/formErrors';

const EMPTY = { password: '', reason: '' };

/** /setting/signout: withdraw the main account after a confirmation, then leave for /signedout. */
export function SignoutPage() {
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const decide = useRef<(ok: boolean) => void>(() => undefined);

  const askConfirmation = () =>
    new Promise<boolean>((resolve) => {
      decide.current = (ok) => {
        setAsking(false);
        resolve(ok);
      };
      setAsking(true);
    });

  return (
    <PageShell titleKey="app.signout.title" maxWidth={720}>
      <Section title={translate('app.signout.sectionTitle')} id="signout">
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('app.signout.intro')}
        </Typography>
        <Alert severity="warning" icon={false} sx={{ mb: 3, borderRadius: 2 }}>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            <li>{translate('app.signout.notice1')}</li>
            <li>{translate('app.signout.notice2')}</li>
            <li>{translate('app.signout.notice3')}</li>
          </Box>
        </Alert>
        <Form
          record={EMPTY}
          resolver={schemaResolver(withdrawSchema)}
         
          onSubmit={async (values: FieldValues) => {
            if (!(await askConfirmation())) return;
            try {
              await apiRequest('/v1/admin/partnerships/withdraw', {
                method: 'POST',
                body: { password: values.password, reason: String(values.reason ?? '').trim() },
              });
              forgetIdentity();
              leaveTo(SIGNED_OUT_PATH);
            } catch (err) {
              return submissionErrors(err, { present: true });
            }
          }}
        >
          <Stack spacing={1} sx={{ maxWidth: 480 }}>
            <PasswordInput source="password" label="app.signout.password" autoComplete="current-password" fullWidth />
            <TextInput source="reason" label="app.signout.reason" placeholder={translate('app.signout.reasonPlaceholder')} multiline minRows={3} fullWidth />
            <Box>
              <SaveButton label="app.signout.submit" icon={<></>} color="error" alwaysEnable />
            </Box>
          </Stack>
        </Form>
      </Section>
      <Confirm
        isOpen={asking}
        title="app.signout.confirmTitle"
        content="app.signout.confirmBody"
        confirm="app.signout.submit"
        cancel="app.common.cancel"
        confirmColor="warning"
        onConfirm={() => decide.current(true)}
        onClose={() => decide.current(false)}
      />
    </PageShell>
  );
}

export default SignoutPage;
