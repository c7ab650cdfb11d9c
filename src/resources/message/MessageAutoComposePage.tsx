import { useMemo } from 'react';
import { Alert, Box, Button, FormHelperText, IconButton, Stack, TextField, Typography } from '@mui/material';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BooleanInput, NumberInput, RadioButtonGroupInput, SaveButton, SelectInput, TextInput, useNotify, useTranslate,
} from 'react-admin';
import { useController, useWatch, type FieldError, type FieldValues } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import {
  AUTO_CLASSES, autoCampaignSchema, BIRTHDAY_DAY_MAX, channelOf, COUPON_CLASSES, COUPON_DAY_DEFAULT, DEFAULT_OPERATION, DEFAULT_SEND_TIME, MESSAGE_TYPES,
  PRODUCT_CLASSES, PRODUCT_NAME_MAX, PRODUCTS_MAX, PURCHASE_CLASSES, type AutoClass, type MessageType, type TalkClass,
} from '../../domain/message';
import { Form } from '../../framework/Form';
import { BackToListButton, PageShell, Section } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { schemaResolver, submissionErrors } from '../../framework/formErrors';
import { AUTO_LIST_KEY, autoDetailPath, MESSAGE_AUTO_PATH, messageApi, templateApi, type Campaign } from './api';
import { ContentSection, EstimateBox, LivePreview, useSender } from './MessageComposePage';

/**
 * A list of product names (mba and rfm-product): one text box a product, added and removed, each
 * with its own error (spec 3 §5: '필수 항목입니다.') and the list's ('상품을 추가해주세요.').
 */
function ProductsInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name: source });
  const values: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const error = fieldState.error as (FieldError & Record<number, FieldError | undefined>) | undefined;
  const listError = error?.message ?? error?.root?.message;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="body2" sx={{ fontWeight: 600, mb: 1 }}>{translate(label)}</Typography>
      <Stack spacing={1}>
        {values.map((value, i) => (
          <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              size="small" label={translate('message.productName')} value={value ?? ''} error={Boolean(error?.[i])} helperText={error?.[i]?.message}
              onChange={(e) => field.onChange(values.map((v, j) => (j === i ? e.target.value : v)))} slotProps={{ htmlInput: { maxLength: PRODUCT_NAME_MAX } }}
            />
            <IconButton aria-label={translate('message.productRemove', { n: i + 1 })} onClick={() => field.onChange(values.filter((_, j) => j !== i))}><DeleteOutline /></IconButton>
          </Stack>
        ))}
        {listError ? <FormHelperText error>{listError}</FormHelperText> : null}
        <Box><Button size="small" disabled={values.length >= PRODUCTS_MAX} onClick={() => field.onChange([...values, ''])}>{translate('message.productAdd')}</Button></Box>
      </Stack>
    </Box>
  );
}

/** Who gets it: the class's own condition (spec 3 §5), the marketable conditions, the estimate of today. */
function ConditionSection() {
  const translate = useTranslate();
  const [type, talkClass] = useWatch({ name: ['basicInfo.messageType', 'templateTalkClass'] }) as [MessageType, TalkClass];
  const auto = talkClass as AutoClass;
  return (
    <Section title={translate('message.conditionSection')} description={translate('message.recipientHelp')}>
      <SelectInput source="templateTalkClass" label="message.autoClass" choices={AUTO_CLASSES.map((id) => ({ id, name: `message.autoClassName.${id}` }))} />
      {talkClass === 'BIRTHDAY_COUPON' ? <NumberInput source="recipient.day" label="message.birthdayDay" min={0} max={BIRTHDAY_DAY_MAX} /> : null}
      {PURCHASE_CLASSES.includes(auto) ? (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <NumberInput source="recipient.startDay" label="message.startDay" min={0} />
            <NumberInput source="recipient.endDay" label="message.endDay" min={1} />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <NumberInput source="recipient.purchaseCount" label="message.purchaseCount" min={1} />
            <SelectInput source="recipient.operationType" label="message.operationType" choices={['lte', 'gte', 'eq'].map((id) => ({ id, name: `message.operation.${id}` }))} />
          </Stack>
        </>
      ) : null}
      {PRODUCT_CLASSES.includes(auto) ? (
        <>
          <ProductsInput source="recipient.purchasedProducts" label="message.purchasedProducts" />
          <ProductsInput source="recipient.unboughtProducts" label="message.unboughtProducts" />
        </>
      ) : null}
      {type !== 'ALIM_TALK' ? (
        <>
          <BooleanInput source="recipient.marketing" label="message.marketing" />
          <BooleanInput source="recipient.cafe24" label="message.cafe24" />
          <BooleanInput source="recipient.recentPurchase" label="message.recentPurchase" />
        </>
      ) : null}
      <EstimateBox auto />
    </Section>
  );
}

