import { useMemo } from 'react';
import { Box, Button, Grid, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { TextInput, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { brandSchema, serviceTermsSchema, SERVICE_TERMS_ROLES, type ServiceTermsRole } from '../../domain/validation/account';
import { forgetIdentity } from '../../authProvider';
import { usePartnership } from '../../authProvider/usePartnership';
import { PageShell, Section } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { PAGE_PRESENTS_ERRORS } from '../../framework/queryClient';
import { SettingsForm } from './SettingsForm';
import { PhoneInput } from './PhoneInput';
import { MembersSection } from './MembersSection';

function BrandNameForm() {
  const notify = useNotify();
  const { partnership, refetch } = usePartnership();
  // 404 means the tenant has no brand yet: the form starts empty and PATCH creates it (no error shown).
  const { data, isPending } = useGetOne('brand', { id: 'brand' }, { retry: false, meta: PAGE_PRESENTS_ERRORS });
  const [update] = useUpdate();
  const record = useMemo(() => ({ id: 'brand', name: (data?.name as string | undefined) ?? partnership?.brand?.name ?? '' }), [data, partnership]);
  if (isPending) return <PageLoading />;
  return (
    <SettingsForm
      record={record}
      schema={brandSchema}
      save={async (values) => {
        await update('brand', { id: 'brand', data: { name: String(values.name ?? '').trim() }, previousData: record }, { returnPromise: true, mutationMode: 'pessimistic' });
        forgetIdentity();
        await refetch();
        notify('app.brand.saved', { type: 'success' });
      }}
    >
      <TextInput source="name" label="app.brand.name" autoComplete="organization" fullWidth />
    </SettingsForm>
  );
}

const EMPTY_CONTACT = { email: '', phone: '', position: '', name: '' };

function emptyTerms(): Record<ServiceTermsRole, typeof EMPTY_CONTACT> {
  return Object.fromEntries(SERVICE_TERMS_ROLES.map((r) => [r, { ...EMPTY_CONTACT }])) as Record<ServiceTermsRole, typeof EMPTY_CONTACT>;
}

/** Which contact fields each role shows (spec 1 section 5). */
const ROLE_FIELDS: Record<ServiceTermsRole, ('email' | 'phone' | 'position' | 'name')[]> = {
  settlement: ['email'],
  report: ['email'],
  as: ['email'],
  privacyOfficer: ['name', 'position', 'email', 'phone'],
  privacyTeam: ['email', 'phone'],
};

const FIELD_LABEL = { email: 'app.brand.contactEmail', phone: 'app.brand.contactPhone', position: 'app.brand.contactPosition', name: 'app.brand.contactName' } as const;

function ServiceTermsForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const { data, isPending } = useGetOne('service-terms', { id: 'service-terms' });
  const [update] = useUpdate();
  const record = useMemo(() => {
    const base = emptyTerms();
    for (const role of SERVICE_TERMS_ROLES) {
      const got = (data as Record<string, Partial<typeof EMPTY_CONTACT>> | undefined)?.[role];
      if (got) base[role] = { ...EMPTY_CONTACT, ...Object.fromEntries(Object.entries(got).map(([k, v]) => [k, v ?? ''])) };
    }
    return { id: 'service-terms', ...base };
  }, [data]);
  if (isPending) return <PageLoading />;
  return (
    <SettingsForm
      record={record}
      schema={serviceTermsSchema}
      spacing={2.5}
      width={{ width: '100%' }}
      save={async (values) => {
        const body = Object.fromEntries(SERVICE_TERMS_ROLES.map((r) => [r, { ...EMPTY_CONTACT, ...(values[r] as object) }]));
        await update('service-terms', { id: 'service-terms', data: body, previousData: record }, { returnPromise: true, mutationMode: 'pessimistic' });
        notify('app.brand.termsSaved', { type: 'success' });
      }}
    >
      {SERVICE_TERMS_ROLES.map((role) => (
        <Box key={role} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" variant="body2" sx={{ fontWeight: 700, mb: 1 }}>
            {translate(`app.brand.role.${role}`)}
          </Typography>
          <Grid container columnSpacing={2}>
            {ROLE_FIELDS[role].map((field) => (
              <Grid key={field} size={{ xs: 12, sm: 6 }}>
                {field === 'phone' ? (
                  <PhoneInput source={`${role}.phone`} label={FIELD_LABEL.phone} fullWidth autoComplete="off" />
                ) : (
                  <TextInput source={`${role}.${field}`} label={FIELD_LABEL[field]} type={field === 'email' ? 'email' : 'text'} autoComplete="off" fullWidth />
                )}
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
    </SettingsForm>
  );
}

/** /setting/brand (main b2b account): brand name, service-terms contacts, sub-accounts. */
export function BrandSettingsPage() {
  const translate = useTranslate();
  return (
    <PageShell titleKey="app.brand.title" actions={<Button component={RouterLink} to="/setting/audit-log" variant="outlined" size="small">{translate('auditLog.open')}</Button>}>
      <Section title={translate('app.brand.nameSection')} id="brand-name">
        <BrandNameForm />
      </Section>
      <Section title={translate('app.brand.termsSection')} description={translate('app.brand.termsHelp')} id="brand-terms">
        <ServiceTermsForm />
      </Section>
      <MembersSection />
    </PageShell>
  );
}

export default BrandSettingsPage;
