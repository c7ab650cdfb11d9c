import type { RaRecord } from 'react-admin';

/** The dataProvider resource of stores (src/dataProvider/resources.ts: PATCH with idx in the body, no GET of one). */
export const STORE_RESOURCE = 'store';
export const STORE_PATH = '/b2b/store';
export const storeEditPath = (idx: RaRecord['id']) => `${STORE_PATH}/edit/${idx}`;

/** A store as the API answers it (spec 2 section 3, spec 3 "Stores"). */
export interface Store extends RaRecord {
  idx: number;
  name: string;
  tag: string | null;
  pinned: 'Y' | 'N';
  createdAt?: string;
}

/** The body of POST and PATCH: the name and tag trimmed (an empty tag is null), pinned Y/N. */
export function storeBody(values: { name?: unknown; tag?: unknown; pinned?: unknown }): { name: string; tag: string | null; pinned: 'Y' | 'N' } {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return { name: text(values.name), tag: text(values.tag) || null, pinned: values.pinned === 'Y' ? 'Y' : 'N' };
}
