import { ZDashboardResponse } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { promoteOnboardingDraft } from '../onboarding/service';
import { getDashboard } from './service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/users/dashboard',
    { schema: { response: { 200: ZDashboardResponse } } },
    async (request) => {
      const userId = request.auth.user.id;
      // A persona kept as a draft becomes an influencer as soon as the account has a slot.
      await promoteOnboardingDraft(db, app.services, userId, app.services.personaWriter);
      return {
        success: true as const,
        dashboard: await getDashboard(db, app.services.files, userId),
      };
    },
  );
};
