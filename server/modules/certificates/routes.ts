import type { FastifyPluginAsync } from 'fastify';

/** The public certificate JSON (main API base, no login). */
export const certificateApiRoutes: FastifyPluginAsync = async () => {};
/** The public certificate page at the site root (no login), readable on a phone. */
export const certificatePageRoutes: FastifyPluginAsync = async () => {};
