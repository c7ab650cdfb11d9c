import { useRef, useState } from 'react';
import { Avatar, Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { presentError } from '../../dataProvider/errors';
import { ApiRequestError } from '../../providers/http';
import { fileUrl, loungeApi } from './api';

/**
 * An image of the lounge (logo or lounge image): the current picture, an upload through
 * POST /v1/admin/lounge/image (the path goes in the form) and a remove button, with the size guidance.
 */
export function ImageField({ source, label, help, round = false }: { source: 'logo' | 'image'; label: string; help: string; round?: boolean }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const path = field.value as string | null;
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setUploadError(null);
    try {
      const uploaded = await loungeApi.upload(file);
      field.onChange(uploaded.path);
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 400) setUploadError(err.message);
      else presentError(err);
    } finally {
      setBusy(false);
      if (inputRef.current) inputRef.current.value = '';
    }
  };
  const error = uploadError ?? fieldState.error?.message ?? null;
  return (
    <Stack direction="row" spacing={2} alignItems="center">
      <Avatar
        variant={round ? 'circular' : 'rounded'}
        src={path ? fileUrl(path) : undefined}
        alt={label}
        sx={{ width: 72, height: 72, bgcolor: 'grey.100', color: 'grey.400', border: '1px solid', borderColor: 'divider' }}
      />
      <Box>
        <Typography variant="subtitle2">{label}</Typography>
        <Typography variant="caption" color="text.secondary">{help}</Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
          <Button size="small" variant="outlined" component="label" disabled={busy}>
            {busy ? translate('lounge.uploading') : translate(path ? 'lounge.replace' : 'lounge.upload')}
            <input
              ref={inputRef} hidden type="file" accept="image/jpeg,image/png,image/gif,image/webp" aria-label={`${label} ${translate('lounge.upload')}`}
              onChange={(e) => void pick(e.target.files?.[0])}
            />
          </Button>
          {path ? <Button size="small" onClick={() => field.onChange(null)}>{translate('lounge.remove')}</Button> : null}
        </Stack>
        {error ? <FormHelperText error>{error}</FormHelperText> : null}
      </Box>
    </Stack>
  );
}
