import type { RaRecord } from 'react-admin';
import type { RecordOf } from '../../domain/resource';
import type { storeResource } from '../../domain/resources/store';

/** A store as the API answers it, typed from its definition (src/domain/resources/store.ts). */
export type Store = RaRecord & RecordOf<typeof storeResource>;
