import { useId, useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';
import { ImageUploadErrorDialog, useImageUpload } from '../../../framework/image/useImageUpload';
import { ImagePickButton } from '../../../framework/image/ImagePickButton';
import { uploadImage } from '../../product/api';
import type { YN } from './api';

/** Keeps an emptied text input as '' (react-admin's default turns it into null, which the yup lists refuse). */
export const keepText = (value: string | null | undefined): string => value ?? '';

/** A Y/N setting as a switch. */
export function YesNoSwitch({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const { field } = useController({ name: source });
  return (
    <FormControlLabel
      control={<Switch checked={(field.value as YN | undefined) === 'Y'} onChange={(e) => field.onChange(e.target.checked ? 'Y' : 'N')} onBlur={field.onBlur} name={field.name} inputRef={field.ref} />}
      label={translate(label)}
    />
  );
}

/** A list of strings as a group of checkboxes, in `options` order. */
export function CheckboxListInput({ source, label, options }: { source: string; label: string; options: readonly { value: string; label: string }[] }) {
  const translate = useTranslate();
  const id = useId();
  const { field, fieldState } = useController({ name: source });
  const value = (field.value as string[] | undefined) ?? [];
  const toggle = (v: string, on: boolean) => {
    const next = on ? [...value, v] : value.filter((x) => x !== v);
    field.onChange(options.map((o) => o.value).filter((x) => next.includes(x)));
  };
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-labelledby={`${id}-label`}>
      <FormLabel component="legend" id={`${id}-label`} sx={{ fontSize: 14, fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
        {translate(label)}
      </FormLabel>
      <FormGroup row sx={{ columnGap: 1 }}>
        {options.map((o) => (
          <FormControlLabel key={o.value} control={<Checkbox size="small" checked={value.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} />} label={o.label} />
        ))}
      </FormGroup>
      {fieldState.error?.message && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
}

/**
 * The card background (spec 2 section 3, nftBackgroundImg): pick → POST /v1/file/upload (the
 * product image flow) → the field keeps the returned path; preview; remove. Files that are not
 * images or exceed 10 MB, and failed uploads, open '이미지 업로드 중 오류가 발생했습니다.'.
 */
export function BackgroundImageInput({ source = 'backgroundImg', savedUrl, upload = uploadImage }: { source?: string; savedUrl?: string | null; upload?: typeof uploadImage }) {
  const translate = useTranslate();
  const id = useId();
  const { field } = useController({ name: source });
  const [preview, setPreview] = useState<string | null>(savedUrl ?? null);
  const path = (field.value as string | null | undefined) || null;
  const { busy, failed, setFailed, send } = useImageUpload(upload, (uploaded) => {
    field.onChange(uploaded.path);
    setPreview(uploaded.url);
  });

  const pick = async ([file]: File[]) => {
    if (!file) return;
    await send(file);
  };

  return (
    <Box>
      <Typography component="p" variant="body2" sx={{ fontWeight: 600, mb: 1 }} id={`${id}-label`}>
        {translate('template.fields.backgroundImg')}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="flex-start">
        <Box sx={{ width: 96, height: 120, flexShrink: 0, borderRadius: 2, border: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', bgcolor: 'grey.50' }}>
          {busy ? (
            <CircularProgress size={24} aria-label={translate('template.image.uploading')} />
          ) : path && preview ? (
            <Box component="img" src={preview} alt={translate('template.image.alt')} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {translate('template.image.none')}
            </Typography>
          )}
        </Box>
        <Stack spacing={1} sx={{ minWidth: 0 }}>
          <ImagePickButton disabled={busy} labelledBy={`${id}-label`} testId="template-background-input" onPick={(files) => void pick(files)}>
            {translate('template.image.pick')}
          </ImagePickButton>
          {path && (
            <Button
              variant="text"
              size="small"
              color="error"
              disabled={busy}
              onClick={() => {
                field.onChange(null);
                setPreview(null);
              }}
            >
              {translate('template.image.remove')}
            </Button>
          )}
          <Typography variant="caption" color="text.secondary">
            {translate('template.image.hint')}
          </Typography>
        </Stack>
      </Stack>
      <ImageUploadErrorDialog open={failed} onClose={() => setFailed(false)} />
    </Box>
  );
}


/** Room for the outlined inputs' floating labels inside array inputs (stacked, or side by side from sm up). */
export const iteratorSx = {
  '& .RaSimpleFormIterator-line': { pt: 1.5, pb: 0.5 },
  '& .RaSimpleFormIterator-form': { display: 'flex', flexDirection: 'column', gap: 1.5 },
  '& .RaSimpleFormIterator-inline': { flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5, alignItems: { xs: 'stretch', sm: 'flex-start' } },
  '& .RaSimpleFormIterator-inline .MuiFormControl-root, & .RaSimpleFormIterator-form .MuiFormControl-root': { m: 0 },
  '& .RaSimpleFormIterator-inline .MuiFormControl-root': { flex: 1, minWidth: 0 },
} as const;
