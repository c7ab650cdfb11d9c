import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brands, nfts } from '../../db/schema';
import { GUARANTEE_ALIMTALK } from '../../../src/domain/guarantee';
import type { MessagingProvider, OutboundMessage } from '../../providers/messaging';
import { certificateUrl } from '../certificates/url';

/** The 알림톡 sent when certificates are issued. */

/** The GUARANTEE_ALIMTALK message of each issued certificate (status reached 3). */
export async function queueIssuedMessages(
  db: Db, messaging: MessagingProvider, publicUrl: string, tenantIdx: number, idxList: number[],
): Promise<void> {
  if (!idxList.length) return;
  const rows = await db.select({
    idx: nfts.idx, nftNumber: nfts.nftNumber, ordererName: nfts.ordererName, ordererTel: nfts.ordererTel,
    ordererCountryCode: nfts.ordererCountryCode, productName: nfts.productName, publicToken: nfts.publicToken, brandName: brands.name,
  }).from(nfts)
    .leftJoin(brands, and(eq(brands.tenantIdx, nfts.tenantIdx), eq(brands.idx, nfts.brandIdx)))
    .where(and(eq(nfts.tenantIdx, tenantIdx), inArray(nfts.idx, idxList)))
    .orderBy(asc(nfts.idx));
  const messages: OutboundMessage[] = rows.map((r) => {
    const variables: Record<(typeof GUARANTEE_ALIMTALK.variables)[number], string> = {
      brandName: r.brandName ?? '', ordererName: r.ordererName, productName: r.productName, nftNumber: r.nftNumber,
      certificateUrl: certificateUrl(publicUrl, r.publicToken),
    };
    return {
      tenantIdx, channel: 'ALIMTALK', templateCode: GUARANTEE_ALIMTALK.templateCode, countryCode: r.ordererCountryCode,
      phone: r.ordererTel, variables, refType: 'nft', refIdx: r.idx,
    };
  });
  await messaging.queue(messages, db);
}
