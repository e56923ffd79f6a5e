import { ZDashboardResponse, type TDashboardResponse } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getDashboard } from './service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/users/dashboard',
    { schema: { response: { 200: ZDashboardResponse } } },
    async (request, reply) => {
      const userId = request.auth.user.id;
      // Encoded by its schema once per change of the account, and kept (dashboard/cache.ts):
      // Fastify sends the bytes as they are.
      const body = await app.dashboardCache.get(userId, async () => {
        const dashboard = await getDashboard(db, app.services.files, userId);
        return Buffer.from(JSON.stringify(ZDashboardResponse.parse({ success: true, dashboard })));
      });
      return reply
        .type('application/json; charset=utf-8')
        .send(body as unknown as TDashboardResponse);
    },
  );
};
