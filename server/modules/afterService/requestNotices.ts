import { and, asc, eq, inArray } from 'drizzle-orm';
import { AS_NOTICE_TEMPLATE, AS_STATUS_LABELS, type AsStatus } from '../../../src/domain/afterService';
import type { Db } from '../../db/client';
import { brands, nfts } from '../../db/schema';
import type { MessagingProvider, OutboundMessage } from '../../providers/messaging';

/** A request that reached a status, as its 알림톡 needs it. */
export interface MovedRequest {
  tenantIdx: number;
  idx: number;
  nftIdx: number;
  productName: string;
  status: AsStatus;
  preEstimateAmount: number | null;
  estimateAmount: number | null;
  courier: string | null;
  trackingNumber: string | null;
}

/** What a stage's message adds to brandName, productName and statusLabel. */
function stageVariables(r: MovedRequest): Record<string, string> {
  const amount = (n: number | null): Record<string, string> => (n === null ? {} : { amount: n.toLocaleString('ko-KR') });
  if (r.status === 'preinspect') return amount(r.preEstimateAmount);
  if (r.status === 'inspecting') return amount(r.estimateAmount);
  if (r.status === 'shipping') return { courier: r.courier ?? '', trackingNumber: r.trackingNumber ?? '' };
  return {};
}

/**
 * Queues the customer's 알림톡 for each moved request (AS_NOTICE_TEMPLATE of its new status) to the
 * certificate's orderer, in the caller's transaction: a move rolled back leaves no message behind.
 * Requests may belong to several brands (a partner's bulk move), so certificates are read per tenant.
 */
export async function queueStageNotices(db: Db, messaging: MessagingProvider, moved: MovedRequest[]): Promise<void> {
  const byTenant = new Map<number, MovedRequest[]>();
  for (const r of moved) byTenant.set(r.tenantIdx, [...(byTenant.get(r.tenantIdx) ?? []), r]);
  const messages: OutboundMessage[] = [];
  for (const [tenantIdx, requests] of byTenant) {
    const certificates = await db.select({ idx: nfts.idx, phone: nfts.ordererTel, countryCode: nfts.ordererCountryCode, brandName: brands.name }).from(nfts)
      .leftJoin(brands, and(eq(brands.tenantIdx, nfts.tenantIdx), eq(brands.idx, nfts.brandIdx)))
      .where(and(eq(nfts.tenantIdx, tenantIdx), inArray(nfts.idx, [...new Set(requests.map((r) => r.nftIdx))])));
    const byNft = new Map(certificates.map((c) => [c.idx, c]));
    // A certificate issued without a brand speaks for the tenant's own (first) brand.
    const [tenantBrand] = certificates.some((c) => !c.brandName)
      ? await db.select({ name: brands.name }).from(brands).where(eq(brands.tenantIdx, tenantIdx)).orderBy(asc(brands.idx)).limit(1)
      : [];
    for (const r of requests) {
      const certificate = byNft.get(r.nftIdx);
      const templateCode = AS_NOTICE_TEMPLATE[r.status];
      if (!certificate?.phone || !templateCode) continue;
      messages.push({
        tenantIdx, channel: 'ALIMTALK', templateCode, countryCode: certificate.countryCode, phone: certificate.phone,
        variables: { brandName: certificate.brandName ?? tenantBrand?.name ?? '', productName: r.productName, statusLabel: AS_STATUS_LABELS[r.status], ...stageVariables(r) },
        refType: 'as_request', refIdx: r.idx,
      });
    }
  }
  if (messages.length) await messaging.queue(messages, db);
}
