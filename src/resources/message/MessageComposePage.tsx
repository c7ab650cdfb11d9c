import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { BooleanInput, RadioButtonGroupInput, SaveButton, SelectInput, TextInput, useGetIdentity, useGetList, useNotify, useTranslate } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  channelOf, DEFAULT_SEND_TIME, fillVariables, frameAd, isAd, MESSAGE_TYPES, tempCampaignSchema, type MessageType, type Sender,
} from '../../domain/message';
import { addDays, seoulToday } from '../../domain/seoulDay';
import { formatNumber } from '../../domain/format';
import { Form } from '../../framework/Form';
import { PageShell, Section } from '../../framework/ui';
import { schemaResolver, submissionErrors } from '../../framework/formErrors';
import { membershipTemplateResource } from '../../domain/resources/membershipTemplate';
import { CHANNEL_KEY, messageApi, messageDetailPath, templateApi } from './api';
import { PageLoading } from '../../framework/PageStates';
import { PhonePreview } from './PhonePreview';
import { ContentCounter } from './ContentCounter';
import { ButtonsInput } from './ButtonsInput';
import { VariableSheet } from './VariableSheet';
import { MessageImageInput } from './MessageImageInput';

type Buttons = { name: string; url: string }[];

/** The sender an ad names, from the channel link and the brand's name; null until the link has them. */
export function useSender(): Sender | null {
  const { data: identity } = useGetIdentity();
  const channel = useQuery({ queryKey: CHANNEL_KEY, queryFn: ({ signal }) => messageApi.channel(signal), retry: false });
  const c = channel.data;
  return c?.contact && c.optOutNumber && identity?.fullName ? { name: String(identity.fullName), contact: c.contact, optOut: c.optOutNumber } : null;
}

/**
 * The estimated count and cost, asked again (debounced) as the type, recipients or body change; for
 * an automatic message (`auto`), of who qualifies today under its class.
 */
export function EstimateBox({ auto = false }: { auto?: boolean }) {
  const translate = useTranslate();
  const [type, recipient, content, imageUrl, smsFallback, talkClass] = useWatch({ name: ['basicInfo.messageType', 'recipient', 'messageContent.content', 'messageContent.imageUrl', 'smsFallback', 'templateTalkClass'] });
  const body = useMemo(() => JSON.stringify({ messageType: type, recipient, content: content ?? '', imageUrl: type === 'SMS' || type === 'IMAGE' ? imageUrl || null : null, smsFallback, ...(auto ? { templateTalkClass: talkClass ?? null } : {}) }), [type, recipient, content, imageUrl, smsFallback, auto, talkClass]);
  const [debounced, setDebounced] = useState(body);
  useEffect(() => { const t = setTimeout(() => setDebounced(body), 400); return () => clearTimeout(t); }, [body]);
  const estimate = useQuery({ queryKey: ['message', 'estimate', debounced], queryFn: ({ signal }) => messageApi.estimate(JSON.parse(debounced), signal), enabled: Boolean(type), retry: false });
  if (!type) return null;
  return (
    <Alert severity="info" aria-live="polite" data-testid="message-estimate">
      {estimate.data ? translate('message.estimate', { count: formatNumber(estimate.data.estimatedCustomerCount), cost: formatNumber(estimate.data.estimatedCost) }) : translate('message.estimating')}
    </Alert>
  );
}

export function LivePreview({ sender }: { sender: Sender | null }) {
  const translate = useTranslate();
  const [type, content, title, imageUrl, buttons] = useWatch({ name: ['basicInfo.messageType', 'messageContent.content', 'messageContent.title', 'messageContent.imageUrl', 'messageContent.buttons'] }) as [MessageType, string, string, string, Buttons];
  if (!type) return null;
  const list = (buttons ?? []).filter(Boolean);
  const filled = fillVariables(content ?? '', { name: translate('message.previewName'), links: list.map((b) => b.url) });
  const text = isAd(type) && sender ? frameAd(filled, sender) : filled;
  return <PhonePreview type={type} text={text} title={type === 'SMS' ? title : null} imageUrl={type === 'IMAGE' || type === 'SMS' ? imageUrl || null : null} buttons={type === 'SMS' ? [] : list} />;
}

const ALL_MEMBERSHIPS = { pagination: { page: 1, perPage: 500 } } as const;
const emptyToNull = (v: unknown) => (v === '' ? null : v);

/**
 * "Membership holders who consented": the membership is chosen by name among the brand's memberships
 * (their templates, the `membershipId` the audience filters by); none yet is said, not shown empty.
 */
export function MembershipPicker() {
  const translate = useTranslate();
  const { data, isPending } = useGetList<{ id: number; nftCardName: string }>(membershipTemplateResource.name, ALL_MEMBERSHIPS);
  const choices = (data ?? []).map((m) => ({ id: m.id, name: m.nftCardName }));
  return (
    <SelectInput source="recipient.membershipId" label="message.membershipId" choices={choices} isPending={isPending} emptyText="ra.action.select" parse={emptyToNull}
      helperText={!isPending && choices.length === 0 ? translate('message.membershipNone') : false} fullWidth />
  );
}

