import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IMAGE_UPLOAD_MAX_BYTES } from '../../../src/domain/product';
import { uploads } from '../../db/schema';
import { principalOf } from '../../plugins/auth';
import { newStorageKey } from '../../providers/storage';
import { imageError } from './errors';
import { CONTENT_TYPES } from './sniff';
import { readImage } from './stream';

/**
 * Stores the one image of a multipart request (field `file`, its type from its bytes, not its
 * name) under a fresh key of the tenant and records it as a ready upload of the tenant. The file
 * is streamed to storage and counted on the way (stream.ts): over IMAGE_UPLOAD_MAX_BYTES it is a
 * 413 and neither a file nor a row is left, however many arrive at once.
 * The route must have @fastify/multipart registered in its scope.
 */
export async function receiveImage(app: FastifyInstance, request: FastifyRequest, logLabel: string): Promise<{ path: string; url: string }> {
  const principal = principalOf(request);
  if (!request.isMultipart()) throw imageError();
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    // One byte over the limit, so readImage sees the overflow instead of a file cut short.
    part = await request.file({ limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES + 1 } });
  } catch (err) {
    request.log.info({ err: (err as Error).message }, logLabel);
    throw imageError();
  }
  if (!part || part.fieldname !== 'file') throw imageError();
  const image = await readImage(part.file, IMAGE_UPLOAD_MAX_BYTES);
  const key = newStorageKey(principal.tenantIdx, image.ext);
  await app.storage.put(key, image.body);
  await app.db.insert(uploads).values({
    tenantIdx: principal.tenantIdx, path: key, status: 'ready', contentType: CONTENT_TYPES[image.ext], size: image.size(),
    createdBy: principal.adminIdx, createdAt: app.clock.now(),
  });
  return { path: key, url: app.storage.url(key) };
}
