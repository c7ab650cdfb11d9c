import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../../providers/http';
import type { NftType } from '../../../domain/guarantee';
import { templateResource } from '../../../domain/resources/template';

/** Guarantee templates and their settings (docs: /work/notes/nft-contract.md, "Templates"). */
const TEMPLATES = templateResource.apiPath;
export const STORE_LIST = '/v1/admin/store/list';

export type YN = 'Y' | 'N';
export interface CustomField {
  name: string;
  value?: string;
}
export interface CustomLink {
  name: string;
  url: string;
}
export interface CustomContent {
  title: string;
  contents: string;
}

/** A template row as the API answers it. */
export interface Template {
  idx: number;
  templateType: NftType;
  isMain: boolean;
  nftCardName: string;
  backgroundImg: { path: string | null; url: string } | null;
  nftCustomFields: CustomField[];
  nftCustomLinks: CustomLink[];
  nftCustomContents: CustomContent[];
  useFieldMaterial: YN;
  useFieldSize: YN;
  useFieldWeight: YN;
  useNftProdImage: YN;
  userMintingField: string[];
  useUserMinting: YN;
  filteringStores: number[];
  useAllPlaceSearch: YN;
  status: 'ACTIVE' | 'STOP';
  createdAt: string;
  updatedAt: string;
}

/** The template body of POST and PATCH /{id} (templateSchema). */
export interface TemplateInput {
  templateType: NftType;
  nftCardName: string;
  isMain: boolean;
  backgroundImg: string | null;
  nftCustomFields: CustomField[];
  nftCustomLinks: CustomLink[];
}

/** PATCH /{id}/nft/field (fieldSettingSchema). */
export interface FieldSettingInput {
  nftCustomFields: CustomField[];
  nftCustomContents: CustomContent[];
  useFieldMaterial: YN;
  useFieldSize: YN;
  useFieldWeight: YN;
  useNftProdImage: YN;
}

/** PATCH /{id}/setting (templateSettingSchema). */
export interface TemplateSettingInput {
  userMintingField: string[];
  useUserMinting: YN;
  filteringStores: number[];
  useAllPlaceSearch: YN;
}

export interface StoreOption {
  idx: number;
  name: string;
  tag?: string | null;
  pinned?: YN;
}

/**
 * The guarantee fields a customer may fill in when applying to issue later (userMintingField).
 * Name and phone are always asked, so they are not offered.
 */
export const USER_MINTING_FIELDS = ['orderedAt', 'refOrderId', 'storeName', 'productName', 'modelNumber', 'price', 'material', 'size', 'weight'] as const;

/** The switches of the guarantee form (Y/N). */
export const FIELD_SWITCHES = ['useFieldMaterial', 'useFieldSize', 'useFieldWeight', 'useNftProdImage'] as const;

const id = (idx: number) => `${TEMPLATES}/${encodeURIComponent(String(idx))}`;

export const templateKeys = {
  all: ['guarantee-setting'] as const,
  list: ['guarantee-setting', 'templates'] as const,
  field: (idx: number) => ['guarantee-setting', 'field', idx] as const,
  stores: ['guarantee-setting', 'stores'] as const,
};

/** Every guarantee template of the tenant (active and stopped), main first then newest. */
export function useTemplates() {
  return useQuery({
    queryKey: templateKeys.list,
    queryFn: () =>
      apiRequest<{ list: Template[]; total: number }>(TEMPLATES, { query: { templateType: 'GUARANTEE', page: 1, pageSize: 100 } }).then((r) => r?.list ?? []),
    retry: false,
  });
}

/** The form-shaping settings of one template (GET /{id}/nft/field). */
export function useFieldSetting(idx: number | null) {
  return useQuery({
    queryKey: templateKeys.field(idx ?? 0),
    queryFn: () => apiRequest<Partial<FieldSettingInput>>(`${id(idx!)}/nft/field`),
    enabled: idx !== null,
    retry: false,
  });
}

/** The tenant's stores, for the issue-later store filter. */
export function useStores() {
  return useQuery({
    queryKey: templateKeys.stores,
    queryFn: () => apiRequest<{ list: StoreOption[] }>(STORE_LIST).then((r) => r?.list ?? []),
    retry: false,
    staleTime: 60_000,
  });
}

/** Refetches everything this screen shows after a write. */
export function useRefreshTemplates() {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: templateKeys.all }), [client]);
}

export const createTemplate = (body: TemplateInput) => apiRequest<Template>(TEMPLATES, { method: 'POST', body });
export const updateTemplate = (idx: number, body: TemplateInput) => apiRequest<Template>(id(idx), { method: 'PATCH', body });
export const stopTemplate = (idx: number) => apiRequest<Template>(`${id(idx)}/stop`, { method: 'PATCH' });
export const saveFieldSetting = (idx: number, body: FieldSettingInput) => apiRequest<Template>(`${id(idx)}/nft/field`, { method: 'PATCH', body });
export const saveTemplateSetting = (idx: number, body: TemplateSettingInput) => apiRequest<Template>(`${id(idx)}/setting`, { method: 'PATCH', body });

/** A row's template body: what PATCH /{id} needs to keep everything but what changes. */
export function templateInput(t: Template, over: Partial<TemplateInput> = {}): TemplateInput {
  return {
    templateType: t.templateType ?? 'GUARANTEE',
    nftCardName: t.nftCardName,
    isMain: t.isMain,
    backgroundImg: t.backgroundImg?.path ?? null,
    nftCustomFields: (t.nftCustomFields ?? []).map((f) => ({ name: f.name, value: f.value ?? '' })),
    nftCustomLinks: (t.nftCustomLinks ?? []).map((l) => ({ name: l.name, url: l.url })),
    ...over,
  };
}

/** Main first, then active before stopped, then newest. */
export function sortTemplates(list: Template[]): Template[] {
  return [...list].sort((a, b) => Number(b.isMain) - Number(a.isMain) || Number(a.status === 'STOP') - Number(b.status === 'STOP') || b.idx - a.idx);
}
