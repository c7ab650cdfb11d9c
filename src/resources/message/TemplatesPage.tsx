import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { fillVariables, frameAd, isAd } from '../../domain/message';
import { PageShell } from '../../framework/ui';
import { PageLoading } from '../../framework/PageStates';
import { MESSAGE_AUTO_NEW_PATH, MESSAGE_NEW_PATH, templateApi, templateDetailPath, templatesPath } from './api';
import { PhonePreview } from './PhonePreview';
import { useSender } from './MessageComposePage';
import { useTemplateScope } from './templateScope';

/** /b2b/message/{tab}/template (spec 3 §2): the templates as phone previews; one starts a message, or opens its detail. */
export function TemplatesPage() {
  const translate = useTranslate();
  const scope = useTemplateScope();
  const sender = useSender();
  const list = useQuery({ queryKey: ['message', 'templates', scope], queryFn: ({ signal }) => templateApi.list(scope, signal), retry: false });
  return (
    <PageShell titleKey="message.templatesTitle" maxWidth={1120} actions={<Button variant="contained" component={RouterLink} to={`${templatesPath(scope)}/register`}>{translate('message.templateRegister')}</Button>}>
      {list.isPending ? <PageLoading /> : !list.data?.length ? <Alert severity="info">{translate('message.templatesEmpty')}</Alert> : (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(290px, 1fr))', gap: 3 }}>
          {list.data.map((t) => {
            const text = fillVariables(t.content, { name: translate('message.previewName'), links: t.buttons.map((b) => b.url) });
            return (
              <Stack key={t.idx} spacing={1} component="section" aria-label={t.messageTitle}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>{t.messageTitle}</Typography>
                  {t.reviewState ? <Chip size="small" label={translate(`message.review.${t.reviewState}`)} /> : null}
                </Stack>
                <PhonePreview type={t.messageType} text={isAd(t.messageType) && sender ? frameAd(text, sender) : text} title={t.title} imageUrl={t.imageUrl} buttons={t.buttons} />
                <Stack direction="row" spacing={1}>
                  {(t.messageType !== 'ALIM_TALK' || t.reviewState === 'APPROVED') ? (
                    <Button size="small" variant="outlined" component={RouterLink} to={`${scope === 'auto' ? MESSAGE_AUTO_NEW_PATH : MESSAGE_NEW_PATH}?template=${t.idx}`}>{translate('message.useTemplate')}</Button>
                  ) : null}
                  <Button size="small" component={RouterLink} to={templateDetailPath(scope, t.idx)}>{translate('message.templateDetail')}</Button>
                </Stack>
              </Stack>
            );
          })}
        </Box>
      )}
    </PageShell>
  );
}

export default TemplatesPage;
