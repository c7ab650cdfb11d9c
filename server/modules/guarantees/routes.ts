import type { FastifyPluginAsync } from 'fastify';

/** Guarantees (spec 2 section 7, Guarantees (nft)). */
export const guaranteeRoutes: FastifyPluginAsync = async () => {};
