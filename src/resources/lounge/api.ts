import { API_BASES } from '../../config/apiBases';
import { apiRequest } from '../../providers/http';

/** The lounge settings as GET/PUT /v1/admin/lounge answer them (docs/api/brandLounge.md). */
export interface LoungeSetting {
  title: string;
  subtitle: string;
  description: string;
  notice: string;
  themeColor: string;
  logo: string | null;
  logoUrl: string | null;
  image: string | null;
  imageUrl: string | null;
  membershipIdxList: number[];
  couponIdxList: number[];
  showStamp: 'Y' | 'N';
  saved: boolean;
  updatedAt: string | null;
}
export interface MembershipChoice { idx: number; nftCardName: string; status: 'ACTIVE' | 'STOP' }
export interface CouponChoice { idx: number; title: string }
/** What the lounge's stamp card shows of the brand's card (GET /v1/admin/stamp answers more; `null` before set-up). */
export interface StampCardLook { goal: number; rewardCouponTitle: string | null; description: string }

export const LOUNGE_KEY = ['lounge', 'setting'] as const;
/** The public URL of an uploaded file (served by GET /api/media/files/<path>). */
export const fileUrl = (path: string) => `${API_BASES.media}/files/${path}`;

export const loungeApi = {
  get: (signal?: AbortSignal) => apiRequest<LoungeSetting>('/v1/admin/lounge', { signal }),
  save: (body: Record<string, unknown>) => apiRequest<LoungeSetting>('/v1/admin/lounge', { method: 'PUT', body }),
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return apiRequest<{ path: string; url: string }>('/v1/admin/lounge/image', { method: 'POST', body: form });
  },
  memberships: (signal?: AbortSignal) => apiRequest<{ list: MembershipChoice[] }>('/v1/admin/membership-template/list', { signal }),
  coupons: (signal?: AbortSignal) => apiRequest<{ list: CouponChoice[] }>('/v1/admin/coupon/list', { signal }),
  stampCard: (signal?: AbortSignal) => apiRequest<StampCardLook | null>('/v1/admin/stamp', { signal }),
};
