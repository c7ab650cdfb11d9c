import type { Resource } from '../resource';
import { storeResource } from './store';

/**
 * Every declared resource: the dataProvider entries and the security-matrix rows are derived from
 * this list, so a new resource is one line here (its server table in server/modules/resources.ts,
 * its screens in src/App.tsx).
 */
export const RESOURCE_DEFINITIONS: readonly Resource[] = [storeResource];
