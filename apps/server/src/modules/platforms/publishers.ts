import type { TPublishPlatform } from '@muse/shared';
import type { TConfig } from '../../config';
import { createInstagramPublisher } from './adapters/instagram';
import { createTikTokPublisher } from './adapters/tiktok';
import { createXPublisher } from './adapters/x';
import { createYouTubePublisher } from './adapters/youtube';
import type { TPublisher } from './publisher';

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

/** The adapter of each platform this Muse has app credentials for. */
export type TPublishers = Partial<Record<TPublishPlatform, TPublisher>>;

export function createPublishers(config: TConfig): TPublishers {
  const enabled = enabledPlatforms(config);
  const apiUrl = config.PLATFORMS_API_URL;
  const publishers: TPublishers = {};
  if (enabled.instagram)
    publishers.instagram = createInstagramPublisher({
      clientId: config.INSTAGRAM_APP_ID!,
      clientSecret: config.INSTAGRAM_APP_SECRET!,
      apiUrl,
    });
  if (enabled.tiktok)
    publishers.tiktok = createTikTokPublisher({
      clientId: config.TIKTOK_CLIENT_KEY!,
      clientSecret: config.TIKTOK_CLIENT_SECRET!,
      apiUrl,
    });
  if (enabled.youtube)
    publishers.youtube = createYouTubePublisher({
      clientId: config.GOOGLE_CLIENT_ID!,
      clientSecret: config.GOOGLE_CLIENT_SECRET!,
      apiUrl,
      issuer: config.GOOGLE_ISSUER,
    });
  if (enabled.x)
    publishers.x = createXPublisher({
      clientId: config.X_CLIENT_ID!,
      clientSecret: config.X_CLIENT_SECRET!,
      apiUrl,
    });
  return publishers;
}
