import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { messageChannels, partnerships } from '../db/schema';

/**
 * The demo brand's messaging (issue 25): its Kakao channel and sender number linked and approved,
 * the contact and 080 opt-out line ads name, and KakaoTalk consent for the customers who accepted
 * marketing, so a one-off campaign can be composed, test-sent and sent at once. Idempotent.
 */
export async function seedMessages(db: Db, now: Date): Promise<void> {
  const [brand] = await db.select({ idx: partnerships.idx }).from(partnerships).where(eq(partnerships.email, 'brand@demo.test')).limit(1);
  if (!brand) return;
  await db.insert(messageChannels).values({
    tenantIdx: brand.idx, senderKey: 'demo-kakao-sender-key', kakaoState: 'APPROVED', senderNumber: '0212345678', senderNumberState: 'REGISTERED',
    optOutNumber: '080-500-1234', contact: '02-1234-5678', frequencyCap: 1, updatedAt: now,
  }).onConflictDoNothing();
  await db.execute(sql`insert into customer_kakao_consents (tenant_idx, customer_idx, agreed, agreed_at)
    select tenant_idx, idx, 'Y', ${now} from customers where tenant_idx = ${brand.idx} and agree_marketing = 'Y'
    on conflict do nothing`);
}
