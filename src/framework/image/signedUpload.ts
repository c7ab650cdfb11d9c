import { apiRequest } from '../../providers/http';
import type { UploadedImage } from './useImageUpload';

/** The file name's extension, lower case ('' without one). */
export const extOf = (file: File) => (file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '');

/**
 * The signed upload of server/modules/uploads in three steps: `request` answers the signed PUT
 * address and the path (an area's own request, e.g. POST /v1/admin/repair/image), the file's bytes
 * are PUT there, then `confirmPath` (POST { path }) confirms it and answers `{ path, url }`. A failed
 * step throws (the caller shows the upload-error dialog).
 */
export async function signedUpload(file: File, request: (ext: string) => Promise<{ path: string; uploadUrl: string }>, confirmPath: string): Promise<UploadedImage> {
  const { path, uploadUrl } = await request(extOf(file));
  const put = await fetch(uploadUrl, { method: 'PUT', body: file, headers: { 'content-type': file.type || 'application/octet-stream' } });
  if (!put.ok) throw new Error(`upload refused: ${put.status}`);
  return apiRequest<UploadedImage>(confirmPath, { method: 'POST', body: { path } });
}
