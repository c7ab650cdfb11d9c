import type { RaRecord } from 'react-admin';
import { apiRequest } from '../../providers/http';

/** The dataProvider resource of customers (src/dataProvider/resources.ts; key customerIdx). */
export const CUSTOMER_RESOURCE = 'customer';
export const CUSTOMER_PATH = '/b2b/customer';
export const customerDetailPath = (id: RaRecord['id']) => `${CUSTOMER_PATH}/detail/${id}`;
export const GRADE_PATH = '/b2b/customer/grade';
export const GRADE_SETTING_PATH = '/b2b/customer/grade/setting';

export type Yn = 'Y' | 'N';

/** A customer as the API answers it (spec 3 section 3 "Customer"; docs: notes/customer-contract.md). */
export interface Customer extends RaRecord {
  customerIdx: number;
  customerName: string;
  customerPhone: string;
  countryCode: string;
  hasWallet: Yn;
  hasCafe24Interwork: Yn;
  customerGroupIdx: number | null;
  customerGroupName: string | null;
  interworkCustomerGroupName: string | null;
  nftTotalGuaranteeAmount: number;
  totalOrderPrice: number;
  totalOrderCount: number;
  platformOrderCount: number;
  ownMallOrderCount: number;
  offlineOrderCount: number;
  latestOrderedAt: string | null;
  customerPoint: number;
  interworkPoint: number;
  latestIssuedMembershipName: string | null;
  couponRemainCount: number;
  couponUsedCount: number;
  isInterworkAgreeSendSMS: Yn;
  isInterworkAgreeSendEmail: Yn;
  interworkEmail: string | null;
  userGender: 'M' | 'F' | null;
  birthday: string | null;
  isAgreeMarketing: Yn;
  registeredAt: string;
  createdAt: string;
  email?: string | null;
  isAgreeSMS?: Yn;
  isAgreeEmail?: Yn;
  /** Detail only: consents with their dates. */
  terms?: CustomerTerms;
}

/** A consent of the detail's `terms` (GET /v1/admin/customers/{id}): { isAgree, changedAt }. */
export interface CustomerTerm {
  isAgree?: Yn | boolean;
  agreed?: Yn | boolean;
  changedAt?: string | null;
  agreedAt?: string | null;
}
export type CustomerTerms = Partial<Record<'marketing' | 'sms' | 'email', CustomerTerm | Yn | boolean | null>>;

export interface CustomerGrade {
  idx: number;
  name: string;
  groupNo: number;
  minPurchaseAmount: number;
  minPurchaseCount: number;
  customerCount?: number;
}

export const GRADE_SCHEDULES = ['daily', 'monthly', 'quarterly', 'half-yearly', 'yearly'] as const;
export type GradeSchedule = (typeof GRADE_SCHEDULES)[number];

export interface CustomerSetting {
  pointRate: number;
  onOfflinePointToggle: Yn;
  gradeSchedule: GradeSchedule;
  gradePeriodMonths?: number;
}

export interface OverviewFigures {
  totalCustomers: number;
  totalSignUps: number;
  signUpRate: number;
  totalMarketableCustomers: number;
}
export interface CustomerOverview extends OverviewFigures {
  lastWeek: OverviewFigures | null;
  updating: boolean;
  updatedAt: string | null;
  createdAt?: string | null;
}

export interface CustomerOrder {
  idx: number;
  orderedAt: string;
  channel: 'platform' | 'ownMall' | 'offline';
  productName: string;
  paymentAmount: number;
  pointAmount: number;
}
export interface CustomerPointEntry {
  idx: number;
  createdAt: string;
  amount: number;
  reason: string;
  balance: number;
  /** Where the change stands at the Cafe24 mall (null: it does not go to a mall). */
  mallSync?: 'PENDING' | 'SENT' | 'FAILED' | null;
}
export interface CustomerNft {
  idx: number;
  nftNumber?: string | null;
  productName?: string | null;
  nftStatus?: number;
  issuedAt?: string | null;
  createdAt?: string | null;
}

export interface Paged<T> {
  list: T[];
  total: number;
}

export interface GradePreviewRow {
  groupNo: number;
  name: string;
  customerCount: number;
}

export type GradeDraft = Omit<CustomerGrade, 'idx' | 'customerCount'> & { idx?: number };

export const customerApi = {
  grades: (signal?: AbortSignal) => apiRequest<{ list: CustomerGrade[] } | CustomerGrade[]>('/v1/admin/customers-group/list', { signal }).then(listOf),
  setting: (signal?: AbortSignal) => apiRequest<CustomerSetting>('/v1/admin/customers/setting', { signal }),
  saveSetting: (body: Partial<CustomerSetting>) => apiRequest<CustomerSetting>('/v1/admin/customers/setting', { method: 'PATCH', body }),
  saveGrades: (grades: GradeDraft[]) => apiRequest<unknown>('/v1/admin/customers-group/direct', { method: 'POST', body: grades }),
  previewGrades: (grades: GradeDraft[]) =>
    apiRequest<{ list: GradePreviewRow[] } | GradePreviewRow[]>('/v1/admin/customers-group/preview', { method: 'POST', body: grades }).then(listOf),
  runGrades: () => apiRequest<{ updated: number }>('/v1/admin/customers-group/run', { method: 'POST' }),
  overview: (signal?: AbortSignal) => apiRequest<CustomerOverview>('/customer/v1/overview', { signal }),
  refreshOverview: () => apiRequest<{ updating: boolean }>('/customer/v1/overview/refresh', { method: 'POST' }),
  requestDownload: (body: { email: string; password: string; reason: string }) =>
    apiRequest<{ requestIdx: number }>('/customer/v1/overview/download', { method: 'POST', body }),
  nfts: (id: RaRecord['id'], page: number, signal?: AbortSignal) =>
    apiRequest<Paged<CustomerNft>>(`/v1/admin/customers/${encodeURIComponent(String(id))}/nfts`, { query: { nftType: 'GUARANTEE', page, pageSize: 10 }, signal }),
  orders: (id: RaRecord['id'], page: number, signal?: AbortSignal) =>
    apiRequest<Paged<CustomerOrder>>(`/v1/admin/customers/${encodeURIComponent(String(id))}/orders`, { query: { page, pageSize: 10 }, signal }),
  adjustPoints: (id: RaRecord['id'], body: { amount: number; reason: string }, idempotencyKey: string) =>
    apiRequest<CustomerPointEntry>(`/v1/admin/customers/${encodeURIComponent(String(id))}/points`, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
  /** A change the Cafe24 mall refused (mallSync FAILED), sent again (the main account; docs/api/integrations.md). */
  retryMallSync: (pointIdx: number) =>
    apiRequest<{ pointIdx: number; mallSync: 'PENDING' | 'SENT' }>(`/cafe24/v1/interwork/points/${pointIdx}/retry`, { method: 'POST' }),
  points: (id: RaRecord['id'], page: number, signal?: AbortSignal) =>
    apiRequest<Paged<CustomerPointEntry>>(`/v1/admin/customers/${encodeURIComponent(String(id))}/points`, { query: { page, pageSize: 10 }, signal }),
};

/** `{ list }` or a bare array → the array. */
export function listOf<T>(answer: { list: T[] } | T[] | null | undefined): T[] {
  if (Array.isArray(answer)) return answer;
  return answer?.list ?? [];
}
