import { Box, Button, LinearProgress, List, ListItem, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MSG } from '../../../domain/messages';
import { IMAGE_UPLOAD_MAX_BYTES, PRODUCT_IMAGE_EXTENSIONS } from '../../../domain/product';

/** What imageFileRefused lets through, as the refusal says it. */
const ACCEPTED = { exts: PRODUCT_IMAGE_EXTENSIONS.filter((e) => e !== 'jpeg').join(', '), mb: IMAGE_UPLOAD_MAX_BYTES / 1024 / 1024 };

/** A chosen completion photo not uploaded yet: uploading (`failure` null), or refused or failed. */
export interface PendingPhoto {
  key: number;
  file: File;
  failure: null | 'refused' | 'failed';
}

/** Each photo still uploading, with its progress, or failed, with why, 다시 올리기 and 빼기 (CompletePhotos). */
export function PendingPhotos({ pending, onRetry, onDismiss }: { pending: PendingPhoto[]; onRetry: (p: PendingPhoto) => void; onDismiss: (p: PendingPhoto) => void }) {
  const translate = useTranslate();
  if (pending.length === 0) return null;
  const A = (key: string, name: string) => translate(`afterService.action.${key}`, { name });
  return (
    <List dense disablePadding aria-label={translate('afterService.action.pendingPhotos')} sx={{ mt: 1 }}>
      {pending.map((p) => (
        <ListItem key={p.key} disableGutters sx={{ display: 'block' }}>
          <Typography variant="body2" noWrap>{p.file.name}</Typography>
          {p.failure === null ? (
            <Box>
              <LinearProgress aria-label={A('uploadingFile', p.file.name)} />
              <Typography variant="caption" color="text.secondary">{translate('afterService.action.uploading')}</Typography>
            </Box>
          ) : (
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="caption" color="error" sx={{ flex: 1, minWidth: 0 }}>
                {p.failure === 'refused' ? translate('afterService.action.photoRefused', ACCEPTED) : MSG.imageUploadError}
              </Typography>
              {p.failure === 'failed' && <Button size="small" aria-label={A('retryPhoto', p.file.name)} onClick={() => onRetry(p)}>{translate('afterService.action.retry')}</Button>}
              <Button size="small" color="inherit" aria-label={A('dismissPhoto', p.file.name)} onClick={() => onDismiss(p)}>{translate('afterService.action.dismiss')}</Button>
            </Stack>
          )}
        </ListItem>
      ))}
    </List>
  );
}
