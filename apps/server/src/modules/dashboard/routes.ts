import { ZDashboardResponse } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../auth/plugin';
import { promoteOnboardingDraft } from '../onboarding/service';
import { getDashboard } from './service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  requireAuth(app);
  const { db } = app.database;

  app.get(
    '/users/dashboard',
    { schema: { response: { 200: ZDashboardResponse } } },
    async (request) => {
      const userId = request.auth.user.id;
      // A persona kept as a draft becomes an influencer as soon as the account has a slot.
      await promoteOnboardingDraft(
        db,
        { storage: app.storage, files: app.files },
        userId,
        app.personaWriter,
      );
      return { success: true as const, dashboard: await getDashboard(db, app.files, userId) };
    },
  );
};
