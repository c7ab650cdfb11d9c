import type { FastifyPluginAsync } from 'fastify';
import { storeResource } from '../../../src/domain/resources/store';
import { stores } from '../../db/schema';
import { registerResourceRoutes } from '../../http/resourceRoutes';

/** Stores: the generic tenant-scoped CRUD of their definition (src/domain/resources/store.ts) on the spec's paths. */
export const storeRoutes: FastifyPluginAsync = async (app) => {
  registerResourceRoutes(app, storeResource, stores);
};
