import type { PgTable } from 'drizzle-orm/pg-core';
import { productResource } from '../../src/domain/resources/product';
import * as schema from '../db/schema';
import { resourceOfTable } from '../db/resourceTable';
import { resourceRoutes } from '../http/resourceRoutes';
import { productHandlers } from './products/handlers';

/**
 * The generic CRUD routes of the declared resources. Every table of server/db/schema.ts derived from
 * a definition (`resourceTable(def)`) is served from that definition, so the schema line is the only
 * server-side registration of a plain resource; products keep their own table and handlers (search
 * columns, the brand join, upload checks) behind the same routes.
 */
export const RESOURCE_ROUTES = [
  ...Object.values(schema).flatMap((table) => {
    const def = resourceOfTable(table);
    return def ? [resourceRoutes(def, table as PgTable)] : [];
  }),
  resourceRoutes(productResource, schema.products, productHandlers),
];
