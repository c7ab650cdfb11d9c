import type { LightMyRequestResponse } from 'fastify';

/** Real 1×1 images, one per accepted type. */
export const TINY_IMAGES = {
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64'),
  jpg: Buffer.from('/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=', 'base64'),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  webp: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
} as const;

/** A multipart/form-data body with one file part, ready for inject. */
export function multipartFile(filename: string, content: Buffer, opts: { field?: string; contentType?: string } = {}) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${filename}"\r\n` +
      `Content-Type: ${opts.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads an image through POST /v1/file/upload with the given injector; returns the response. */
export function uploadImage(
  call: (opts: import('fastify').InjectOptions) => Promise<LightMyRequestResponse>,
  filename = 'a.png',
  content: Buffer = TINY_IMAGES.png,
) {
  const { payload, headers } = multipartFile(filename, content);
  return call({ method: 'POST', url: '/api/v1/file/upload', payload, headers });
}
