import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '../../../src/domain/messages';
import { uploads } from '../../db/schema';
import { ApiError, validationFailed } from '../../http/errors';
import { principalOf } from '../../plugins/auth';
import { newStorageKey } from '../../providers/storage';
import { CONTENT_TYPES, sniffImage } from './sniff';

/** The refusal of every bad upload: one message on `file`, whatever went wrong (no detail to a client). */
export const imageError = () => validationFailed({ file: MSG.imageUploadError }, MSG.imageUploadError);

/**
 * Stores the one image of a multipart request (field `file`, its type from its bytes, not its
 * name) under a fresh key of the tenant and records it as a ready upload of the tenant.
 * The route must have @fastify/multipart registered in its scope.
 */
export async function receiveImage(app: FastifyInstance, request: FastifyRequest, logLabel: string): Promise<{ path: string; url: string }> {
  const principal = principalOf(request);
  if (!request.isMultipart()) throw imageError();
  let data: Buffer;
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw imageError();
    data = await file.toBuffer();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    request.log.info({ err: (err as Error).message }, logLabel);
    throw imageError();
  }
  const ext = sniffImage(data);
  if (!ext) throw imageError();
  const key = newStorageKey(principal.tenantIdx, ext);
  await app.storage.put(key, data);
  await app.db.insert(uploads).values({
    tenantIdx: principal.tenantIdx, path: key, status: 'ready', contentType: CONTENT_TYPES[ext], size: data.length,
    createdBy: principal.adminIdx, createdAt: app.clock.now(),
  });
  return { path: key, url: app.storage.url(key) };
}
