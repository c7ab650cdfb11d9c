import { apiRequest } from '../../providers/http';
import type { CampaignStatus, MessageType } from '../../domain/message';

/** The messages API as the console reads it (docs/api/messages.md). */
export interface Campaign {
  idx: number; kind: 'TEMP' | 'AUTO'; basicMessageTitle: string; basicMessageStatus: CampaignStatus; messageType: MessageType; messageTypeDescription: string;
  createdAt: string; sendDate: string | null; sendCount: number; successCount: number; failCount: number; replaceSendCount: number; unsentCount: number;
  messageCost: number; clickRate: number; clickCount: number; attributedOrders: number; attributedRevenue: number; attributionDays: number; repeatType: string; held: boolean; notice: string | null; sentAt: string | null; payload: Record<string, unknown>;
  templateTalkClass: string; autoState: 'ON' | 'OFF' | null;
}
/** One run of an automatic message (spec 3 §4 batch status). */
export interface AutoBatch {
  idx: number; runKey: string; status: 'PENDING' | 'PROCESSING' | 'COMPLETED'; dueAt: string; targetCount: number; sendCount: number; successCount: number;
  failCount: number; unsentCount: number; messageCost: number; notice: string | null; createdAt: string; completedAt: string | null;
}
export interface Recipient {
  customerIdx: number; name: string; phone: string; status: 'PENDING' | 'SENT' | 'FAILED' | 'UNSENT'; sentKind: string | null; fallback: boolean; cost: number;
  failReason: string | null; resultAt: string | null;
}
export interface Estimate { estimatedCustomerCount: number; unitCost: number; estimatedCost: number; kind: string }
export interface MessageChannel {
  senderKey: string | null; kakaoState: string; senderNumber: string | null; senderNumberState: string; optOutNumber: string | null; contact: string | null; frequencyCap: number;
}

const C = '/campaign/v1/campaign';
export const MESSAGE_TEMP_PATH = '/b2b/message/temp';
export const MESSAGE_NEW_PATH = '/b2b/message/temp/new';
export const messageDetailPath = (idx: number) => `/b2b/message/temp/detail/${idx}`;
export const CHANNEL_KEY = ['message', 'channel'] as const;
export const MESSAGE_AUTO_PATH = '/b2b/message/auto';
export const MESSAGE_AUTO_NEW_PATH = '/b2b/message/auto/new';
export const autoDetailPath = (idx: number) => `/b2b/message/auto/detail/${idx}`;
export const autoEditPath = (idx: number) => `/b2b/message/auto/edit/${idx}`;
export const AUTO_LIST_KEY = ['message', 'campaigns', 'AUTO'] as const;

export const messageApi = {
  campaigns: (query: { page: number; pageSize: number; kind: 'TEMP' | 'AUTO' }, signal?: AbortSignal) => apiRequest<{ list: Campaign[]; total: number }>(C, { query, signal }),
  campaign: (idx: number, signal?: AbortSignal) => apiRequest<Campaign>(`${C}/${idx}`, { signal }),
  recipients: (idx: number, signal?: AbortSignal) => apiRequest<{ list: Recipient[]; total: number }>(`${C}/${idx}/recipients`, { query: { page: 1, pageSize: 500 }, signal }),
  create: (body: Record<string, unknown>, kind: 'TEMP' | 'AUTO' = 'TEMP') => apiRequest<Campaign>(C, { method: 'POST', query: { kind }, body }),
  update: (idx: number, body: Record<string, unknown>, kind: 'TEMP' | 'AUTO') => apiRequest<Campaign>(`${C}/${idx}`, { method: 'PUT', query: { kind }, body }),
  setAutoState: (idx: number, autoState: 'ON' | 'OFF') => apiRequest<Campaign>(`${C}/${idx}/auto-state`, { method: 'PUT', body: { autoState } }),
  batches: (idx: number, signal?: AbortSignal) => apiRequest<{ list: AutoBatch[]; total: number }>(`${C}/${idx}/batches`, { query: { page: 1, pageSize: 100 }, signal }),
  remove: (idx: number) => apiRequest<unknown>(`${C}/${idx}`, { method: 'DELETE' }),
  estimate: (body: Record<string, unknown>, signal?: AbortSignal) => apiRequest<Estimate>(`${C}/estimate`, { method: 'POST', body, signal }),
  test: (idx: number) => apiRequest<{ status: string; cost: number; phone: string }>(`${C}/${idx}/test`, { method: 'POST' }),
  schedule: (idx: number) => apiRequest<{ campaign: Campaign; estimatedCustomerCount: number }>(`${C}/${idx}/schedule`, { method: 'POST' }),
  cancel: (idx: number) => apiRequest<Campaign>(`${C}/${idx}/cancel`, { method: 'POST' }),
  channel: (signal?: AbortSignal) => apiRequest<MessageChannel>('/v2/message-integration', { signal }),
  saveChannel: (body: Record<string, unknown>) => apiRequest<MessageChannel>('/v2/message-integration', { method: 'PUT', body }),
};

export interface MessageTemplate {
  idx: number; scope: 'temp' | 'auto'; messageTitle: string; messageType: MessageType; templateTalkClass: string; content: string; title: string | null;
  imageUrl: string | null; wide: boolean; buttons: { name: string; url: string }[]; couponTitle: string | null; couponDay: number | null;
  reviewState: 'REQUESTED' | 'IN_REVIEW' | 'APPROVED' | 'REJECTED' | null; reviewComment: string | null; providerCode: string | null; createdAt: string; updatedAt: string;
}
export type TemplateScope = 'temp' | 'auto';
export const templatesPath = (scope: TemplateScope) => `/b2b/message/${scope}/template`;
export const templateDetailPath = (scope: TemplateScope, idx: number) => `/b2b/message/${scope}/template/${idx}`;
export const templateEditPath = (scope: TemplateScope, idx: number) => `/b2b/message/${scope}/template/edit/${idx}`;

export const templateApi = {
  list: (scope: TemplateScope, signal?: AbortSignal) => apiRequest<MessageTemplate[]>('/v1/template', { query: { scope }, signal }),
  one: (idx: number, signal?: AbortSignal) => apiRequest<MessageTemplate>(`/v1/template/${idx}`, { signal }),
  create: (scope: TemplateScope, body: Record<string, unknown>) => apiRequest<MessageTemplate>('/v1/template', { method: 'POST', query: { scope }, body }),
  update: (idx: number, body: Record<string, unknown>) => apiRequest<MessageTemplate>(`/v1/template/${idx}`, { method: 'PUT', body }),
  remove: (idx: number) => apiRequest<unknown>(`/v1/template/${idx}`, { method: 'DELETE' }),
};
