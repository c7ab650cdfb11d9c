import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  LOUNGE_MSG, LOUNGE_SESSION_TTL_MS, LOUNGE_TOKEN_HEADER, OTP_LENGTH, OTP_LIMITS, OTP_MAX_ATTEMPTS, OTP_TTL_MS, otpCheck, otpSendRefusal,
} from '../../../src/domain/lounge';
import { DEFAULT_COUNTRY_CODE } from '../../../src/domain/guarantee';
import type { Db } from '../../db/client';
import { customers, loungeOtps, loungeSessions } from '../../db/schema';
import { ApiError, tooManyRequests, unauthorized, validationFailed } from '../../http/errors';
import type { MessagingProvider } from '../../providers/messaging';
import { clearSecretsOf } from '../../providers/messaging/secrets';
import type { LoungeTenant } from './service';

/**
 * Lounge sign-in: one-time codes by SMS (the messaging provider; the local outbox in the demo) and
 * the customer's session. Codes and tokens are stored only hashed; neither, nor the phone, is logged.
 * A customer session is its own table and header (X-Lounge-Token), bound to one tenant: the partner
 * auth hook never reads that header and the lounge never reads the partner's, so neither token opens
 * the other's routes.
 */

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const hashIp = (ip: string) => sha256(`lounge-ip:${ip}`);

function hashCode(code: string): string {
  const salt = randomBytes(16).toString('hex');
  return `${salt}$${sha256(`${salt}:${code}`)}`;
}
function codeMatches(stored: string, code: string): boolean {
  const [salt, hash] = stored.split('$');
  const a = Buffer.from(sha256(`${salt}:${code}`), 'hex');
  const b = Buffer.from(hash ?? '', 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The messages' ref_type: their ref_idx is the code's lounge_otps idx, so a used code's message is masked (server/providers/messaging/secrets.ts). */
const OTP_REF = 'lounge_otp';

const SEND_REFUSAL_MSG = { PHONE_GAP: LOUNGE_MSG.sendGap, PHONE_LIMIT: LOUNGE_MSG.sendPhoneLimit, IP_LIMIT: LOUNGE_MSG.sendIpLimit } as const;

/**
 * Sends a new code to the phone unless a limit refuses it (429 with the limit's message). Earlier
 * codes of the phone are spent (and masked in the outbox). The count and the insert run under
 * transaction-scoped advisory locks of the phone, then of the IP (always in that order, so no two sends wait on each other in a
 * cycle): concurrent sends cannot slip past a limit.
 */
export async function sendCode(
  db: Db, messaging: MessagingProvider, tenant: LoungeTenant, phone: string, ip: string, now: Date,
): Promise<{ expiresAt: Date }> {
  const since = new Date(now.getTime() - OTP_LIMITS.windowMs);
  const ipHash = hashIp(ip);
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
  const thePhone = and(eq(loungeOtps.tenantIdx, tenant.tenantIdx), eq(loungeOtps.countryCode, DEFAULT_COUNTRY_CODE), eq(loungeOtps.phone, phone));
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`lounge-otp-phone:${tenant.tenantIdx}:${phone}`}))`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`lounge-otp-ip:${ipHash}`}))`);
    const phoneSends = await tx.select({ createdAt: loungeOtps.createdAt }).from(loungeOtps)
      .where(and(thePhone, gt(loungeOtps.createdAt, since))).orderBy(desc(loungeOtps.createdAt));
    const [ipSends] = await tx.select({ n: count() }).from(loungeOtps).where(and(eq(loungeOtps.ipHash, ipHash), gt(loungeOtps.createdAt, since)));
    const refusal = otpSendRefusal(now.getTime(), phoneSends.map((s) => s.createdAt.getTime()), ipSends.n);
    if (refusal) throw tooManyRequests(SEND_REFUSAL_MSG[refusal]);
    const spent = await tx.update(loungeOtps).set({ usedAt: now }).where(and(thePhone, isNull(loungeOtps.usedAt))).returning({ idx: loungeOtps.idx });
    await clearSecretsOf(tx, tenant.tenantIdx, OTP_REF, spent.map((o) => o.idx));
    const [otp] = await tx.insert(loungeOtps).values({
      tenantIdx: tenant.tenantIdx, countryCode: DEFAULT_COUNTRY_CODE, phone, codeHash: hashCode(code), ipHash, expiresAt, createdAt: now,
    }).returning({ idx: loungeOtps.idx });
    await messaging.queue([{
      tenantIdx: tenant.tenantIdx, channel: 'SMS', templateCode: 'LOUNGE_OTP', countryCode: DEFAULT_COUNTRY_CODE, phone,
      variables: { code, text: LOUNGE_MSG.otpMessage(tenant.brandName, code) }, refType: OTP_REF, refIdx: otp.idx,
      secret: { variable: 'code', expiresAt },
    }], tx);
  });
  return { expiresAt };
}

/**
 * Checks a code against the phone's newest unspent one. A wrong try is counted by a conditional
 * UPDATE (attempts < 5), so concurrent guesses cannot exceed the lock; the right one is spent by
 * another (used_at IS NULL), so it signs in once. A used or locked code is masked in the outbox. Then the customer is found or created by phone
 * and marked as a lounge member (hasWallet).
 */
