import { apiRequest } from '../../providers/http';
import type { UploadedImage } from './useImageUpload';

/** The file name's extension, lower case ('' without one). */
export const extOf = (file: File) => (file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '');

/**
 * The signed upload of server/modules/uploads in three steps: `request` answers the signed PUT
 * address and the path (POST /v1/common/file, or an area's own request such as POST
 * /v1/admin/repair/image), the file's bytes are PUT there, then POST /v1/common/file/upload confirms
 * the path and answers `{ path, url }`. A failed step throws (the caller shows the upload-error dialog).
 */
export async function signedUpload(file: File, request: (ext: string) => Promise<{ path: string; uploadUrl: string }>): Promise<UploadedImage> {
  const { path, uploadUrl } = await request(extOf(file));
  const put = await fetch(uploadUrl, { method: 'PUT', body: file, headers: { 'content-type': file.type || 'application/octet-stream' } });
  if (!put.ok) throw new Error(`upload refused: ${put.status}`);
  return apiRequest<UploadedImage>('/v1/common/file/upload', { method: 'POST', body: { path } });
}
