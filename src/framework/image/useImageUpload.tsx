import { useId, useState } from 'react';
import { Dialog, DialogContent, DialogContentText } from '@mui/material';
import { MSG } from '../../domain/messages';
import { DialogOkActions } from '../ui';
import { IMAGE_UPLOAD_MAX_BYTES, PRODUCT_IMAGE_EXTENSIONS } from '../../domain/product';

export interface UploadedImage {
  path: string;
  url: string;
}

/** Whether the browser refuses `file` before sending it: over 10 MB or not an accepted image extension (the server also checks the bytes). */
export function imageFileRefused(file: File): boolean {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  return file.size > IMAGE_UPLOAD_MAX_BYTES || !(PRODUCT_IMAGE_EXTENSIONS as readonly string[]).includes(ext);
}

/** The file input's `accept` of the image inputs. */
export const IMAGE_ACCEPT = PRODUCT_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * One image upload (POST /v1/file/upload): `send(file)` refuses what imageFileRefused refuses, else
 * uploads with `upload` while `busy` and hands the answer to `onUploaded`; a refusal or a failed
 * upload sets `failed` (show <ImageUploadErrorDialog>).
 */
export function useImageUpload(upload: (file: File) => Promise<UploadedImage>, onUploaded: (image: UploadedImage) => void) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const send = async (file: File) => {
    if (imageFileRefused(file)) {
      setFailed(true);
      return;
    }
    setBusy(true);
    try {
      onUploaded(await upload(file));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return { busy, setBusy, failed, setFailed, send };
}

/** '이미지 업로드 중 오류가 발생했습니다.' with 닫기. */
export function ImageUploadErrorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const textId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogContent>
        <DialogContentText id={textId} sx={{ color: 'text.primary' }}>
          {MSG.imageUploadError}
        </DialogContentText>
      </DialogContent>
      <DialogOkActions onClose={onClose} label="app.common.close" />
    </Dialog>
  );
}
