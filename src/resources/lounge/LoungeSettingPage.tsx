import { useMemo } from 'react';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BooleanInput, CheckboxGroupInput, SaveButton, TextInput, Title, useNotify, useTranslate } from 'react-admin';
import { Form } from '../../framework/Form';
import type { FieldValues } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { LOUNGE_DESCRIPTION_MAX, LOUNGE_NOTICE_MAX, LOUNGE_SUBTITLE_MAX, LOUNGE_TITLE_MAX, loungeSettingSchema } from '../../domain/brandLounge';
import { PageLoading } from '../../framework/PageStates';
import { Section } from '../../framework/ui';
import { schemaResolver, submissionErrors } from '../../framework/formErrors';
import { LOUNGE_KEY, loungeApi } from './api';
import { ImageField } from './ImageField';
import { LoungePreview, PHONE_WIDTH } from './LoungePreview';

const HEADER = 64;
const max = (n: number) => ({ slotProps: { htmlInput: { maxLength: n } } });

/**
 * /b2b/brand/setting (issue 11 item 7): the brand lounge settings, a page of its own without the
 * console's header and sidebar (the route table's layout 'none'). Its own top bar (back to the
 * console, the title, save), the form on the left — images with their size guidance, texts, the
 * memberships and coupons shown, the stamp card switch — and the customer's lounge at phone width on
 * the right, updated as the form changes.
 */
export function LoungeSettingPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const setting = useQuery({ queryKey: LOUNGE_KEY, queryFn: ({ signal }) => loungeApi.get(signal), retry: false });
  const memberships = useQuery({ queryKey: ['lounge', 'memberships'], queryFn: ({ signal }) => loungeApi.memberships(signal), retry: false });
  const coupons = useQuery({ queryKey: ['lounge', 'coupons'], queryFn: ({ signal }) => loungeApi.coupons(signal), retry: false });
  const stamp = useQuery({ queryKey: ['lounge', 'stamp'], queryFn: ({ signal }) => loungeApi.stampCard(signal), retry: false });
  const record = useMemo(() => (setting.data ? loungeSettingSchema.cast(setting.data, { stripUnknown: true }) : undefined), [setting.data]);
  if (!record || memberships.isPending || coupons.isPending) return <PageLoading />;
  const membershipChoices = (memberships.data?.list ?? []).map((m) => ({ ...m, name: m.status === 'STOP' ? `${m.nftCardName} (${translate('lounge.stopped')})` : m.nftCardName }));
  const couponChoices = coupons.data?.list ?? [];

  const save = async (values: FieldValues) => {
    try {
      const saved = await loungeApi.save(loungeSettingSchema.cast(values, { stripUnknown: true }));
      client.setQueryData(LOUNGE_KEY, saved);
      notify('lounge.saved', { type: 'success' });
    } catch (err) {
      return submissionErrors(err, { present: true });
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.50' }}>
      <Title title={translate('lounge.title')} />
      <Form record={record} resolver={schemaResolver(loungeSettingSchema)} onSubmit={save}>
        <Box
          component="header"
          sx={{
            position: 'sticky', top: 0, zIndex: 2, height: HEADER, px: 3, display: 'flex', alignItems: 'center', gap: 2,
            bgcolor: 'background.paper', borderBottom: '1px solid', borderColor: 'divider',
          }}
        >
          <Button component={RouterLink} to="/b2b/home" startIcon={<ArrowBack />} color="inherit">{translate('lounge.back')}</Button>
          <Typography component="h1" variant="h6" sx={{ fontWeight: 700, flex: 1 }}>{translate('lounge.title')}</Typography>
          <SaveButton label="lounge.save" alwaysEnable={!setting.data?.saved} />
        </Box>
        <Box
          sx={{
            display: 'grid', gridTemplateColumns: { xs: '1fr', md: `minmax(0, 1fr) ${PHONE_WIDTH + 60}px` }, gap: 4,
            maxWidth: 1240, mx: 'auto', p: { xs: 2, md: 4 }, alignItems: 'start',
          }}
        >
          <Box>
            <Section title={translate('lounge.imagesSection')} id="lounge-images">
              <Stack spacing={2}>
                <ImageField source="logo" label={translate('lounge.logo')} help={translate('lounge.logoHelp')} round />
                <ImageField source="image" label={translate('lounge.image')} help={translate('lounge.imageHelp')} />
              </Stack>
            </Section>
            <Section title={translate('lounge.textsSection')} id="lounge-texts">
              <TextInput source="title" label="lounge.fieldTitle" fullWidth isRequired {...max(LOUNGE_TITLE_MAX)} />
              <TextInput source="subtitle" label="lounge.subtitle" fullWidth {...max(LOUNGE_SUBTITLE_MAX)} />
              <TextInput source="description" label="lounge.description" fullWidth multiline minRows={3} {...max(LOUNGE_DESCRIPTION_MAX)} />
              <TextInput source="notice" label="lounge.notice" fullWidth multiline minRows={2} {...max(LOUNGE_NOTICE_MAX)} />
              <TextInput source="themeColor" label="lounge.themeColor" helperText="#RRGGBB" {...max(7)} />
            </Section>
            <Section title={translate('lounge.showSection')} id="lounge-show">
              {membershipChoices.length ? (
                <Box><CheckboxGroupInput source="membershipIdxList" label="lounge.memberships" choices={membershipChoices} optionValue="idx" optionText="name" row={false} /></Box>
              ) : <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('lounge.membershipsEmpty')}</Typography>}
              {couponChoices.length ? (
                <Box><CheckboxGroupInput source="couponIdxList" label="lounge.coupons" choices={couponChoices} optionValue="idx" optionText="title" row={false} /></Box>
              ) : <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('lounge.couponsEmpty')}</Typography>}
              <BooleanInput source="showStamp" label="lounge.showStamp" format={(v: unknown) => v === 'Y'} parse={(v: boolean) => (v ? 'Y' : 'N')} />
            </Section>
          </Box>
          <Box sx={{ position: { md: 'sticky' }, top: { md: HEADER + 24 } }}>
            <Typography variant="subtitle2" sx={{ fontWeight: 700 }}>{translate('lounge.preview')}</Typography>
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1.5 }}>{translate('lounge.previewHelp')}</Typography>
            <Paper elevation={0} sx={{ bgcolor: 'transparent' }}>
              <LoungePreview memberships={memberships.data?.list ?? []} coupons={couponChoices} stamp={stamp.data ?? null} />
            </Paper>
          </Box>
        </Box>
      </Form>
    </Box>
  );
}

export default LoungeSettingPage;
