import type { AsInfoInput, AsType, RepairCategoriesInput } from '../../../domain/afterService';
import { apiRequest } from '../../../providers/http';

/** The brand's A/S settings (docs/api/afterService.md, Settings). */

export type AsInfo = Required<AsInfoInput>;
export interface RepairCategory {
  idx: number;
  name: string;
  options: { idx: number; name: string }[];
}

export const asInfoKey = (type: AsType) => ['afterService', 'info', type] as const;
export const REPAIR_CATEGORY_KEY = ['afterService', 'repairCategory'] as const;

export const asSettingApi = {
  info: (type: AsType, signal?: AbortSignal) => apiRequest<AsInfo>(`/v1/admin/${type}/info`, { signal }),
  saveInfo: (type: AsType, body: AsInfoInput) => apiRequest<AsInfo>(`/v1/admin/${type}/info`, { method: 'POST', body }),
  categories: (signal?: AbortSignal) => apiRequest<{ list: RepairCategory[] }>('/v1/admin/repair/category', { signal }).then((d) => d.list),
  saveCategories: (body: RepairCategoriesInput) =>
    apiRequest<{ list: RepairCategory[] }>('/v1/admin/repair/category', { method: 'POST', body }).then((d) => d.list),
};
