import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../products/service';
import type { Channel } from '../../../src/domain/message';

/**
 * The frequency cap in the database (docs/api/messages.md "Frequency cap"): a send takes one slot of
 * the customer's day on the channel by one statement, `INSERT … ON CONFLICT DO UPDATE SET n = n + 1
 * WHERE n < cap`, so whatever number of campaigns and processes send at once, no customer gets more
 * ads a day than the cap. Customers are taken in idx order, so two concurrent batches lock the same
 * rows in the same order.
 */
export async function takeCapSlots(db: Db, tenantIdx: number, channel: Channel, day: string, cap: number, customerIdxs: number[]): Promise<Set<number>> {
  const ids = [...new Set(customerIdxs)].sort((a, b) => a - b);
  if (!ids.length) return new Set();
  const values = sql.join(ids.map((c) => sql`(${tenantIdx}::int, ${c}::int, ${channel}, ${day}::date, 1)`), sql`, `);
  const rows = rowsOf<{ customer_idx: number }>(await db.execute(sql`
    insert into message_daily_caps as d (tenant_idx, customer_idx, channel, day, n) values ${values}
    on conflict (tenant_idx, customer_idx, channel, day) do update set n = d.n + 1 where d.n < ${cap}
    returning d.customer_idx`));
  return new Set(rows.map((r) => Number(r.customer_idx)));
}

/** Gives back the slots of ads that failed (each once: only rows that just left PENDING are passed). */
export async function releaseCapSlots(db: Db, tenantIdx: number, slots: { customerIdx: number; channel: Channel; day: string }[]): Promise<void> {
  for (const s of slots) {
    await db.execute(sql`update message_daily_caps set n = greatest(n - 1, 0)
      where tenant_idx = ${tenantIdx} and customer_idx = ${s.customerIdx} and channel = ${s.channel} and day = ${s.day}::date`);
  }
}
