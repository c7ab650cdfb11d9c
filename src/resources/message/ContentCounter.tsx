import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { checkKakaoContent, checkSms, frameAd, type MessageType, type Sender } from '../../domain/message';

/**
 * The live counter under a message body (the composer's and the template form's, by their field
 * names): EUC-KR bytes and SMS/LMS for SMS with the ad frame counted, refusing characters outside
 * EUC-KR at once; characters against the channel's limit for Kakao.
 */
export function ContentCounter({ sender, type: typeField, content: contentField, wide: wideField }: { sender: Sender | null; type: string; content: string; wide: string }) {
  const translate = useTranslate();
  const [type, content, wide] = useWatch({ name: [typeField, contentField, wideField] }) as [MessageType, string, boolean];
  if (!type) return null;
  if (type === 'SMS') {
    const text = sender ? frameAd(content ?? '', sender) : content ?? '';
    const c = checkSms(text);
    return (
      <Box aria-live="polite" data-testid="message-counter">
        <Typography variant="caption" color={c.error ? 'error' : 'text.secondary'}>{translate('message.counterBytes', { count: c.bytes, limit: c.limit, kind: c.kind })}</Typography>
        {c.error ? <Typography variant="caption" color="error" component="p" role="alert">{c.error}</Typography> : null}
      </Box>
    );
  }
  const k = checkKakaoContent(type === 'ALIM_TALK' ? 'ALIMTALK' : type === 'IMAGE' && wide ? 'BRAND_WIDE' : 'BRAND_TEXT', content ?? '');
  return (
    <Box aria-live="polite" data-testid="message-counter">
      <Typography variant="caption" color={k.error ? 'error' : 'text.secondary'}>{translate('message.counterChars', { count: k.count, limit: k.limit })}</Typography>
      {k.error ? <Typography variant="caption" color="error" component="p" role="alert">{k.error}</Typography> : null}
    </Box>
  );
}
