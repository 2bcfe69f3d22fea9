import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';

export async function systemRoutes(app: FastifyInstance, options: { database: Database }) {
  app.get('/healthz', { schema: { hide: true }, config: { public: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true }, config: { public: true } }, async (_request, reply) => {
    try {
      await options.database.ping();
      return { status: 'ready', database: options.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: options.database.kind });
    }
  });
}
