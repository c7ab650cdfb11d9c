import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerKakaoConsents, customers, messageChannels, messageOptOuts, messageTemplates } from '../../db/schema';
import { ApiError, notFound } from '../../http/errors';
import { digitsOnly } from '../../../src/domain/patterns';

/**
 * The messaging provider's webhooks (docs/api/messages.md "Webhooks"): results, 알림톡 template
 * reviews and 080 opt-outs. Each is signed: `X-Signature: sha256=<hex HMAC-SHA256 of the body bytes>`
 * with MESSAGING_WEBHOOK_SECRET; without the secret configured they answer 404.
 */
export const SIGNATURE_HEADER = 'x-signature';

export const signBody = (secret: string, body: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

export function checkSignature(request: FastifyRequest, secret: string | undefined): void {
  if (!secret) throw notFound();
  const raw = (request as { rawBody?: string }).rawBody ?? '';
  const sent = String(request.headers[SIGNATURE_HEADER] ?? '');
  const expected = signBody(secret, raw);
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new ApiError(401, 'INVALID_TOKEN', '서명이 올바르지 않아요');
}

/** A review result: the template's state and the reviewer's comment (rejections). */
export async function applyReview(db: Db, code: string, state: 'REQUESTED' | 'IN_REVIEW' | 'APPROVED' | 'REJECTED', comment: string | null, now: Date) {
  const rows = await db.update(messageTemplates).set({ reviewState: state, reviewComment: state === 'REJECTED' ? comment : null, updatedAt: now })
    .where(eq(messageTemplates.providerCode, code)).returning({ idx: messageTemplates.idx });
  return rows.length;
}

/**
 * An opt-out by the 080 number: the brand whose 080 number it is records it (no ad goes to the
 * phone again, whatever the consent or purchases) and the customer's marketing, SMS and KakaoTalk
 * consents are withdrawn, before the next send reads them.
 */
export async function applyOptOut(db: Db, optOutNumber: string, phone: string, now: Date): Promise<number> {
  const digits = digitsOnly(phone);
  const tenants = await db.select({ tenantIdx: messageChannels.tenantIdx }).from(messageChannels)
    .where(sql`regexp_replace(coalesce(${messageChannels.optOutNumber}, ''), '[^0-9]', '', 'g') = ${digitsOnly(optOutNumber)}`);
  for (const { tenantIdx } of tenants) {
    await db.transaction(async (tx) => {
      await tx.insert(messageOptOuts).values({ tenantIdx, phone: digits, via: '080', createdAt: now }).onConflictDoNothing();
      const withdrawn = await tx.update(customers).set({ agreeMarketing: 'N', agreeSms: 'N', updatedAt: now })
        .where(and(eq(customers.tenantIdx, tenantIdx), eq(customers.phone, digits))).returning({ idx: customers.idx });
      for (const c of withdrawn) {
        await tx.update(customerKakaoConsents).set({ agreed: 'N', agreedAt: null })
          .where(and(eq(customerKakaoConsents.tenantIdx, tenantIdx), eq(customerKakaoConsents.customerIdx, c.idx)));
      }
    });
  }
  return tenants.length;
}
