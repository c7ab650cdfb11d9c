import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { uploads } from '../../db/schema';
import { newStorageKey } from '../../providers/storage';
import type { ImageExt } from './sniff';

/** How long a signed upload URL may be used. */
export const SIGNED_UPLOAD_TTL_MS = 15 * 60 * 1000;

export function signUpload(secret: string, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`PUT\n${key}\n${expires}`).digest('base64url');
}

/**
 * The request step of a signed upload, shared by POST /v1/common/file and the A/S images: a fresh
 * key in the owner tenant's folder, recorded as a pending upload, and the PUT address signed for it.
 */
export async function requestSignedUpload(app: FastifyInstance, owner: { tenantIdx: number; adminIdx: number }, ext: ImageExt) {
  const key = newStorageKey(owner.tenantIdx, ext);
  const now = app.clock.now();
  const expires = Math.floor((now.getTime() + SIGNED_UPLOAD_TTL_MS) / 1000);
  await app.db.insert(uploads).values({ tenantIdx: owner.tenantIdx, path: key, status: 'pending', createdBy: owner.adminIdx, createdAt: now });
  const signature = signUpload(app.config.uploadSecret, key, expires);
  return { uploadUrl: `/api/media/upload/${key}?expires=${expires}&signature=${signature}`, path: key, expiresAt: new Date(expires * 1000).toISOString() };
}
