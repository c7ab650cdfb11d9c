import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../products/service';
import { isRedirectable, type CampaignInput } from '../../../src/domain/message';

/**
 * A click of a tracked link: the recipient found by its token (unique), the click counted per
 * recipient and button by one upsert, and the button's address answered; null when the token or
 * the button is unknown, or the address is not a web address.
 */
export async function recordClick(db: Db, token: string, button: number, now: Date): Promise<string | null> {
  const [r] = rowsOf<{ tenant_idx: number; campaign_idx: number; customer_idx: number; payload: CampaignInput | string }>(await db.execute(sql`
    select r.tenant_idx, r.campaign_idx, r.customer_idx, c.payload from message_recipients r
    join message_campaigns c on c.tenant_idx = r.tenant_idx and c.idx = r.campaign_idx
    where r.link_token = ${token} limit 1`));
  if (!r) return null;
  const payload = (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as CampaignInput;
  const url = payload.messageContent?.buttons?.[button - 1]?.url?.trim();
  if (!url || !isRedirectable(url)) return null;
  await db.execute(sql`insert into message_clicks as k (tenant_idx, campaign_idx, customer_idx, button, clicks, first_at, last_at)
    values (${r.tenant_idx}, ${r.campaign_idx}, ${r.customer_idx}, ${button}, 1, ${now}, ${now})
    on conflict (tenant_idx, campaign_idx, customer_idx, button) do update set clicks = k.clicks + 1, last_at = excluded.last_at`);
  return url;
}