function CouponFields() {
  const translate = useTranslate();
  const [type, talkClass] = useWatch({ name: ['basicInfo.messageType', 'templateTalkClass'] }) as [MessageType, TalkClass];
  if (!COUPON_CLASSES.includes(talkClass) || type === 'ALIM_TALK') return null;
  return (
    <Section title={translate('message.couponSection')}>
      <TextInput source="messageContent.couponTitle" label="message.couponTitle" helperText="message.couponTitleHelp" fullWidth />
      <NumberInput source="messageContent.couponDay" label="message.couponDay" min={1} />
    </Section>
  );
}

function ScheduleSection() {
  const translate = useTranslate();
  const [type, sendType, repeatType, fallback] = useWatch({ name: ['basicInfo.messageType', 'schedule.sendType', 'schedule.repeatType', 'smsFallback.activate'] }) as [MessageType, string, string, boolean];
  const kakao = type ? channelOf(type) !== 'SMS' : false;
  return (
    <>
      <Section title={translate('message.scheduleSection')} description={translate('message.autoScheduleHelp')}>
        <RadioButtonGroupInput source="schedule.sendType" label="message.sendType" choices={[{ id: 'TIME', name: 'message.sendTypeAuto.TIME' }, { id: 'IMMEDIATE', name: 'message.sendTypeAuto.IMMEDIATE' }]} />
        {sendType === 'TIME' ? <TextInput source="schedule.sendTime" label="message.sendTimeDaily" type="time" InputLabelProps={{ shrink: true }} /> : null}
        <RadioButtonGroupInput source="schedule.repeatType" label="message.repeatType" choices={[{ id: 'ONCE', name: 'message.repeat.ONCE' }, { id: 'REPEAT', name: 'message.repeat.REPEAT' }]} />
        {repeatType === 'REPEAT' ? <NumberInput source="schedule.repeatCount" label="message.repeatCount" min={1} max={3} /> : null}
      </Section>
      {kakao ? (
        <Section title={translate('message.fallbackSection')}>
          <BooleanInput source="smsFallback.activate" label="message.fallbackActivate" />
          {fallback ? <TextInput source="smsFallback.content" label="message.fallbackContent" multiline minRows={3} fullWidth /> : null}
        </Section>
      ) : null}
    </>
  );
}

/**
 * /b2b/message/auto/new and /b2b/message/auto/edit/{idx} (issue 25 item 4): an automatic message
 * (spec 3 §3's payload) validated by the shared auto schema: its class and the class's condition, the
 * content with its counter and preview, the daily send time and the repeat. It is saved OFF (new) and
 * turned on from the list or its detail; an edit applies from its next run.
 */
