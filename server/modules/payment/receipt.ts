import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { partnerships } from '../../db/schema';
import { receiptTotals } from '../../../src/domain/vat';
import type { BillRow } from './subscriptionBilling';

/**
 * What a Korean accountant needs on a bill's receipt (issue 23 item 14; docs/api/payment.md, "Bills"):
 * 공급자 (the platform: `config.seller`), 공급받는자 (the tenant's main account: its business number and
 * company name), the card charged (last 4 digits) and 공급가액 + 부가세 = 합계 from the bill's lines
 * (src/domain/vat.ts). Business numbers are digits; the console formats them.
 */
export async function receiptOf(app: FastifyInstance, tenantIdx: number, bill: BillRow) {
  const [buyer] = await app.db.select({ businessNumber: partnerships.businessNum, name: partnerships.companyName })
    .from(partnerships).where(eq(partnerships.idx, tenantIdx));
  const { supply, vat, total } = receiptTotals(bill.itemList);
  return {
    supplier: { ...app.config.seller },
    buyer: { businessNumber: buyer?.businessNumber ?? null, name: buyer?.name ?? '' },
    cardNumber: bill.cardNumber,
    supplyAmount: supply,
    vat,
    totalAmount: total,
  };
}
