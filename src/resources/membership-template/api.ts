import { apiRequest } from '../../providers/http';
import type { RaRecord } from 'react-admin';
import type { AttachedCoupon, MembershipBenefit, MembershipExpireType } from '../../domain/membership';
import { membershipTemplateResource } from '../../domain/resources/membershipTemplate';

/** A membership template as GET /v1/admin/membership-template/{idx} answers it. */
export interface MembershipTemplate extends RaRecord {
  idx: number;
  nftCardName: string;
  isMain: boolean;
  backgroundImg: { path: string; url: string } | null;
  nftCustomFields: { name: string; value?: string }[];
  nftCustomLinks: { name: string; url: string }[];
  expireType: MembershipExpireType | null;
  expireDate: string | null;
  expireDays: number | null;
  benefits: MembershipBenefit[];
  partnersCoupon: AttachedCoupon[];
  status: 'ACTIVE' | 'STOP';
  /** The customer grade the grade job issues it to (issue 11 item 3). */
  customerGroupIdx?: number | null;
  createdAt: string;
}

export const MEMBERSHIP = membershipTemplateResource.name;
export const MEMBERSHIP_ROUTE = membershipTemplateResource.route;

/** The card's expiry in Korean: "발급일로부터 365일" or "2026-12-31까지". */
export function expiryText(m: Pick<MembershipTemplate, 'expireType' | 'expireDate' | 'expireDays'>, translate: (key: string, options?: object) => string): string {
  if (m.expireType === 'DAY') return translate('membership-template.expireByDays', { days: m.expireDays });
  if (m.expireType === 'DATE' && m.expireDate) return translate('membership-template.expireByDate', { date: m.expireDate.slice(0, 10) });
  return '-';
}

/** PATCH …/{idx}/stop: the template stops (and is no longer main). */
export const stopMembershipTemplate = (idx: number) =>
  apiRequest<MembershipTemplate>(`${membershipTemplateResource.apiPath}/${encodeURIComponent(String(idx))}/stop`, { method: 'PATCH' });
