import { lazyWithRetry } from '../../custom/lazyWithRetry';
import type { ResourceViews } from '../../custom/resource/resourceRoute';

/** Stores: everything from their definition (src/domain/resources/store.ts) but the list, which adds the pin switch. */
export const storeViews: ResourceViews = { list: lazyWithRetry(() => import('./StoreList')) };
