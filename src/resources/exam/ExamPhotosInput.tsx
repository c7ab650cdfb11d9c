import { useState } from 'react';
import { Box, CircularProgress, FormHelperText, IconButton, Stack, Typography } from '@mui/material';
import Close from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { useController, useFormContext } from 'react-hook-form';
import { PRODUCT_MSG } from '../../domain/product';
import { EXAM_PHOTOS_MAX } from '../../domain/exam';
import { ImageUploadErrorDialog, useImageUpload, type UploadedImage } from '../../framework/image/useImageUpload';
import { ImagePickButton } from '../../framework/image/ImagePickButton';
import { uploadImage } from '../product/api';

const SOURCE = 'photos';
const THUMB = { width: 96, height: 96, borderRadius: 2, border: 1, borderColor: 'divider', overflow: 'hidden', position: 'relative', bgcolor: 'grey.50' } as const;

/**
 * An inspection's photos, at most EXAM_PHOTOS_MAX: each picked file goes to POST /v1/file/upload and
 * its path joins the field; a thumbnail per photo with its remove button. More than the limit is
 * refused with '최대 6장만 업로드할 수 있습니다', a failed upload opens the upload error dialog.
 */
export function ExamPhotosInput({ saved = [] }: { saved?: readonly UploadedImage[] }) {
  const translate = useTranslate();
  const { field } = useController({ name: SOURCE });
  const { getValues } = useFormContext();
  const [urls, setUrls] = useState<Record<string, string>>(() => Object.fromEntries(saved.map((p) => [p.path, p.url])));
  const [tooMany, setTooMany] = useState(false);
  const paths = (field.value as string[] | undefined) ?? [];
  const { busy, failed, setFailed, send } = useImageUpload(uploadImage, (uploaded) => {
    setUrls((known) => ({ ...known, [uploaded.path]: uploaded.url }));
    // Read the field again: several files are uploaded one after another.
    field.onChange([...((getValues(SOURCE) as string[] | undefined) ?? []), uploaded.path]);
  });

  const pick = async (list: File[]) => {
    if (list.length === 0) return;
    const refused = paths.length + list.length > EXAM_PHOTOS_MAX;
    setTooMany(refused);
    if (refused) return;
    for (const file of list) await send(file);
  };

  const label = translate('exam.fields.photos');
  return (
    <Box sx={{ mb: 2 }}>
      <Typography component="p" variant="body2" sx={{ fontWeight: 600, mb: 1 }} id="exam-photos-label">
        {label}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {paths.map((path, i) => (
          <Box key={path} sx={THUMB}>
            <Box component="img" src={urls[path]} alt={translate('exam.photoAlt', { n: i + 1 })} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
            <IconButton
              size="small"
              aria-label={translate('exam.photoRemove', { n: i + 1 })}
              onClick={() => field.onChange(paths.filter((p) => p !== path))}
              sx={{ position: 'absolute', top: 2, right: 2, bgcolor: 'background.paper' }}
            >
              <Close fontSize="small" />
            </IconButton>
          </Box>
        ))}
        {busy && (
          <Box sx={{ ...THUMB, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <CircularProgress size={24} aria-label={translate('product.imageUploading')} />
          </Box>
        )}
      </Stack>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 1 }}>
        <ImagePickButton disabled={busy || paths.length >= EXAM_PHOTOS_MAX} multiple labelledBy="exam-photos-label" testId="exam-photos-input" onPick={(files) => void pick(files)}>
          {translate('exam.photoPick')}
        </ImagePickButton>
        <Typography variant="caption" color="text.secondary">
          {translate('exam.photoHint', { count: paths.length, max: EXAM_PHOTOS_MAX })}
        </Typography>
      </Stack>
      {tooMany && (
        <FormHelperText error role="alert">
          {PRODUCT_MSG.imageMax(EXAM_PHOTOS_MAX)}
        </FormHelperText>
      )}
      <ImageUploadErrorDialog open={failed} onClose={() => setFailed(false)} />
    </Box>
  );
}
