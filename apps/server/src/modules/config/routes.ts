import { ZPublicConfig } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What the web app needs to know about this server before anyone signs in. */
export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/config', { schema: { response: { 200: ZPublicConfig } } }, async () => ({
    success: true as const,
    googleSignIn: !!(app.config.GOOGLE_CLIENT_ID && app.config.GOOGLE_CLIENT_SECRET),
    supportEmail: app.config.SUPPORT_EMAIL,
  }));
};
