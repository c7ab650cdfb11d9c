import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { hashToken } from '../../plugins/auth';
import { SESSION_TTL_MS } from '../../../src/domain/session';

/** 32 random bytes, base64url: the bearer token. Only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');

export interface IssuedSession {
  token: string;
  expiresAt: string;
}

/** A session ends SESSION_TTL_MS after sign-in, whatever the activity (spec 1 section 9). */
export async function createSession(db: Db, admin: { idx: number; parentIdx: number | null }, now: Date): Promise<IssuedSession> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    adminIdx: admin.idx,
    tenantIdx: admin.parentIdx ?? admin.idx,
    createdAt: now,
    expiresAt,
  });
  return { token, expiresAt: expiresAt.toISOString() };
}

export async function revokeSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Ends every live session of one admin, optionally keeping the one making the request. */
export async function revokeAllSessions(db: Db, adminIdx: number, now: Date, keepTokenHash?: string): Promise<void> {
  const live = and(eq(sessions.adminIdx, adminIdx), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(keepTokenHash ? and(live, ne(sessions.tokenHash, keepTokenHash)) : live);
}
