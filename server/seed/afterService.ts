import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { asPartnerLinks } from '../db/schema';
import { findAccountByEmail } from '../modules/accounts/repository';

/**
 * The demo brand's repair and laundry partners, linked as if each had accepted the brand's
 * invitation (docs/api/afterService.md), so an A/S request taken in the demo reaches
 * repair@demo.test or laundry@demo.test. Only where the brand has no link of the kind yet.
 */
export async function seedAfterService(db: Db, now: Date): Promise<void> {
  const brand = await findAccountByEmail(db, 'brand@demo.test');
  if (!brand) return;
  for (const [type, email] of [['repair', 'repair@demo.test'], ['laundry', 'laundry@demo.test']] as const) {
    const partner = await findAccountByEmail(db, email);
    if (!partner) continue;
    const [linked] = await db.select({ idx: asPartnerLinks.idx }).from(asPartnerLinks)
      .where(and(eq(asPartnerLinks.tenantIdx, brand.idx), eq(asPartnerLinks.type, type))).limit(1);
    if (linked) continue;
    await db.insert(asPartnerLinks).values({ tenantIdx: brand.idx, type, partnerIdx: partner.idx, status: 'active', invitedBy: brand.idx, createdAt: now, acceptedAt: now });
  }
}
