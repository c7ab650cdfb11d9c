import { useState } from 'react';
import { Box, Button, CircularProgress, FormHelperText, Stack, Typography } from '@mui/material';
import { useTranslate, type Identifier } from 'react-admin';
import { useController } from 'react-hook-form';
import { PRODUCT_IMAGE_MAX, PRODUCT_MSG } from '../../domain/product';
import { ImageUploadErrorDialog, useImageUpload } from '../../framework/image/useImageUpload';
import { ImagePickButton } from '../../framework/image/ImagePickButton';
import { removeProductImage, uploadImage } from './api';

export interface ProductImageInputProps {
  /** The form field holding the uploaded image's path. */
  source?: string;
  /** The saved product (edit): removing its saved image calls DELETE …/{id}/image. */
  recordId?: Identifier;
  /** The saved image ({ path, url }) shown first. */
  saved?: { path: string; url: string } | null;
  /** After the saved image was detached: the page reads the product again (the edit form keeps its values). */
  onSavedImageRemoved?: () => void;
  /** The input's label key (a coupon's image, a membership card's background); the product image's by default. */
  label?: string;
}

/**
 * One product image (spec 2 sections 3, 5, 8): pick → POST /v1/file/upload → the field keeps the
 * returned path; preview; remove. A second image is refused with '최대 1장만 업로드할 수 있습니다';
 * an upload failure opens '이미지 업로드 중 오류가 발생했습니다.' with a close button.
 */
export function ProductImageInput({ source = 'productImage', recordId, saved, onSavedImageRemoved, label = 'product.fields.productImage' }: ProductImageInputProps) {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name: source });
  const [preview, setPreview] = useState<string | null>(saved?.url ?? null);
  const [tooMany, setTooMany] = useState(false);
  const path = (field.value as string | null | undefined) || null;
  const { busy, setBusy, failed, setFailed, send } = useImageUpload(uploadImage, (uploaded) => {
    field.onChange(uploaded.path);
    setPreview(uploaded.url);
  });

  const pick = async (list: File[]) => {
    if (list.length === 0) return;
    if (list.length > PRODUCT_IMAGE_MAX || path) {
      setTooMany(true);
      return;
    }
    setTooMany(false);
    await send(list[0]);
  };

  const clear = async () => {
    setTooMany(false);
    if (recordId !== undefined && saved && path === saved.path) {
      setBusy(true);
      try {
        await removeProductImage(recordId);
        onSavedImageRemoved?.();
      } catch {
        setBusy(false);
        return;
      }
      setBusy(false);
    }
    field.onChange(null);
    setPreview(null);
  };

  return (
    <Box>
      <Typography component="p" variant="body2" sx={{ fontWeight: 600, mb: 1 }} id="product-image-label">
        {translate(label)}
      </Typography>
      <Stack direction="row" spacing={2} alignItems="flex-start">
        <Box
          sx={{ width: 120, height: 120, borderRadius: 2, border: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden', bgcolor: 'grey.50' }}
        >
          {busy ? (
            <CircularProgress size={24} aria-label={translate('product.imageUploading')} />
          ) : path && preview ? (
            <Box component="img" src={preview} alt={translate('product.imageAlt')} sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {translate('product.noImage')}
            </Typography>
          )}
        </Box>
        <Stack spacing={1}>
          <ImagePickButton disabled={busy} multiple labelledBy="product-image-label" testId="product-image-input" onPick={(files) => void pick(files)}>
            {translate('product.imagePick')}
          </ImagePickButton>
          {path && (
            <Button variant="text" size="small" color="error" disabled={busy} onClick={() => void clear()}>
              {translate('product.imageRemove')}
            </Button>
          )}
          <Typography variant="caption" color="text.secondary">
            {translate('product.imageHint')}
          </Typography>
        </Stack>
      </Stack>
      {tooMany && (
        <FormHelperText error role="alert">
          {PRODUCT_MSG.imageMax(PRODUCT_IMAGE_MAX)}
        </FormHelperText>
      )}
      {/* The form's own error on the field (a coupon's image when 쿠폰 이미지 사용 is on), which no generic input shows here. */}
      {!tooMany && fieldState.error?.message && (
        <FormHelperText error role="alert">
          {translate(fieldState.error.message, { _: fieldState.error.message })}
        </FormHelperText>
      )}
      <ImageUploadErrorDialog open={failed} onClose={() => setFailed(false)} />
    </Box>
  );
}