export async function verifyCode(
  db: Db, tenant: LoungeTenant, phone: string, code: string, now: Date,
  /** Who signs in: a lounge member (hasWallet Y, named 라운지 회원 when new), or a waiting guest (issue 26: found or created by phone, not marked). */
  as: { member: boolean; newName: string } = { member: true, newName: LOUNGE_MSG.defaultCustomerName },
): Promise<{ customerIdx: number }> {
  const [otp] = await db.select().from(loungeOtps)
    .where(and(eq(loungeOtps.tenantIdx, tenant.tenantIdx), eq(loungeOtps.countryCode, DEFAULT_COUNTRY_CODE), eq(loungeOtps.phone, phone), isNull(loungeOtps.usedAt)))
    .orderBy(desc(loungeOtps.createdAt), desc(loungeOtps.idx)).limit(1);
  if (!otp) throw validationFailed({ code: LOUNGE_MSG.codeMissing }, LOUNGE_MSG.codeMissing);
  const check = otpCheck({ expiresAt: otp.expiresAt.getTime(), attempts: otp.attempts }, now.getTime(), codeMatches(otp.codeHash, code));
  if (check === 'EXPIRED') throw new ApiError(400, 'INVALID_TOKEN', LOUNGE_MSG.codeExpired, { code: LOUNGE_MSG.codeExpired });
  if (check === 'LOCKED') throw tooManyRequests(LOUNGE_MSG.codeLocked);
  const key = and(eq(loungeOtps.tenantIdx, tenant.tenantIdx), eq(loungeOtps.idx, otp.idx), isNull(loungeOtps.usedAt));
  if (check === 'WRONG') {
    const [counted] = await db.update(loungeOtps).set({ attempts: sql`${loungeOtps.attempts} + 1` })
      .where(and(key, sql`${loungeOtps.attempts} < ${OTP_MAX_ATTEMPTS}`)).returning({ attempts: loungeOtps.attempts });
    if (!counted || counted.attempts >= OTP_MAX_ATTEMPTS) {
      await clearSecretsOf(db, tenant.tenantIdx, OTP_REF, [otp.idx]);
      throw tooManyRequests(LOUNGE_MSG.codeLocked);
    }
    const message = LOUNGE_MSG.codeWrong(OTP_MAX_ATTEMPTS - counted.attempts);
    throw validationFailed({ code: message }, message);
  }
  const [spent] = await db.update(loungeOtps).set({ usedAt: now })
    .where(and(key, sql`${loungeOtps.attempts} < ${OTP_MAX_ATTEMPTS}`, gt(loungeOtps.expiresAt, now))).returning({ idx: loungeOtps.idx });
  if (!spent) throw validationFailed({ code: LOUNGE_MSG.codeMissing }, LOUNGE_MSG.codeMissing);
  await clearSecretsOf(db, tenant.tenantIdx, OTP_REF, [otp.idx]);
  const [customer] = await db.insert(customers).values({
    tenantIdx: tenant.tenantIdx, countryCode: DEFAULT_COUNTRY_CODE, phone, name: as.newName, hasWallet: as.member ? 'Y' : 'N', createdAt: now, updatedAt: now,
  }).onConflictDoUpdate({
    target: [customers.tenantIdx, customers.countryCode, customers.phone],
    set: as.member ? { hasWallet: 'Y', updatedAt: now } : { updatedAt: now },
  }).returning({ idx: customers.idx });
  return { customerIdx: customer.idx };
}

export async function createLoungeSession(db: Db, tenantIdx: number, customerIdx: number, now: Date) {
  const token = `lng_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + LOUNGE_SESSION_TTL_MS);
  await db.insert(loungeSessions).values({ tokenHash: sha256(token), tenantIdx, customerIdx, createdAt: now, expiresAt });
  return { token, expiresAt };
}

const loungeTokenOf = (request: FastifyRequest): string | null => {
  const raw = request.headers[LOUNGE_TOKEN_HEADER];
  return typeof raw === 'string' && raw.length > 0 && raw.length <= 200 ? raw : null;
};

/** The signed-in customer of this lounge, from X-Lounge-Token only: 401 without a live session of this tenant. */
export async function customerOf(db: Db, request: FastifyRequest, tenantIdx: number, now: Date): Promise<{ customerIdx: number; tokenHash: string }> {
  const token = loungeTokenOf(request);
  if (!token) throw unauthorized('UNAUTHORIZED', LOUNGE_MSG.signInRequired);
  const tokenHash = sha256(token);
  const [session] = await db.select().from(loungeSessions).where(and(eq(loungeSessions.tokenHash, tokenHash), isNull(loungeSessions.revokedAt))).limit(1);
  if (!session || session.tenantIdx !== tenantIdx || session.expiresAt <= now) throw unauthorized('UNAUTHORIZED', LOUNGE_MSG.signInRequired);
  return { customerIdx: session.customerIdx, tokenHash };
}

export async function endLoungeSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(loungeSessions).set({ revokedAt: now }).where(eq(loungeSessions.tokenHash, tokenHash));
}
