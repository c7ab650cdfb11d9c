import { useMemo } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BooleanInput, NumberInput, RadioButtonGroupInput, SaveButton, SelectInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { Form } from '../../framework/Form';
import { useWatch, type FieldValues } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { STAMP_GOAL_DEFAULT, STAMP_TRIGGERS, stampSettingSchema } from '../../domain/stamp';
import { PageShell, Section } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { schemaResolver, submissionErrors } from '../../framework/formErrors';
import { STAMP_KEY, STAMP_LIST_PATH, stampApi, type CouponChoice } from './api';
import { sampleStampCount, StampCardPreview } from './StampCardPreview';

const COUPONS_KEY = ['stamp', 'coupons'] as const;

function LivePreview({ coupons }: { coupons: CouponChoice[] }) {
  const [goal, rewardCouponIdx, description] = useWatch({ name: ['goal', 'rewardCouponIdx', 'description'] }) as [unknown, unknown, string];
  const translate = useTranslate();
  const title = coupons.find((c) => c.idx === Number(rewardCouponIdx))?.title ?? null;
  return (
    <>
      <StampCardPreview goal={Number(goal)} count={sampleStampCount(Number(goal))} couponTitle={title} description={description} label={translate('stamp.preview')} />
      {title ? null : <Typography variant="caption" color="text.secondary">{translate('stamp.previewNoCoupon')}</Typography>}
    </>
  );
}

function TriggerHelp() {
  const translate = useTranslate();
  const trigger = useWatch({ name: 'trigger' }) as string;
  return trigger ? <Alert severity="info" sx={{ py: 0 }}>{translate(`stamp.triggerHelp${trigger}`)}</Alert> : null;
}

/**
 * /b2b/stamp/setting (issue 11 item 6): the brand's stamp card — accrual on or off, stamps to a
 * reward, the reward coupon (the brand's coupons, once-per-customer ones left out), the trigger and
 * a note — validated by the shared schema, with the card as the customer sees it beside the form.
 */
export function StampSettingPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const setting = useQuery({ queryKey: STAMP_KEY, queryFn: ({ signal }) => stampApi.setting(signal), retry: false });
  const coupons = useQuery({ queryKey: COUPONS_KEY, queryFn: ({ signal }) => stampApi.coupons(signal), retry: false });
  const choices = useMemo(() => (coupons.data?.list ?? []).filter((c) => c.oncePerCustomer !== 'Y'), [coupons.data]);
  const record = useMemo(() => {
    const s = setting.data;
    return s
      ? { goal: s.goal, rewardCouponIdx: s.rewardCouponIdx, trigger: s.trigger, active: s.active, description: s.description }
      : { goal: STAMP_GOAL_DEFAULT, rewardCouponIdx: null, trigger: 'VISIT', active: 'Y', description: '' };
  }, [setting.data]);
  if (setting.isPending || coupons.isPending) return <PageLoading />;

  const save = async (values: FieldValues) => {
    try {
      const saved = await stampApi.save(stampSettingSchema.cast(values, { stripUnknown: true }));
      client.setQueryData(STAMP_KEY, saved);
      notify('stamp.saved', { type: 'success' });
    } catch (err) {
      return submissionErrors(err, { present: true });
    }
  };

  return (
    <PageShell titleKey="stamp.settingTitle" maxWidth={1080} actions={<Button component={RouterLink} to={STAMP_LIST_PATH}>{translate('stamp.toList')}</Button>}>
      <Form record={record} resolver={schemaResolver(stampSettingSchema)} onSubmit={save}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' }, gap: 3, alignItems: 'start' }}>
          <Section title={translate('stamp.cardSection')} description={translate('stamp.cardHelp')} id="stamp-card">
            <Stack spacing={1}>
              <BooleanInput source="active" label="stamp.active" format={(v: unknown) => v === 'Y'} parse={(v: boolean) => (v ? 'Y' : 'N')} />
              <NumberInput source="goal" label="stamp.goal" helperText={translate('stamp.goalHelp')} min={2} max={30} step={1} />
              {choices.length === 0 ? (
                <Alert severity="warning" action={<Button component={RouterLink} to="/b2b/coupon/new" size="small">{translate('stamp.createCoupon')}</Button>}>
                  {translate('stamp.noCoupons')}
                </Alert>
              ) : null}
              <SelectInput
                source="rewardCouponIdx"
                label="stamp.rewardCoupon"
                helperText={translate('stamp.rewardCouponHelp')}
                choices={choices}
                optionValue="idx"
                optionText="title"
                emptyText=""
              />
              <RadioButtonGroupInput
                source="trigger"
                label="stamp.trigger"
                choices={STAMP_TRIGGERS.map((id) => ({ id, name: `stamp.trigger${id}` }))}
              />
              <TriggerHelp />
              <TextInput source="description" label="stamp.description" multiline minRows={2} />
              <Box>
                <SaveButton label="app.common.save" alwaysEnable />
              </Box>
            </Stack>
          </Section>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 80 } }}>
            <LivePreview coupons={choices} />
          </Box>
        </Box>
      </Form>
    </PageShell>
  );
}

export default StampSettingPage;
