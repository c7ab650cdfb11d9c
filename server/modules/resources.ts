import { storeResource } from '../../src/domain/resources/store';
import { stores } from '../db/schema';
import { resourceRoutes } from '../http/resourceRoutes';

/** The declared resources served by the generic CRUD routes, each with its table (type-checked against its fields). */
export const RESOURCE_ROUTES = [resourceRoutes(storeResource, stores)];
