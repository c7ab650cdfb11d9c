import { useId } from 'react';
import { Box, Button, CircularProgress, FormHelperText, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import { ImagePickButton } from '../../framework/image/ImagePickButton';
import { signedUpload } from '../../framework/image/signedUpload';
import { ImageUploadErrorDialog, useImageUpload } from '../../framework/image/useImageUpload';
import { apiRequest } from '../../providers/http';

const COMMON_FILE = '/v1/common/file';

/** The signed upload of server/modules/uploads: POST /v1/common/file { ext }, PUT the bytes, POST …/upload { path }. */
export const uploadMessageImage = (file: File) =>
  signedUpload(file, (ext) => apiRequest<{ path: string; uploadUrl: string }>(COMMON_FILE, { method: 'POST', body: { ext } }), `${COMMON_FILE}/upload`);

/**
 * A message's or template's image (`messageContent.imageUrl`, a template's `imageUrl`): a Brand Message image, or a text message's picture
 * that makes it MMS. Picked and uploaded (the signed upload), previewed, removable; a refused file or
 * a failed upload opens '이미지 업로드 중 오류가 발생했습니다.'. The field keeps the upload's URL,
 * which the provider fetches when it sends.
 */
export function MessageImageInput({ label, help, source = 'messageContent.imageUrl' }: { label: string; help?: string; source?: string }) {
  const translate = useTranslate();
  const id = useId();
  const { field, fieldState } = useController({ name: source });
  const url = (field.value as string | null | undefined) || null;
  const { busy, failed, setFailed, send } = useImageUpload(uploadMessageImage, (uploaded) => field.onChange(uploaded.url));
  return (
    <Box>
      <Typography component="p" variant="body2" sx={{ fontWeight: 600, mb: 1 }} id={`${id}-label`}>{translate(label)}</Typography>
      <Stack direction="row" spacing={2} alignItems="flex-start">
        <Box sx={{ width: 96, height: 96, flexShrink: 0, borderRadius: 2, border: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', bgcolor: 'grey.50' }}>
          {busy ? <CircularProgress size={24} aria-label={translate('message.imageUploading')} />
            : url ? <Box component="img" src={url} alt={translate('message.imageAlt')} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
              : <Typography variant="caption" color="text.secondary">{translate('message.imageNone')}</Typography>}
        </Box>
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <ImagePickButton disabled={busy} labelledBy={`${id}-label`} testId="message-image-input" onPick={([file]) => { if (file) void send(file); }}>
            {translate('message.imagePick')}
          </ImagePickButton>
          {url ? <Button variant="text" size="small" color="error" disabled={busy} onClick={() => field.onChange(null)}>{translate('message.imageRemove')}</Button> : null}
          {help ? <Typography variant="caption" color="text.secondary">{help}</Typography> : null}
        </Stack>
      </Stack>
      {fieldState.error?.message ? <FormHelperText error>{fieldState.error.message}</FormHelperText> : null}
      <ImageUploadErrorDialog open={failed} onClose={() => setFailed(false)} />
    </Box>
  );
}
