import { randomBytes } from 'node:crypto';
import { CERTIFICATE_PAGE } from '../paths';

/** 24 random bytes, base64url: certificate links cannot be guessed or enumerated. */
export function newPublicToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The link a customer opens (QR, 알림톡): the public certificate page of that token. */
export function certificateUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}${CERTIFICATE_PAGE}/${token}`;
}
