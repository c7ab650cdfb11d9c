import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { operatorSessions, operators } from '../../db/schema';
import type { OperatorRole } from '../../../src/domain/operators';
import { SESSION_TTL_MS } from '../../../src/domain/session';
import { newToken, type IssuedSession } from '../accounts/sessions';
import { createHash } from 'node:crypto';

/** The signed-in operator behind an operator route (docs/roles.md, "Operators"). */
export interface OperatorPrincipal {
  kind: 'operator';
  operatorIdx: number;
  email: string;
  name: string;
  role: OperatorRole;
  tokenHash: string;
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The operator of a live, unexpired session, read from the database on every request (operator
 * traffic is light; nothing about who may act is kept in memory, so a revoked session or a changed
 * role holds on every process at once).
 */
export async function loadOperatorSession(db: Db, tokenHash: string, now: Date): Promise<OperatorPrincipal | null> {
  const [row] = await db
    .select({ idx: operators.idx, email: operators.email, name: operators.name, role: operators.role })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.idx, operatorSessions.operatorIdx))
    .where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt), gt(operatorSessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  return Object.freeze({ kind: 'operator', operatorIdx: row.idx, email: row.email, name: row.name, role: row.role, tokenHash });
}

/** An operator's session ends SESSION_TTL_MS after sign-in, as a partner's does. */
export async function createOperatorSession(db: Db, operatorIdx: number, now: Date): Promise<IssuedSession> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await db.insert(operatorSessions).values({ tokenHash: sha256(token), operatorIdx, createdAt: now, expiresAt });
  return { token, expiresAt: expiresAt.toISOString() };
}

export async function revokeOperatorSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(operatorSessions).set({ revokedAt: now }).where(and(eq(operatorSessions.tokenHash, tokenHash), isNull(operatorSessions.revokedAt)));
}

export async function findOperatorByEmail(db: Db, email: string) {
  const [row] = await db.select().from(operators).where(sql`lower(${operators.email}) = ${email.trim().toLowerCase()}`).limit(1);
  return row ?? null;
}
