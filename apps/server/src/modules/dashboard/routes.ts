import { ZDashboardResponse } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getDashboard } from './service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/users/dashboard',
    { schema: { response: { 200: ZDashboardResponse } } },
    async (request) => {
      const userId = request.auth.user.id;
      return {
        success: true as const,
        dashboard: await getDashboard(db, app.services.files, userId),
      };
    },
  );
};
