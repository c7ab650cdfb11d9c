import { apiRequest } from '../providers/http';
import { LOUNGE_TOKEN_HEADER } from '../domain/lounge';

/** The public lounge API (server/modules/lounge/routes.ts): no partner session; the customer's token in X-Lounge-Token. */
const L = '/v1/public/lounge';

export interface LoungeMembershipOffer {
  idx: number; name: string; backgroundUrl: string | null; benefits: { title: string; contents: string }[]; needsApproval: boolean;
}
/** The brand lounge settings the front shows (server/modules/brandLounge loungeSettingsOf). */
export interface LoungeLook {
  title: string; subtitle: string; description: string; notice: string; themeColor: string; logoUrl: string | null; imageUrl: string | null;
  showStamp: boolean; coupons: { idx: number; title: string }[];
}
export interface LoungeInfo { brandName: string; lounge: LoungeLook; memberships: LoungeMembershipOffer[] }
export interface WalletMembership {
  idx: number; nftNumber: string; templateIdx: number | null; name: string; backgroundUrl: string | null; status: number; statusLabel: string;
  issuedAt: string | null; endDay: string | null;
  /** What the brand put on the card: its benefits, links (http/https) and the coupons this membership gave. */
  benefits: { title: string; contents: string }[]; links: { name: string; url: string }[]; coupons: WalletCoupon[];
}
export interface WalletCertificate { idx: number; nftNumber: string; productName: string; statusLabel: string; issuedAt: string | null; url: string }
export interface WalletCoupon {
  idx: number; title: string; barcode: string; state: 'usable' | 'used' | 'expired' | 'canceled'; stateLabel: string; usePassword: boolean;
  expiresAt: string; usedAt: string | null;
  /** An online coupon is used by its code (and its URL, if any), confirmed by the customer; an offline one is shown to staff. */
  online: boolean; code: string | null; url: string | null;
  /** The membership (its idx) that gave it, if any. */
  membershipIdx: number | null;
  /** Where staff may redeem it; `storeRequired` for a coupon of specific stores. */
  stores: { idx: number; name: string }[]; storeRequired: boolean;
}
/** The customer's current stamp card while the brand's stamps accrue (server/modules/stamps stampCardOf). */
export interface WalletStampCard { count: number; goal: number; rewardCouponTitle: string | null; description: string }
export interface Wallet {
  customer: { name: string; phoneMasked: string };
  memberships: WalletMembership[];
  certificates: WalletCertificate[];
  coupons: WalletCoupon[];
  stampCard: WalletStampCard | null;
}

const TOKEN_KEY = (key: string) => `lounge-token:${key}`;
export const loungeToken = {
  get: (key: string) => localStorage.getItem(TOKEN_KEY(key)),
  set: (key: string, token: string) => localStorage.setItem(TOKEN_KEY(key), token),
  clear: (key: string) => localStorage.removeItem(TOKEN_KEY(key)),
};

const asCustomer = (token: string) => ({ anonymous: true, headers: { [LOUNGE_TOKEN_HEADER]: token } });

export const loungeApi = {
  info: (key: string) => apiRequest<LoungeInfo>(`${L}/${key}`, { anonymous: true }),
  sendCode: (key: string, phone: string) => apiRequest<{ expiresAt: string }>(`${L}/${key}/otp`, { anonymous: true, body: { phone } }),
  verify: (key: string, phone: string, code: string) =>
    apiRequest<{ token: string; expiresAt: string }>(`${L}/${key}/otp/verify`, { anonymous: true, body: { phone, code } }),
  me: (key: string, token: string) => apiRequest<Wallet>(`${L}/${key}/me`, asCustomer(token)),
  join: (key: string, token: string, idx: number) =>
    apiRequest<{ idx: number; status: number; statusLabel: string }>(`${L}/${key}/memberships/${idx}/join`, { ...asCustomer(token), method: 'POST' }),
  redeem: (key: string, token: string, idx: number, pin: string | null, storeIdx: number | null) =>
    apiRequest<{ idx: number; usedAt: string }>(`${L}/${key}/coupons/${idx}/redeem`, { ...asCustomer(token), body: { pin, storeIdx } }),
  signOut: (key: string, token: string) => apiRequest<unknown>(`${L}/${key}/sign-out`, { ...asCustomer(token), method: 'POST' }),
};
