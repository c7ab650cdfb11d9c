import { useMemo, useState } from 'react';
import { Alert, AlertTitle, TextField } from '@mui/material';
import { useLocation } from 'react-router-dom';
import { PasswordInput, TextInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { changePasswordSchema, profileSchema } from '../../domain/validation/account';
import { apiRequest } from '../../providers/http';
import { forgetIdentity } from '../../authProvider';
import { usePartnership } from '../../authProvider/usePartnership';
import { PageShell, Section } from '../../framework/ui';
import { PhoneInput } from './PhoneInput';
import { SettingsForm } from './SettingsForm';

function ProfileForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { partnership, refetch } = usePartnership();
  const record = useMemo(
    () => (partnership ? { id: partnership.idx, companyName: partnership.companyName ?? '', phoneNum: partnership.phoneNum ?? '' } : undefined),
    [partnership],
  );
  if (!partnership || !record) return null;
  return (
    <SettingsForm
      record={record}
      schema={profileSchema}
      save={async (values) => {
        await dataProvider.update('partnerships', {
          id: partnership.idx,
          data: { companyName: String(values.companyName ?? '').trim(), phoneNum: values.phoneNum },
          previousData: record,
        });
        forgetIdentity();
        await refetch();
        notify('app.profile.saved', { type: 'success' });
      }}
    >
      <TextField label={translate('app.profile.email')} value={partnership.email} disabled fullWidth size="small" sx={{ mb: 2 }} />
      <TextInput source="companyName" label="app.profile.companyName" autoComplete="organization" fullWidth />
      <PhoneInput source="phoneNum" label="app.profile.phoneNum" fullWidth />
    </SettingsForm>
  );
}

const EMPTY_PASSWORDS = { currentPassword: '', password: '', passwordConfirm: '' };

function ChangePasswordForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const [generation, setGeneration] = useState(0);
  return (
    <SettingsForm
      key={generation}
      record={EMPTY_PASSWORDS}
      schema={changePasswordSchema}
      errorOptions={{ present: true }}
      saveLabel="app.profile.changePassword"
      saveIcon={<></>}
      save={async (values) => {
        await apiRequest('/v1/admin/partnerships/password', { method: 'PATCH', body: values });
        notify('app.profile.passwordChanged', { type: 'success' });
        setGeneration((g) => g + 1);
      }}
    >
      <PasswordInput source="currentPassword" label="app.profile.currentPassword" autoComplete="current-password" fullWidth />
      <PasswordInput source="password" label="app.profile.newPassword" autoComplete="new-password" helperText={translate('app.profile.passwordHint')} fullWidth />
      <PasswordInput source="passwordConfirm" label="app.profile.newPasswordConfirm" autoComplete="new-password" fullWidth />
    </SettingsForm>
  );
}

/** /setting/profile and /auth/profile: company name and phone, and the password change. */
export function ProfilePage() {
  const translate = useTranslate();
  // A flagged account arrives here once, sent by the consignment-notice flag (src/framework/consignmentNotice.tsx).
  const location = useLocation();
  return (
    <PageShell titleKey="app.profile.title" maxWidth={720}>
      {(location.state as { consignmentNotice?: boolean } | null)?.consignmentNotice && (
        <Alert severity="info" sx={{ mb: 3, borderRadius: 2 }} role="status">
          <AlertTitle>{translate('homePanels.consignmentTitle')}</AlertTitle>
          {translate('homePanels.consignmentBody')}
        </Alert>
      )}
      <Section title={translate('app.profile.accountInfo')} id="profile-account">
        <ProfileForm />
      </Section>
      <Section title={translate('app.profile.passwordTitle')} id="profile-password">
        <ChangePasswordForm />
      </Section>
    </PageShell>
  );
}

export default ProfilePage;
