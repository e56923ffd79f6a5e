import {
  PLATFORM_RULES,
  PLATFORM_SETUP,
  PUBLISH_PLATFORMS,
  ZPlatformsResponse,
  type TPlatformsResponse,
  type TPublishPlatform,
} from '@muse/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TConfig } from '../../config';

/** Whether this Muse has the app credentials of each platform (docs/product/platform-rules.md). */
export function enabledPlatforms(config: TConfig): Record<TPublishPlatform, boolean> {
  return {
    instagram: !!(config.INSTAGRAM_APP_ID && config.INSTAGRAM_APP_SECRET),
    tiktok: !!(config.TIKTOK_CLIENT_KEY && config.TIKTOK_CLIENT_SECRET),
    youtube: !!(
      config.YOUTUBE_PUBLISHING &&
      config.GOOGLE_CLIENT_ID &&
      config.GOOGLE_CLIENT_SECRET
    ),
    x: !!(config.X_CLIENT_ID && config.X_CLIENT_SECRET),
  };
}

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

/** The platforms a creator can publish to from this Muse, and what turns the others on. */
export const platformRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = platformsOf(app.config);
  app.get('/platforms', { schema: { response: { 200: ZPlatformsResponse } } }, () => answer);
};