export function MessageAutoComposePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const sender = useSender();
  const id = useParams().id;
  const idx = id === undefined ? null : Number(id);
  const validIdx = idx !== null && Number.isSafeInteger(idx) && idx > 0;
  const templateIdx = Number(useSearchParams()[0].get('template')) || null;
  const existing = useQuery({ queryKey: ['message', 'campaign', idx], queryFn: ({ signal }) => messageApi.campaign(idx!, signal), enabled: validIdx, retry: false });
  const template = useQuery({ queryKey: ['message', 'template', templateIdx], queryFn: ({ signal }) => templateApi.one(templateIdx!, signal), enabled: templateIdx !== null, retry: false });
  const t = template.data;
  const record = useMemo(() => {
    if (existing.data) return existing.data.payload;
    const talkClass = t && (AUTO_CLASSES as readonly string[]).includes(t.templateTalkClass) ? t.templateTalkClass : 'BIRTHDAY_COUPON';
    return {
      basicInfo: { messageTitle: t?.messageTitle ?? '', messageType: t?.messageType ?? 'TEXT' },
      templateTalkClass: talkClass,
      templateIdx: t?.idx ?? null,
      recipient: { marketing: true, cafe24: false, recentPurchase: false, membershipType: 'ALL', membershipId: null, day: 7, startDay: 1, endDay: 7, purchaseCount: null, operationType: DEFAULT_OPERATION, purchasedProducts: [''], unboughtProducts: [''] },
      messageContent: { content: t?.content ?? '', title: t?.title ?? '', imageUrl: t?.imageUrl ?? '', wide: t?.wide ?? false, buttons: t?.buttons ?? [], couponTitle: t?.couponTitle ?? '', couponDay: t?.couponDay ?? COUPON_DAY_DEFAULT },
      smsFallback: { activate: false, smsType: 'SMS', content: '' },
      schedule: { sendType: 'TIME', sendTime: DEFAULT_SEND_TIME, repeatType: 'ONCE', repeatCount: 1 },
    };
  }, [existing.data, t]);
  if (idx !== null && (!validIdx || existing.isError || (existing.data && existing.data.kind !== 'AUTO'))) {
    return <PageShell titleKey="message.autoEdit"><Alert severity="warning">{translate('message.notFound')}</Alert><BackToListButton to={MESSAGE_AUTO_PATH} label="message.toList" /></PageShell>;
  }
  if ((validIdx && existing.isPending) || (templateIdx !== null && template.isPending)) return <PageLoading />;
  const save = async (values: FieldValues) => {
    try {
      const cast = autoCampaignSchema.cast(values, { stripUnknown: true });
      // Only the product classes keep their product lists.
      const products = PRODUCT_CLASSES.includes(cast.templateTalkClass as AutoClass);
      const body = { ...cast, recipient: { ...cast.recipient, purchasedProducts: products ? cast.recipient.purchasedProducts : [], unboughtProducts: products ? cast.recipient.unboughtProducts : [] } } as unknown as Record<string, unknown>;
      const saved: Campaign = validIdx ? await messageApi.update(idx, body, 'AUTO') : await messageApi.create(body, 'AUTO');
      await client.invalidateQueries({ queryKey: AUTO_LIST_KEY });
      client.setQueryData(['message', 'campaign', saved.idx], saved);
      notify('message.autoSaved', { type: 'success' });
      navigate(autoDetailPath(saved.idx));
    } catch (err) {
      return submissionErrors(err, { present: true });
    }
  };
  return (
    <PageShell titleKey={validIdx ? 'message.autoEdit' : 'message.autoRegister'} maxWidth={1120}>
      <Form record={record} resolver={schemaResolver(autoCampaignSchema)} onSubmit={save}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' }, gap: 3, alignItems: 'start' }}>
          <Stack spacing={2}>
            <Section title={translate('message.basicSection')}>
              <TextInput source="basicInfo.messageTitle" label="message.messageTitle" fullWidth />
              <RadioButtonGroupInput source="basicInfo.messageType" label="message.messageType" choices={MESSAGE_TYPES.map((value) => ({ id: value, name: `message.type.${value}` }))} />
            </Section>
            <ConditionSection />
            <ContentSection sender={sender} />
            <CouponFields />
            <ScheduleSection />
            <Box><SaveButton label="app.common.save" alwaysEnable /></Box>
          </Stack>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 80 } }}>
            <LivePreview sender={sender} />
          </Box>
        </Box>
      </Form>
    </PageShell>
  );
}

export default MessageAutoComposePage;
