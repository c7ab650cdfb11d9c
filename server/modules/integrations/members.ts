import { and, eq, sql } from 'drizzle-orm';
import { customers, shopMembers } from '../../db/schema';
import { DEFAULT_COUNTRY_CODE, normalizePhone, phoneError } from '../../../src/domain/guarantee';
import { loadSubscription } from '../../plugins/auth';
import { customerSyncAllowed } from '../../../src/domain/integrations';
import { rowsOf } from '../products/service';
import type { Cafe24Api, Cafe24Member } from './cafe24';
import { settingsOf, type Connection } from './ingest';
import type { SyncDeps } from './sync';

/**
 * The Cafe24 customer integration (docs/api/integrations.md "Customers from the mall"): the mall's
 * member list read from a cursor into our customers, each member once. A member already linked
 * (`shop_members`) updates its customer; else the customer with the member's phone is linked, or made.
 * The mall's marketing consents (sms, news_mail) and e-mail are kept as the interwork fields
 * (`interwork_agree_sms`, `interwork_agree_email`, `interwork_email`): the customer's own consents
 * given to the brand are never changed by the mall. Members without a mobile number we can keep are
 * passed over (a customer is its phone).
 */

const MEMBER_PAGE = 500;
/** Cafe24 caps the offset at 8,000: past it the window starts again at the cursor's date. */
const MEMBER_OFFSET_MAX = 8000;

const yn = (v: string | null | undefined): 'Y' | 'N' => (v === 'T' ? 'Y' : 'N');

/** One member into a customer, in its own transaction. Returns whether a customer was linked or updated. */
export async function importMember(deps: SyncDeps, c: Connection, m: Cafe24Member, now: Date): Promise<boolean> {
  const memberId = String(m.member_id ?? '').trim();
  if (!memberId) return false;
  const consents = { interworkAgreeSms: yn(m.sms), interworkAgreeEmail: yn(m.news_mail), interworkEmail: m.email?.trim() || null, hasCafe24Interwork: 'Y' as const };
  return deps.db.transaction(async (tx) => {
    const [linked] = await tx.select({ customerIdx: shopMembers.customerIdx }).from(shopMembers)
      .where(and(eq(shopMembers.tenantIdx, c.tenantIdx), eq(shopMembers.connectionIdx, c.idx), eq(shopMembers.memberId, memberId))).limit(1);
    if (linked) {
      await tx.update(customers).set({ ...consents, updatedAt: now }).where(and(eq(customers.tenantIdx, c.tenantIdx), eq(customers.idx, linked.customerIdx)));
      return true;
    }
    const raw = (m.cellphone ?? '').trim();
    if (!raw || phoneError(raw, DEFAULT_COUNTRY_CODE) !== null) return false;
    const phone = normalizePhone(raw, DEFAULT_COUNTRY_CODE);
    const name = (m.name ?? '').trim() || '고객';
    const at = now.toISOString();
    const [row] = rowsOf<{ idx: number }>(await tx.execute(sql`INSERT INTO ${customers}
        (tenant_idx, country_code, phone, name, has_cafe24_interwork, interwork_agree_sms, interwork_agree_email, interwork_email, created_at, updated_at)
      VALUES (${c.tenantIdx}, ${DEFAULT_COUNTRY_CODE}, ${phone}, ${name}, 'Y', ${consents.interworkAgreeSms}, ${consents.interworkAgreeEmail}, ${consents.interworkEmail}, ${at}::timestamptz, ${at}::timestamptz)
      ON CONFLICT (tenant_idx, country_code, phone) DO UPDATE SET has_cafe24_interwork = 'Y', interwork_agree_sms = excluded.interwork_agree_sms,
        interwork_agree_email = excluded.interwork_agree_email, interwork_email = excluded.interwork_email, updated_at = excluded.updated_at
      RETURNING idx`));
    await tx.insert(shopMembers).values({ tenantIdx: c.tenantIdx, connectionIdx: c.idx, memberId, customerIdx: Number(row.idx), createdAt: now }).onConflictDoNothing();
    return true;
  });
}

/**
 * The mall's members who joined since the cursor (`membersSince`, the join date of the newest member
 * read), oldest first, 500 a page; the cursor is saved after every page. Each run reads again from the
 * cursor's own second (inclusive): a member of that same second reported late is not lost, and those read
 * already are the same members again (linked: nothing new). It starts at the beginning of the mall when
 * the customer integration is first on (the whole list is imported once). Only with `customerSync` on and
 * a plan that allows it (PRO, ENTERPRISE).
 */
export async function pollMembers(
  deps: SyncDeps, c: Connection & { claimToken: string }, api: Cafe24Api, saveCursor: (patch: Record<string, unknown>) => Promise<void>,
): Promise<number> {
  if (!settingsOf(c).customerSync) return 0;
  if (!customerSyncAllowed((await loadSubscription(deps.db, c.tenantIdx))?.planGroup)) return 0;
  let since = c.cursor && typeof c.cursor.membersSince === 'string' ? new Date(c.cursor.membersSince) : new Date(0);
  let start = since;
  let offset = 0;
  let imported = 0;
  for (let pages = 0; pages < 600; pages++) {
    const page = await api.members(start, offset, MEMBER_PAGE, c.shopNo);
    for (const m of page) {
      if (await importMember(deps, c, m, deps.now())) imported++;
      const at = new Date(m.created_date);
      if (!Number.isNaN(at.getTime()) && at > since) since = at;
    }
    await saveCursor({ membersSince: since.toISOString() });
    if (page.length < MEMBER_PAGE) return imported;
    offset += MEMBER_PAGE;
    if (offset > MEMBER_OFFSET_MAX - MEMBER_PAGE) {
      // Past Cafe24's offset cap: a new window at the cursor (more than 8,000 joins in one second would stop here).
      if (since.getTime() === start.getTime()) return imported;
      start = since;
      offset = 0;
    }
  }
  return imported;
}
