import { ZPublicConfig, type TPublicConfig } from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TConfig } from '../../config';

/**
 * What the web app needs to know about this server before anyone signs in; the public pages the
 * server renders carry the same answer (modules/pages/served-pages.ts).
 */
export function publicConfigOf(config: TConfig): TPublicConfig {
  return {
    success: true,
    googleSignIn: !!(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    supportEmail: config.SUPPORT_EMAIL,
  };
}

export const publicConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/config', { schema: { response: { 200: ZPublicConfig } } }, () =>
    publicConfigOf(app.config),
  );
};
