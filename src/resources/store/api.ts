import type { RaRecord } from 'react-admin';

/** A store as the API answers it (spec 2 section 3, spec 3 "Stores"; declared in src/domain/resources/store.ts). */
export interface Store extends RaRecord {
  idx: number;
  name: string;
  tag: string | null;
  pinned: 'Y' | 'N';
  createdAt?: string;
}
