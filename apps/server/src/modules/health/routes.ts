import { ZHealthResponse } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OUTAGES } from '../../lib/outages';
import { APP_VERSION } from '../../lib/paths';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { response: { 200: ZHealthResponse, 503: ZHealthResponse } } },
    async (request, reply) => {
      const reachable = await app.database.pool
        .query('select 1')
        .then(() => true)
        .catch((error: unknown) => {
          request.log.warn({ err: error }, 'Health check: database unreachable');
          return false;
        });
      // Like every outage answer (docs/decisions/0026-outages.md): when to ask again.
      if (!reachable) reply.header('retry-after', String(OUTAGES.database.retryAfterSeconds));
      return reply.status(reachable ? 200 : 503).send({
        status: reachable ? 'ok' : 'error',
        version: APP_VERSION,
        database: reachable ? 'ok' : 'unreachable',
      });
    },
  );
};
