import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens } from '../../db/schema';
import { hashToken } from '../../plugins/auth';
import { newToken } from './sessions';

export type EmailTokenPurpose = 'confirm' | 'reset';

const HOUR_MS = 60 * 60 * 1000;
/** A verification link lives a day; a reset link an hour, since it grants the account. */
const TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = { confirm: 24 * HOUR_MS, reset: HOUR_MS };

export async function issueEmailToken(db: Db, adminIdx: number, purpose: EmailTokenPurpose, now: Date): Promise<string> {
  const token = newToken();
  await db.insert(emailTokens).values({
    tokenHash: hashToken(token),
    adminIdx,
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
  });
  return token;
}

/**
 * Uses a token once: the update only matches an unused, unexpired token of that purpose, so two
 * concurrent uses cannot both succeed. Returns the admin it belongs to, or null.
 */
export async function consumeEmailToken(db: Db, token: string, purpose: EmailTokenPurpose, now: Date): Promise<number | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ adminIdx: emailTokens.adminIdx });
  return row?.adminIdx ?? null;
}

/** Spends every other open token of that purpose (after a reset, older reset links stop working). */
export async function spendOpenTokens(db: Db, adminIdx: number, purpose: EmailTokenPurpose, now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.adminIdx, adminIdx), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}
