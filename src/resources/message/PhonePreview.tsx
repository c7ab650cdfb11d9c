import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { channelOf, type MessageType } from '../../domain/message';

/**
 * A phone frame showing the message as a customer gets it, per channel: the KakaoTalk chat (Brand
 * Message, 알림톡) or the SMS app, with the ad frame and the variables filled with a sample name.
 */
export function PhonePreview({ type, text, title, imageUrl, buttons }: {
  type: MessageType; text: string; title?: string | null; imageUrl?: string | null; buttons: { name: string; url: string }[];
}) {
  const translate = useTranslate();
  const kakao = channelOf(type) !== 'SMS';
  return (
    <Box component="figure" aria-label={translate('message.preview')} sx={{ m: 0, width: 280, maxWidth: '100%', border: 8, borderColor: 'grey.900', borderRadius: 6, overflow: 'hidden', bgcolor: kakao ? '#b2c7da' : 'grey.100' }}>
      <Box sx={{ px: 2, py: 1, bgcolor: kakao ? '#a1b6c9' : 'grey.200' }}>
        <Typography variant="caption" component="figcaption" sx={{ fontWeight: 700, color: 'grey.900' }}>
          {translate(`message.type.${type}`)}
        </Typography>
      </Box>
      <Box sx={{ p: 1.5, minHeight: 300 }}>
        <Box sx={{ bgcolor: 'common.white', color: 'grey.900', borderRadius: 2, p: 1.5, boxShadow: 1 }}>
          {imageUrl ? <Box component="img" src={imageUrl} alt="" sx={{ width: '100%', borderRadius: 1, mb: 1 }} /> : null}
          {title ? <Typography variant="subtitle2" sx={{ mb: 0.5 }}>{title}</Typography> : null}
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }} data-testid="message-preview-text">{text}</Typography>
          {buttons.map((b, i) => (
            <Box key={i} sx={{ mt: 1, py: 0.75, textAlign: 'center', borderRadius: 1, bgcolor: 'grey.100', fontSize: 14 }}>{b.name || '-'}</Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
