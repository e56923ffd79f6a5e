import {
  PLATFORM_RULES,
  PLATFORM_SETUP,
  PLATFORM_TEXTS,
  PUBLISH_PLATFORMS,
  ZPlatformAccountsResponse,
  ZPlatformConnectResponse,
  ZPlatformsResponse,
  ZPlatformStatsResponse,
  type TPlatformsResponse,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TConfig } from '../../config';
import { enabledPlatforms } from './publishers';
import { readCookie } from '../auth/google';
import {
  ConnectError,
  disconnect,
  finishConnect,
  listAccounts,
  PLATFORM_FLOW_COOKIE,
  platformFlowCookie,
  startConnect,
  type TAccountDeps,
} from './accounts';
import { platformStats } from './stats';

export function platformsOf(config: TConfig): TPlatformsResponse {
  const enabled = enabledPlatforms(config);
  return {
    success: true,
    platforms: PUBLISH_PLATFORMS.map((key) => ({
      key,
      name: PLATFORM_RULES[key].name,
      enabled: enabled[key],
      variables: PLATFORM_SETUP[key].variables,
      review: PLATFORM_SETUP[key].review,
    })),
  };
}

const ZPlatform = z.enum(PUBLISH_PLATFORMS, { error: 'Choose Instagram, TikTok, YouTube or X' });
const ZInfluencerPlatform = z.object({ id: z.string(), platform: ZPlatform });
const ZSuccess = z.object({ success: z.literal(true) });

function accountDeps(app: Parameters<FastifyPluginAsyncZod>[0]): TAccountDeps {
  return {
    db: app.database.db,
    publishers: app.services.publishers,
    secrets: app.services.secrets,
    publicUrl: app.config.PUBLIC_URL,
    storage: app.services.storage,
    files: app.services.files,
    production: app.config.isProduction,
    ...(app.config.PLATFORMS_API_URL ? { apiUrl: app.config.PLATFORMS_API_URL } : {}),
  };
}

/** The platforms a creator can publish to, their influencers' accounts, and posts' targets. */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = platformsOf(app.config);
  const deps = accountDeps(app);
  const { db } = app.database;
  const secure = app.config.PUBLIC_URL.startsWith('https:');

  app.get('/platforms', { schema: { response: { 200: ZPlatformsResponse } } }, () => answer);

  app.get(
    '/influencers/:id/platform-accounts',
    {
      schema: {
        params: z.object({ id: z.string() }),
        response: { 200: ZPlatformAccountsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await listAccounts(db, app.services.files, request.workspace.id, request.params.id)),
    }),
  );

  app.get(
    '/influencers/:id/platform-stats',
    {
      schema: { params: z.object({ id: z.string() }), response: { 200: ZPlatformStatsResponse } },
    },
    async (request) => ({
      success: true as const,
      platforms: await platformStats(db, request.workspace.id, request.params.id),
    }),
  );

  /**
   * Starts a connection: the address of the platform's consent screen, with the flow bound to
   * this browser by a cookie the callback checks (the page then navigates to the address).
   */
  app.post(
    '/influencers/:id/platform-accounts/:platform/connect',
    {
      config: { right: 'platforms' },
      schema: { params: ZInfluencerPlatform, response: { 200: ZPlatformConnectResponse } },
    },
    async (request, reply) => {
      const { url, state } = await startConnect(
        deps,
        request.workspace.id,
        request.params.id,
        request.params.platform,
      );
      reply.header('set-cookie', platformFlowCookie(state, secure));
      return { success: true as const, url };
    },
  );

  app.delete(
    '/influencers/:id/platform-accounts/:platform',
    {
      config: { right: 'platforms' },
      schema: { params: ZInfluencerPlatform, response: { 200: ZSuccess } },
    },
    async (request) => {
      await disconnect(deps, request.workspace.id, request.params.id, request.params.platform);
      return { success: true as const };
    },
  );
};

/**
 * The platforms' callbacks: a browser navigation back from the consent screen, so without a
 * bearer token; the flow's state (single use, bound to this browser) says whose it is. The
 * browser goes on to the influencer's page, which says how it went.
 */
export const platformCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = accountDeps(app);
  const secure = app.config.PUBLIC_URL.startsWith('https:');
  app.get(
    '/platforms/:platform/callback',
    {
      schema: {
        params: z.object({ platform: ZPlatform }),
        querystring: z
          .object({
            code: z.string().max(2048).optional(),
            state: z.string().max(256).optional(),
            error: z.string().max(256).optional(),
          })
          .loose(),
      },
    },
    async (request, reply) => {
      const { platform } = request.params;
      reply.header('set-cookie', platformFlowCookie(null, secure));
      try {
        const { influencerId } = await finishConnect(
          deps,
          platform,
          request.query,
          readCookie(request.headers.cookie, PLATFORM_FLOW_COOKIE),
        );
        return reply.redirect(`/influencers/${influencerId}?connected=${platform}`, 303);
      } catch (error) {
        if (!(error instanceof ConnectError)) throw error;
        request.log.warn(
          { platform, failure: error.failure },
          `${PLATFORM_TEXTS.connectFailed} (${error.failure})`,
        );
        const base = error.influencerId ? `/influencers/${error.influencerId}` : '/influencers';
        return reply.redirect(`${base}?platform=${platform}&platformError=${error.failure}`, 303);
      }
    },
  );
};
