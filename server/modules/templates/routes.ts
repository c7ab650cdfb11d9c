import type { FastifyPluginAsync } from 'fastify';

/** Certificate templates and their settings (spec 2 section 7, Templates). */
export const templateRoutes: FastifyPluginAsync = async () => {};
