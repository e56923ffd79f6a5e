import { ZHealthResponse } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OUTAGES } from '../../lib/outages';
import { APP_VERSION } from '../../lib/paths';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * One probe at a time: checks that arrive while one runs share its answer, so a burst of them
   * costs one round trip, and no answer is older than that round trip
   * (docs/decisions/0031-session-cache-and-hot-reads.md).
   */
  let probe: Promise<unknown> | null = null;
  const probeDatabase = () =>
    (probe ??= app.database.pool.query('select 1').finally(() => {
      probe = null;
    }));

  app.get(
    '/health',
    { schema: { response: { 200: ZHealthResponse, 503: ZHealthResponse } } },
    async (request, reply) => {
      const reachable = await probeDatabase()
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