function TypeSections() {
  const translate = useTranslate();
  const [type, sendType, membershipType, fallback] = useWatch({ name: ['basicInfo.messageType', 'schedule.sendType', 'recipient.membershipType', 'smsFallback.activate'] }) as [MessageType, string, string, boolean];
  const kakao = type ? channelOf(type) !== 'SMS' : false;
  return (
    <>
      <Section title={translate('message.recipientSection')} description={translate('message.recipientHelp')}>
        <BooleanInput source="recipient.marketing" label="message.marketing" />
        <BooleanInput source="recipient.cafe24" label="message.cafe24" />
        <BooleanInput source="recipient.recentPurchase" label="message.recentPurchase" />
        <SelectInput source="recipient.membershipType" label="message.membershipType" choices={[{ id: 'ALL', name: 'message.membershipALL' }, { id: 'EXIST', name: 'message.membershipEXIST' }]} />
        {membershipType === 'EXIST' ? <MembershipPicker /> : null}
        <EstimateBox />
      </Section>
      <Section title={translate('message.scheduleSection')} description={type && isAd(type) ? translate('message.adWindowHelp') : undefined}>
        <RadioButtonGroupInput source="schedule.sendType" label="message.sendType" choices={[{ id: 'IMMEDIATE', name: 'message.sendTypeIMMEDIATE' }, { id: 'TIME', name: 'message.sendTypeTIME' }]} />
        {sendType === 'TIME' ? <TextInput source="schedule.sendTime" label="message.sendTime" type="datetime-local" InputLabelProps={{ shrink: true }} /> : null}
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

export function ContentSection({ sender }: { sender: Sender | null }) {
  const translate = useTranslate();
  const type = useWatch({ name: 'basicInfo.messageType' }) as MessageType;
  return (
    <Section title={translate('message.contentSection')} description={type && isAd(type) ? translate('message.adFrameHelp') : undefined} action={<VariableSheet />}>
      {type === 'SMS' ? <TextInput source="messageContent.title" label="message.lmsTitle" fullWidth /> : null}
      {type === 'IMAGE' ? <MessageImageInput label="message.imageUrl" /> : null}
      {type === 'SMS' ? <MessageImageInput label="message.mmsImage" help={translate('message.mmsImageHelp')} /> : null}
      <TextInput source="messageContent.content" label="message.content" multiline minRows={5} fullWidth helperText={false} />
      <ContentCounter sender={sender} type="basicInfo.messageType" content="messageContent.content" wide="messageContent.wide" />
      {type && type !== 'SMS' ? (
        <ButtonsInput source="messageContent.buttons" />
      ) : null}
    </Section>
  );
}

/**
 * /b2b/message/temp/new and /b2b/customer/marketing (issue 25): a one-off campaign's payload
 * (spec 3 §3), validated by the shared schema, with the live counter, the estimate and the phone
 * preview. Saving makes a DRAFT and opens it, where it is test-sent and scheduled.
 */
export function MessageComposePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const sender = useSender();
  const templateIdx = Number(useSearchParams()[0].get('template')) || null;
  const template = useQuery({ queryKey: ['message', 'template', templateIdx], queryFn: ({ signal }) => templateApi.one(templateIdx!, signal), enabled: templateIdx !== null, retry: false });
  const t = template.data;
  const record = useMemo(() => ({
    basicInfo: { messageTitle: t?.messageTitle ?? '', messageType: t?.messageType ?? 'SMS' },
    templateTalkClass: t?.templateTalkClass ?? 'GENERAL',
    templateIdx: t?.idx ?? null,
    recipient: { marketing: true, cafe24: false, recentPurchase: false, membershipType: 'ALL', membershipId: null },
    messageContent: { content: t?.content ?? '', title: t?.title ?? '', imageUrl: t?.imageUrl ?? '', wide: t?.wide ?? false, buttons: t?.buttons ?? [], couponTitle: t?.couponTitle ?? null, couponDay: t?.couponDay ?? null },
    smsFallback: { activate: false, smsType: 'SMS', content: '' },
    schedule: { sendType: 'TIME', sendTime: `${addDays(seoulToday(Date.now()), 1)}T${DEFAULT_SEND_TIME}`, repeatType: 'ONCE', repeatCount: 7 },
  }), [t]);
  const save = async (values: FieldValues) => {
    try {
      const body = tempCampaignSchema.cast(values, { stripUnknown: true });
      const created = await messageApi.create(body as unknown as Record<string, unknown>);
      notify('message.saved', { type: 'success' });
      navigate(messageDetailPath(created.idx));
    } catch (err) {
      return submissionErrors(err, { present: true });
    }
  };
  if (templateIdx !== null && template.isPending) return <PageLoading />;
  return (
    <PageShell titleKey="message.newTitle" maxWidth={1120}>
      <Form record={record} resolver={schemaResolver(tempCampaignSchema)} onSubmit={save}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' }, gap: 3, alignItems: 'start' }}>
          <Stack spacing={2}>
            <Section title={translate('message.basicSection')}>
              <TextInput source="basicInfo.messageTitle" label="message.messageTitle" fullWidth />
              <RadioButtonGroupInput source="basicInfo.messageType" label="message.messageType" choices={MESSAGE_TYPES.map((id) => ({ id, name: `message.type.${id}` }))} />
            </Section>
            <ContentSection sender={sender} />
            <TypeSections />
            <Box><SaveButton label="message.saveDraft" alwaysEnable /></Box>
          </Stack>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 80 } }}>
            <LivePreview sender={sender} />
          </Box>
        </Box>
      </Form>
    </PageShell>
  );
}

export default MessageComposePage;
