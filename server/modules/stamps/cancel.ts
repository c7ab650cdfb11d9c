import { sql } from 'drizzle-orm';
import { cancelStamps } from '../../../src/domain/stamp';
import type { Db } from '../../db/client';
import { stampCards, stampHistory } from '../../db/schema';
import { rowsOf } from '../products/service';

/**
 * Taking back the stamps of cancelled certificates (issue 11 item 6; the rule is
 * src/domain/stamp.ts `cancelStamps`), always inside the cancel's transaction
 * (server/modules/guarantees/transitions.ts, single and bulk alike). A stamp is the ACCRUED history row
 * with trigger GUARANTEE whose ref_idx is the certificate; the customer is the row's (the one who got
 * the stamp, even if the certificate was moved to another customer since). It is taken back whatever
 * the card's setting is now (paused, or on another trigger): the stamp is still on the card.
 *
 * As in `applyStamps`, each customer's card row is locked (FOR UPDATE, customer order) before the
 * card and the history rows are read, so a concurrent accrual or cancel never loses or doubles a
 * change. Set-based: four statements whatever the number of certificates (lock, read, mark, count).
 * Returns how many stamps were taken back. `trigger` ORDER takes back the stamps of cancelled customer
 * orders instead (ref_idx the order: a shop order cancelled or returned, server/modules/integrations/ingest.ts).
 */
export async function cancelForCanceled(db: Db, tenantIdx: number, nftIdxList: number[], now: Date, trigger: 'GUARANTEE' | 'ORDER' = 'GUARANTEE'): Promise<number> {
  if (!nftIdxList.length) return 0;
  const refs = JSON.stringify([...new Set(nftIdxList)]);
  const earned = sql`tenant_idx = ${tenantIdx} AND trigger = ${trigger} AND status = 'ACCRUED'
    AND ref_idx IN (SELECT value::int FROM json_array_elements_text(${refs}::json))`;
  const locked = rowsOf<{ customer_idx: number; count: number; card_no: number }>(await db.execute(sql`SELECT customer_idx, count, card_no FROM ${stampCards}
    WHERE tenant_idx = ${tenantIdx} AND customer_idx IN (SELECT customer_idx FROM ${stampHistory} WHERE ${earned})
    ORDER BY customer_idx FOR UPDATE`));
  if (!locked.length) return 0;
  const customerIds = JSON.stringify(locked.map((c) => Number(c.customer_idx)));
  const stamps = rowsOf<{ idx: number; customer_idx: number; card_no: number }>(await db.execute(sql`SELECT idx, customer_idx, card_no FROM ${stampHistory}
    WHERE ${earned} AND customer_idx IN (SELECT value::int FROM json_array_elements_text(${customerIds}::json))
    ORDER BY idx`));
  const byCustomer = new Map<number, { idx: number; cardNo: number }[]>();
  for (const s of stamps) {
    const customerIdx = Number(s.customer_idx);
    byCustomer.set(customerIdx, [...(byCustomer.get(customerIdx) ?? []), { idx: Number(s.idx), cardNo: Number(s.card_no) }]);
  }
  const canceledIdx: number[] = [];
  const cards: { customer_idx: number; count: number }[] = [];
  for (const row of locked) {
    const customerIdx = Number(row.customer_idx);
    const mine = byCustomer.get(customerIdx) ?? [];
    const card = { count: Number(row.count), cardNo: Number(row.card_no) };
    const after = cancelStamps(card, mine);
    mine.forEach((s, i) => { if (after.canceled[i]) canceledIdx.push(s.idx); });
    if (after.count !== card.count) cards.push({ customer_idx: customerIdx, count: after.count });
  }
  if (canceledIdx.length) {
    await db.execute(sql`UPDATE ${stampHistory} SET status = 'CANCELED'
      WHERE tenant_idx = ${tenantIdx} AND idx IN (SELECT value::int FROM json_array_elements_text(${JSON.stringify(canceledIdx)}::json))`);
  }
  if (cards.length) {
    await db.execute(sql`UPDATE ${stampCards} AS s SET count = v.count, updated_at = ${now.toISOString()}::timestamptz
      FROM json_to_recordset(${JSON.stringify(cards)}::json) AS v(customer_idx integer, count integer)
      WHERE s.tenant_idx = ${tenantIdx} AND s.customer_idx = v.customer_idx`);
  }
  return canceledIdx.length;
}
