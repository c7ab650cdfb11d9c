import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../providers/http';
import { membershipIssueResource } from '../../domain/resources/membershipIssue';
import { membershipTemplateResource } from '../../domain/resources/membershipTemplate';
import type { Guarantee } from '../guarantee/api';

/** Issued memberships (issue 11 item 2): the certificate row with its membership statuses; the detail adds the coupons it gave. */
export interface MembershipCoupon {
  idx: number;
  couponIdx: number;
  title: string;
  status: 'ISSUED' | 'USED' | 'CANCELED';
  barcode: string;
  expiresAt: string;
  usedAt: string | null;
}
export type IssuedMembership = Guarantee & { coupons?: MembershipCoupon[] };

export const MEMBERSHIP_NFT = membershipIssueResource.name;
export const MEMBERSHIP_NFT_PATH = membershipIssueResource.route;
export const MEMBERSHIP_NFT_API = membershipIssueResource.apiPath;
export const L = 'membership-nft';

/** The membership templates to issue (GET /v1/admin/membership-template/list): the active ones, main first. */
export function useMembershipTemplates() {
  return useQuery({
    queryKey: ['membership-nft', 'templates'],
    queryFn: () => apiRequest<{ list: { idx: number; nftCardName: string; isMain: boolean; status: string }[] }>(`${membershipTemplateResource.apiPath}/list`)
      .then((d) => d.list.filter((t) => t.status === 'ACTIVE')),
    retry: false,
    staleTime: 30_000,
  });
}
