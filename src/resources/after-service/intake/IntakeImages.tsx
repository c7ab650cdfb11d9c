import { useEffect, useMemo, useRef } from 'react';
import { Box, Button, FormHelperText, IconButton, Stack, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { AS_IMAGES_MAX, AS_MSG } from '../../../domain/afterService';
import { IMAGE_ACCEPT } from '../../../framework/image/useImageUpload';

/**
 * The intake's photos, held as files until the submit uploads them (a request without a certificate
 * has no nftIdx to upload against before its issue request): at most AS_IMAGES_MAX, a larger
 * selection refused with the spec's message.
 */
export function IntakeImages({ files, onChange, tooMany, onTooMany }: { files: File[]; onChange: (files: File[]) => void; tooMany: boolean; onTooMany: (v: boolean) => void }) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  // The server's refusal of the uploaded paths (images), set after a submit.
  const serverError = (useFormState({ name: 'images' }).errors.images as { message?: string } | undefined)?.message;
  const previews = useMemo(() => files.map((f) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(f) : '')), [files]);
  useEffect(() => () => previews.forEach((u) => u && URL.revokeObjectURL(u)), [previews]);
  const add = (list: FileList | null) => {
    const picked = Array.from(list ?? []);
    if (input.current) input.current.value = '';
    if (files.length + picked.length > AS_IMAGES_MAX) {
      onTooMany(true);
      return;
    }
    onTooMany(false);
    onChange([...files, ...picked]);
  };
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2">{translate('afterServiceIntake.form.images')}</Typography>
        <Typography variant="caption" color="text.secondary">{`${files.length} / ${AS_IMAGES_MAX}`}</Typography>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {files.map((file, i) => (
          <Box key={`${file.name}-${i}`} sx={{ position: 'relative', width: 88, height: 88, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
            {previews[i] ? <Box component="img" src={previews[i]} alt={file.name} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : null}
            <IconButton size="small" aria-label={translate('afterServiceIntake.form.removeImage', { name: file.name })}
              onClick={() => onChange(files.filter((_, j) => j !== i))} sx={{ position: 'absolute', top: 0, right: 0, bgcolor: 'background.paper' }}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
        ))}
        {files.length < AS_IMAGES_MAX ? (
          <Button variant="outlined" component="label" sx={{ width: 88, height: 88 }}>
            {translate('afterServiceIntake.form.addImage')}
            <input ref={input} hidden type="file" multiple accept={IMAGE_ACCEPT} aria-label={translate('afterServiceIntake.form.imageFiles')} onChange={(e) => add(e.target.files)} />
          </Button>
        ) : null}
      </Stack>
      {tooMany ? <FormHelperText error>{AS_MSG.imagesTooMany}</FormHelperText> : serverError ? <FormHelperText error>{serverError}</FormHelperText> : null}
    </Box>
  );
}
