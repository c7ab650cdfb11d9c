import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { uploads } from '../../db/schema';
import { MSG } from '../../../src/domain/messages';
import { ApiError } from '../../http/errors';
import { newStorageKey, STORAGE_KEY } from '../../providers/storage';
import type { ImageExt } from './sniff';

/** How long a signed upload URL may be used. */
export const SIGNED_UPLOAD_TTL_MS = 15 * 60 * 1000;

export function signUpload(secret: string, key: string, expires: number): string {
  return createHmac('sha256', secret).update(`PUT\n${key}\n${expires}`).digest('base64url');
}

function signatureValid(secret: string, key: string, expires: number, signature: string): boolean {
  const expected = Buffer.from(signUpload(secret, key, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A signed PUT's address as it arrives: the path's two parts and the query's two values. */
export interface SignedAddress {
  tenantIdx: string;
  name: string;
  expires: unknown;
  signature: unknown;
}

/** Refused: a key, a signature or an expiry that does not hold (also when the row is not a pending upload). */
export const uploadRefused = () => new ApiError(403, 'INVALID_TOKEN', MSG.imageUploadError);

/**
 * Whether a signed PUT's address holds, checked before a byte of its body is read (issue 20 A1):
 * the key, the signature and the expiry. Checked by the gate (gate.ts) where Node hands the request
 * over, and again by the route's preParsing.
 */
export function signedAddressHolds(secret: string, now: Date, address: SignedAddress): boolean {
  const key = `${address.tenantIdx}/${address.name}`;
  const { expires, signature } = address;
  const expiresAt = Number(expires);
  return STORAGE_KEY.test(key) && typeof expires === 'string' && Number.isSafeInteger(expiresAt) && typeof signature === 'string'
    && signatureValid(secret, key, expiresAt, signature) && expiresAt * 1000 > now.getTime();
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
