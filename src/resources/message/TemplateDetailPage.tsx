import { useState } from 'react';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { fillVariables, frameAd, isAd } from '../../domain/message';
import { ActionConfirm, BackToListButton, DetailRow, PageShell, Section } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { submissionErrors } from '../../framework/formErrors';
import { MESSAGE_AUTO_NEW_PATH, MESSAGE_NEW_PATH, templateApi, templateEditPath, templatesPath } from './api';
import { PhonePreview } from './PhonePreview';
import { useSender } from './MessageComposePage';
import { useTemplateScope } from './templateScope';

/** /b2b/message/{tab}/template/{idx}: a template's preview, its 알림톡 review state and the reviewer's comment; edit, delete, or start a message. */
export function TemplateDetailPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const client = useQueryClient();
  const scope = useTemplateScope();
  const sender = useSender();
  const idx = Number(useParams().id);
  const valid = Number.isSafeInteger(idx) && idx > 0;
  const t = useQuery({ queryKey: ['message', 'template', idx], queryFn: ({ signal }) => templateApi.one(idx, signal), enabled: valid, retry: false });
  const [confirm, setConfirm] = useState(false);
  if (!valid || t.isError) {
    return <PageShell titleKey="message.templateDetail"><Alert severity="warning">{translate('message.templateNotFound')}</Alert><BackToListButton to={templatesPath(scope)} label="message.toTemplates" /></PageShell>;
  }
  if (t.isPending) return <PageLoading />;
  const d = t.data;
  const text = fillVariables(d.content, { name: translate('message.previewName'), links: d.buttons.map((b) => b.url) });
  const remove = async () => {
    try {
      await templateApi.remove(idx);
      await client.invalidateQueries({ queryKey: ['message', 'templates'] });
      notify('message.templateRemoved', { type: 'success' });
      navigate(templatesPath(scope));
    } catch (err) {
      submissionErrors(err, { present: true });
      setConfirm(false);
    }
  };
  return (
    <PageShell title={d.messageTitle} maxWidth={1080}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' }, gap: 3, alignItems: 'start' }}>
        <Section title={translate('message.templateDetail')}>
          {d.reviewState === 'REJECTED' ? <Alert severity="error" sx={{ mb: 1 }}>{d.reviewComment ?? translate('message.review.REJECTED')}</Alert> : null}
          <Box component="dl" sx={{ m: 0 }}>
            <DetailRow label={translate('message.messageType')}>{translate(`message.type.${d.messageType}`)}</DetailRow>
            {d.reviewState ? <DetailRow label={translate('message.reviewState')}>{translate(`message.review.${d.reviewState}`)}</DetailRow> : null}
            {d.couponTitle ? <DetailRow label={translate('message.couponTitle')}>{d.couponTitle}</DetailRow> : null}
          </Box>
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
            {(d.messageType !== 'ALIM_TALK' || d.reviewState === 'APPROVED') ? (
              <Button variant="contained" component={RouterLink} to={`${scope === 'auto' ? MESSAGE_AUTO_NEW_PATH : MESSAGE_NEW_PATH}?template=${d.idx}`}>{translate('message.useTemplate')}</Button>
            ) : null}
            <Button variant="outlined" component={RouterLink} to={templateEditPath(scope, d.idx)}>{translate('message.templateEdit')}</Button>
            <Button color="error" onClick={() => setConfirm(true)}>{translate('message.remove')}</Button>
          </Stack>
        </Section>
        <PhonePreview type={d.messageType} text={isAd(d.messageType) && sender ? frameAd(text, sender) : text} title={d.title} imageUrl={d.imageUrl} buttons={d.buttons} />
      </Box>
      <BackToListButton to={templatesPath(scope)} label="message.toTemplates" />
      <ActionConfirm open={confirm} title={translate('message.templateRemoveTitle')} content={translate('message.templateRemoveConfirm')} confirm="message.remove" cancel="message.confirmCancel"
        onConfirm={() => void remove()} onClose={() => setConfirm(false)} />
    </PageShell>
  );
}

export default TemplateDetailPage;
