import { storeResource } from '../../domain/resources/store';
import { lazyWithRetry } from '../../custom/lazyWithRetry';
import { resourceRoute } from '../../custom/resource/resourceRoute';

/** Stores: everything from their definition (src/domain/resources/store.ts); the list adds the pin switch. */
export const stores = resourceRoute(storeResource, { list: lazyWithRetry(() => import('./StoreList')) });
