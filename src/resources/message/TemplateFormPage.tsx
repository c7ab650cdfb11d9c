import { useMemo } from 'react';
import { MessageImageInput } from './MessageImageInput';
import { Alert, Box, Stack } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BooleanInput, RadioButtonGroupInput, SaveButton, TextInput, useNotify, useTranslate } from 'react-admin';
import { useWatch, type FieldValues } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { fillVariables, frameAd, isAd, MESSAGE_TYPES, messageTemplateSchema, type MessageType, type Sender } from '../../domain/message';
import { Form } from '../../framework/Form';
import { BackToListButton, PageShell, Section } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { schemaResolver, submissionErrors } from '../../framework/formErrors';
import { templateApi, templateDetailPath, templatesPath } from './api';
import { ContentCounter } from './ContentCounter';
import { ButtonsInput } from './ButtonsInput';
import { PhonePreview } from './PhonePreview';
import { useSender } from './MessageComposePage';
import { VariableSheet } from './VariableSheet';
import { useTemplateScope } from './templateScope';

function Preview({ sender }: { sender: Sender | null }) {
  const translate = useTranslate();
  const [type, content, title, imageUrl, buttons] = useWatch({ name: ['messageType', 'content', 'title', 'imageUrl', 'buttons'] }) as [MessageType, string, string, string, { name: string; url: string }[]];
  if (!type) return null;
  const list = (buttons ?? []).filter(Boolean);
  const filled = fillVariables(content ?? '', { name: translate('message.previewName'), links: list.map((b) => b.url) });
  return <PhonePreview type={type} text={isAd(type) && sender ? frameAd(filled, sender) : filled} title={type === 'SMS' ? title : null} imageUrl={type === 'IMAGE' ? imageUrl : null} buttons={type === 'SMS' ? [] : list} />;
}

function Fields({ sender }: { sender: Sender | null }) {
  const translate = useTranslate();
  const type = useWatch({ name: 'messageType' }) as MessageType;
  return (
    <Section title={translate('message.contentSection')} description={type === 'ALIM_TALK' ? translate('message.alimTalkHelp') : type && isAd(type) ? translate('message.adFrameHelp') : undefined} action={<VariableSheet />}>
      <TextInput source="messageTitle" label="message.messageTitle" fullWidth />
      <RadioButtonGroupInput source="messageType" label="message.messageType" choices={MESSAGE_TYPES.map((id) => ({ id, name: `message.type.${id}` }))} />
      {type === 'SMS' ? <TextInput source="title" label="message.lmsTitle" fullWidth /> : null}
      {type === 'IMAGE' ? <><MessageImageInput source="imageUrl" label="message.imageUrl" /><BooleanInput source="wide" label="message.wide" /></> : null}
      <TextInput source="content" label="message.content" multiline minRows={5} fullWidth helperText={false} />
      <ContentCounter sender={sender} type="messageType" content="content" wide="wide" />
      {type && type !== 'SMS' ? (
        <ButtonsInput source="buttons" />
      ) : null}
      {type === 'TEXT' || type === 'IMAGE' ? <TextInput source="couponTitle" label="message.couponTitle" helperText="message.couponTitleHelp" fullWidth /> : null}
    </Section>
  );
}

/**
 * /b2b/message/{tab}/template/register and …/edit/{idx} (spec 3 §2, §5): a template validated by the
 * shared schema (spec 3 §5's texts, the channel limits) with the live counter and the phone preview.
 * A 알림톡 template goes to review on save (and again on every edit).
 */
export function TemplateFormPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const scope = useTemplateScope();
  const sender = useSender();
  const id = useParams().id;
  const idx = id === undefined ? null : Number(id);
  const existing = useQuery({ queryKey: ['message', 'template', idx], queryFn: ({ signal }) => templateApi.one(idx!, signal), enabled: idx !== null && Number.isSafeInteger(idx) && idx > 0, retry: false });
  const record = useMemo(() => existing.data ?? { messageTitle: '', messageType: 'TEXT', templateTalkClass: 'GENERAL', content: '', title: '', imageUrl: '', wide: false, buttons: [], couponTitle: '' }, [existing.data]);
  if (idx !== null && (!Number.isSafeInteger(idx) || idx <= 0 || existing.isError)) {
    return <PageShell titleKey="message.templateEdit"><Alert severity="warning">{translate('message.templateNotFound')}</Alert><BackToListButton to={templatesPath(scope)} label="message.toTemplates" /></PageShell>;
  }
  if (idx !== null && existing.isPending) return <PageLoading />;
  const save = async (values: FieldValues) => {
    try {
      const body = messageTemplateSchema.cast(values, { stripUnknown: true }) as unknown as Record<string, unknown>;
      const saved = idx ? await templateApi.update(idx, body) : await templateApi.create(scope, body);
      await client.invalidateQueries({ queryKey: ['message', 'templates'] });
      notify('message.templateSaved', { type: 'success' });
      navigate(templateDetailPath(scope, saved.idx));
    } catch (err) {
      return submissionErrors(err, { present: true });
    }
  };
  return (
    <PageShell titleKey={idx ? 'message.templateEdit' : 'message.templateRegister'} maxWidth={1120}>
      <Form record={record} resolver={schemaResolver(messageTemplateSchema)} onSubmit={save}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' }, gap: 3, alignItems: 'start' }}>
          <Stack spacing={2}>
            <Fields sender={sender} />
            <Box><SaveButton label="app.common.save" alwaysEnable /></Box>
          </Stack>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 80 } }}><Preview sender={sender} /></Box>
        </Box>
      </Form>
    </PageShell>
  );
}

export default TemplateFormPage;
