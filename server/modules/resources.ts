import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ResourceHandlers } from '../http/resourceRoutes';
import { productResource } from '../../src/domain/resources/product';
import * as schema from '../db/schema';
import { resourceOfTable } from '../db/resourceTable';
import { resourceRoutes } from '../http/resourceRoutes';
import { productHandlers } from './products/handlers';
import { couponHandlers } from './coupons/handlers';
import { examHandlers } from './exams/handlers';
import { waitingHandlers } from './waiting/handlers';
import { reservationHandlers } from './reservations/handlers';

/** Derived tables served with their own handlers (checks against the database, joined fields), by table. */
type Handlers = (app: FastifyInstance) => ResourceHandlers<unknown>;
const OWN_HANDLERS = new Map<unknown, Handlers>([
  [schema.coupons, couponHandlers as Handlers], [schema.exams, examHandlers as Handlers], [schema.waitings, waitingHandlers as unknown as Handlers],
  [schema.reservations, reservationHandlers as unknown as Handlers],
]);

/**
 * The generic CRUD routes of the declared resources. Every table of server/db/schema.ts derived from
 * a definition (`resourceTable(def)`) is served from that definition, so the schema line is the only
 * server-side registration of a plain resource; coupons and inspections add their checks and joined fields
 * to the plain handlers; products keep their own table and handlers (search columns, the brand join,
 * upload checks) behind the same routes.
 */
export const RESOURCE_ROUTES = [
  ...Object.values(schema).flatMap((table) => {
    const def = resourceOfTable(table);
    return def ? [resourceRoutes(def, table as PgTable, OWN_HANDLERS.get(table))] : [];
  }),
  resourceRoutes(productResource, schema.products, productHandlers),
];
