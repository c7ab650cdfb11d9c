import type { FastifyInstance } from 'fastify';

/** Each area registers its routes here, under the API base its spec paths belong to. */
export async function registerModules(app: FastifyInstance): Promise<void> {
  void app;
}
