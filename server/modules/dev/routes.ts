import type { FastifyPluginAsync } from 'fastify';
import { outboxRoutes } from './outboxRoutes';
import { messagesRoutes } from './messagesRoutes';
import { controlRoutes } from './controlRoutes';
import { devRoutesServed, isLoopbackClient } from './demoOnly';

/**
 * The local outboxes and the demo's controls, registered only in the embedded demo (./demoOnly.ts) and answering only
 * loopback clients; anyone else gets the same 404 as a route that does not exist.
 */
export const devRoutes: FastifyPluginAsync = async (app) => {
  const served = devRoutesServed({ production: app.config.production, dbKind: app.dbKind, mailProvider: app.mail.name, messagingProvider: app.messaging.name });
  if (!served.outbox && !served.messages && !served.controls) return;
  app.addHook('onRequest', async (request, reply) => {
    if (isLoopbackClient(request.socket.remoteAddress, request.headers)) return;
    reply.callNotFound();
    return reply;
  });
  if (served.outbox) await app.register(outboxRoutes);
  if (served.messages) await app.register(messagesRoutes);
  if (served.controls) await app.register(controlRoutes);
};
