import { and, eq, type SQL } from 'drizzle-orm';
import { AS_PARTNER_ADMIN_TYPE, type AsType } from '../../../src/domain/afterService';
import { asRequests } from '../../db/schema';
import type { Principal } from '../../plugins/auth';

/**
 * Whose requests a caller reads and moves (docs/api/afterService.md, "Who sees what"): a brand its
 * own (`tenant_idx`), a partner those routed to it (`partner_idx`), of one kind. Every query of
 * `as_requests` filters by `scopeOf(...).where` and nothing else, so a partner can never reach a
 * brand's other rows nor another brand's requests.
 */
export interface AsScope {
  side: 'brand' | 'partner';
  type: AsType;
  /** The brand's tenant (brand side) or the partner's account idx (partner side). */
  ownerIdx: number;
  where: SQL;
}

export function scopeOf(principal: Pick<Principal, 'adminType' | 'tenantIdx'>, type: AsType): AsScope {
  const side = principal.adminType === 'b2b' ? 'brand' : 'partner';
  // The route's access rule already refuses a partner of the other kind; this keeps the query honest on its own.
  if (side === 'partner' && AS_PARTNER_ADMIN_TYPE[type] !== principal.adminType) throw new Error('partner of another kind');
  const owner = side === 'brand' ? eq(asRequests.tenantIdx, principal.tenantIdx) : eq(asRequests.partnerIdx, principal.tenantIdx);
  return { side, type, ownerIdx: principal.tenantIdx, where: and(owner, eq(asRequests.type, type)) as SQL };
}
