import { useEffect, useId, useRef, useState } from 'react';
import { Box, Button, FormHelperText, IconButton, Stack } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { useTranslate, type Identifier } from 'react-admin';
import { AS_IMAGES_MAX, AS_MSG } from '../../../domain/afterService';
import { IMAGE_ACCEPT, imageFileRefused, type UploadedImage } from '../../../framework/image/useImageUpload';
import { signedUpload } from '../../../framework/image/signedUpload';
import { apiRequest } from '../../../providers/http';
import { PendingPhotos, type PendingPhoto } from './PendingPhotos';

const IMAGE_API = '/v1/admin/repair/image';
/**
 * A completion photo through the A/S signed upload (docs/api/afterService.md, Images): POST
 * repair/image { repairIdx, ext, status }, PUT, then POST repair/image/confirm, which the partner may
 * call (the upload lands in the request's brand's folder, not the caller's).
 */
const uploadCompletePhoto = (repairIdx: Identifier, file: File) =>
  signedUpload(
    file,
    (ext) => apiRequest<{ path: string; uploadUrl: string }>(IMAGE_API, { method: 'POST', body: { repairIdx: Number(repairIdx), ext, status: 'complete' } }),
    `${IMAGE_API}/confirm`,
  );

/**
 * The completion photos of the 완료 dialog (issue 23 #20): several files chosen at once, each
 * uploaded on its own with its progress and, when it fails, its error, a retry and a dismiss; up to
 * AS_IMAGES_MAX in all (a choice that would go over is refused whole, as the intake's). `onChange`
 * updates the paths (uploads finish in any order); `onBusy` holds the dialog's submit while any runs.
 */
export function CompletePhotos({ repairIdx, images, onChange, onBusy, error }: {
  repairIdx: Identifier; images: string[]; onChange: (update: (paths: string[]) => string[]) => void; onBusy: (busy: boolean) => void; error: string | null;
}) {
  const translate = useTranslate();
  const inputId = useId();
  const nextKey = useRef(0);
  const [shown, setShown] = useState<UploadedImage[]>([]);
  const [pending, setPending] = useState<PendingPhoto[]>([]);
  const [tooMany, setTooMany] = useState(false);
  const uploading = pending.filter((p) => p.failure === null).length;
  useEffect(() => onBusy(uploading > 0), [uploading, onBusy]);

  const settle = (key: number, failure: PendingPhoto['failure']) => setPending((list) => list.map((p) => (p.key === key ? { ...p, failure } : p)));
  const send = async ({ key, file }: PendingPhoto) => {
    if (imageFileRefused(file)) return settle(key, 'refused');
    try {
      const image = await uploadCompletePhoto(repairIdx, file);
      setShown((s) => [...s, image]);
      onChange((paths) => [...paths, image.path]);
      setPending((list) => list.filter((p) => p.key !== key));
    } catch {
      settle(key, 'failed');
    }
  };
  /** Starts `entries` if they fit beside the photos uploaded and uploading, else refuses them all. */
  const start = (entries: PendingPhoto[]) => {
    const fits = images.length + uploading + entries.length <= AS_IMAGES_MAX;
    setTooMany(!fits);
    if (!fits) return;
    const keys = new Set(entries.map((e) => e.key));
    setPending((list) => [...list.filter((p) => !keys.has(p.key)), ...entries.map((e) => ({ ...e, failure: null }))]);
    entries.forEach((e) => void send(e));
  };
  const remove = (path: string) => {
    setShown((s) => s.filter((i) => i.path !== path));
    onChange((paths) => paths.filter((p) => p !== path));
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
      <PendingPhotos pending={pending} onRetry={(p) => start([p])} onDismiss={(p) => setPending((list) => list.filter((x) => x.key !== p.key))} />
      {images.length + uploading < AS_IMAGES_MAX && (
        <Button component="label" htmlFor={inputId} size="small" variant="outlined" sx={{ mt: 1 }}>
          {translate('afterService.action.addPhoto')}
          <input
            id={inputId}
            hidden
            type="file"
            multiple
            accept={IMAGE_ACCEPT}
            aria-label={translate('afterService.action.photos')}
            onChange={(e) => {
              start(Array.from(e.target.files ?? [], (file) => ({ key: nextKey.current++, file, failure: null })));
              e.target.value = '';
            }}
          />
        </Button>
      )}
      {tooMany ? <FormHelperText error>{AS_MSG.imagesTooMany}</FormHelperText> : error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Box>
  );
}
