import { useId, useState } from 'react';
import { Box, Button, FormHelperText, IconButton, Stack } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { useTranslate, type Identifier } from 'react-admin';
import { AS_IMAGES_MAX } from '../../../domain/afterService';
import { IMAGE_ACCEPT, ImageUploadErrorDialog, useImageUpload, type UploadedImage } from '../../../framework/image/useImageUpload';
import { signedUpload } from '../../../framework/image/signedUpload';
import { apiRequest } from '../../../providers/http';

const IMAGE_API = '/v1/admin/repair/image';
/**
 * A completion photo through the A/S signed upload (docs/api/afterService.md, Images): POST
 * repair/image { repairIdx, ext, status }, PUT, then POST repair/image/confirm, which the partner may
 * call (the upload lands in the request's brand's folder, not the caller's).
 */
const uploadCompletePhoto = (repairIdx: Identifier) => (file: File) =>
  signedUpload(
    file,
    (ext) => apiRequest<{ path: string; uploadUrl: string }>(IMAGE_API, { method: 'POST', body: { repairIdx: Number(repairIdx), ext, status: 'complete' } }),
    `${IMAGE_API}/confirm`,
  );

/** The completion photos of the 완료 dialog: up to AS_IMAGES_MAX, each previewed and removable; `images` holds their paths. */
export function CompletePhotos({ repairIdx, images, onChange, onBusy, error }: { repairIdx: Identifier; images: string[]; onChange: (paths: string[]) => void; onBusy: (busy: boolean) => void; error: string | null }) {
  const translate = useTranslate();
  const inputId = useId();
  const [shown, setShown] = useState<UploadedImage[]>([]);
  const upload = useImageUpload(uploadCompletePhoto(repairIdx), (image) => {
    setShown((s) => [...s, image]);
    onChange([...images, image.path]);
  });
  const pick = async (file: File | undefined) => {
    if (!file) return;
    onBusy(true);
    await upload.send(file);
    onBusy(false);
  };
  const remove = (path: string) => {
    setShown((s) => s.filter((i) => i.path !== path));
    onChange(images.filter((p) => p !== path));
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {shown.map((image, i) => (
          <Box key={image.path} sx={{ position: 'relative', width: 72, height: 72 }}>
            <Box component="img" src={image.url} alt={translate('afterService.detail.imageAlt', { n: i + 1 })} sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1 }} />
            <IconButton size="small" aria-label={translate('afterService.action.removePhoto', { n: i + 1 })} onClick={() => remove(image.path)} sx={{ position: 'absolute', top: -8, right: -8, bgcolor: 'background.paper' }}>
              <Close fontSize="small" />
            </IconButton>
          </Box>
        ))}
      </Stack>
      {images.length < AS_IMAGES_MAX && (
        <Button component="label" htmlFor={inputId} size="small" variant="outlined" sx={{ mt: 1 }} disabled={upload.busy}>
          {translate(upload.busy ? 'afterService.action.uploading' : 'afterService.action.addPhoto')}
          <input
            id={inputId}
            hidden
            type="file"
            accept={IMAGE_ACCEPT}
            aria-label={translate('afterService.action.photos')}
            onChange={(e) => {
              void pick(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </Button>
      )}
      {error && <FormHelperText error>{error}</FormHelperText>}
      <ImageUploadErrorDialog open={upload.failed} onClose={() => upload.setFailed(false)} />
    </Box>
  );
}
