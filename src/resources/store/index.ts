import { lazyWithRetry } from '../../framework/lazyWithRetry';
import type { ResourceViews } from '../../framework/resource/resourceRoute';

/** Stores: everything from their definition (src/domain/resources/store.ts) but the list, which adds the pin switch. */
export const storeViews: ResourceViews = { list: lazyWithRetry(() => import('./StoreList')) };
