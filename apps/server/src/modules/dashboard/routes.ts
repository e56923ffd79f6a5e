import { ZDashboardResponse, type TDashboardResponse } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { compressOnce, sendEncoded } from '../../lib/precompressed';
import { getDashboard } from './service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/users/dashboard',
    { schema: { response: { 200: ZDashboardResponse } } },
    async (request, reply) => {
      const workspaceId = request.workspace.id;
      // Encoded by its schema and compressed once per change of the account, and kept
      // (dashboard/cache.ts): Fastify sends the bytes as they are.
      const answer = await app.dashboardCache.get(workspaceId, async () => {
        const dashboard = await getDashboard(db, app.services.files, workspaceId);
        const body = JSON.stringify(ZDashboardResponse.parse({ success: true, dashboard }));
        return compressOnce(Buffer.from(body), { fast: true });
      });
      return sendEncoded(
        request,
        reply,
        answer,
        'application/json; charset=utf-8',
      ) as unknown as TDashboardResponse;
    },
  );
};
