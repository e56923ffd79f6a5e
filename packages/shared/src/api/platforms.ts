import { z } from 'zod';
import { PUBLISH_PLATFORMS } from '../platforms/rules';

/** GET /api/platforms: the platforms this Muse can publish to, and what turns the others on. */
export const ZPlatformsResponse = z.object({
  success: z.literal(true),
  platforms: z.array(
    z.object({
      key: z.enum(PUBLISH_PLATFORMS),
      name: z.string(),
      /** Whether its app credentials are configured. */
      enabled: z.boolean(),
      /** The variables that turn it on. */
      variables: z.array(z.string()),
      /** What the platform must approve before the posts are public. */
      review: z.string(),
    }),
  ),
});
export type TPlatformsResponse = z.infer<typeof ZPlatformsResponse>;

/** What the platform pages and answers say, word for word. */
export const PLATFORM_TEXTS = {
  connect: 'Connect',
  reconnect: 'Reconnect',
  disconnect: 'Disconnect',
  connected: (platform: string) => `${platform} connected`,
  disconnected: (platform: string) => `${platform} disconnected`,
  notEnabled: (platform: string) => `${platform} is not set up on this Muse`,
  notConnected: (platform: string) => `Connect the influencer’s ${platform} account first`,
  reconnectAccount: (platform: string) => `Reconnect your ${platform} account`,
  expired: 'Access expired',
  revoked: 'Access revoked',
  privateOnly:
    'TikTok lets this app post only privately until it passes TikTok’s audit: posts are seen by this account alone',
  connectFailed: 'The account could not be connected. Please try again.',
  connectDenied: 'The connection was cancelled on the platform',
  connectExpired: 'This connection attempt expired or was already used. Please try again.',
  connectOtherBrowser: 'This connection was started in another browser. Please try again here.',
  ppvPreview: 'Pay-per-view posts go to platforms as their blurred preview, with the unlock link',
  targetNotFailed: 'Only a post that failed on a platform can be tried again',
  tryAgain: 'Try again',
  onPage: 'Muse page',
  removed: 'Removed',
  deleteOn: (platform: string) => `Delete it on ${platform}`,
  postTakenDown: 'Muse took this post down: it goes to no platform',
  accountSuspended: 'This account is suspended: its posts go to no platform',
} as const;

export const PLATFORM_ACCOUNT_STATUSES = ['connected', 'expired', 'revoked'] as const;

/** An influencer's account on a platform, as the creator sees it (never its tokens). */
export const ZPlatformAccount = z.object({
  id: z.string(),
  platform: z.enum(PUBLISH_PLATFORMS),
  username: z.string(),
  displayName: z.string(),
  pictureUrl: z.string().nullable(),
  profileUrl: z.string(),
  status: z.enum(PLATFORM_ACCOUNT_STATUSES),
  /** TikTok: the privacy levels its creator info allows; empty elsewhere. */
  privacyLevels: z.array(z.string()),
  /** TikTok: an unaudited app may post to it only privately (SELF_ONLY). */
  privateOnly: z.boolean(),
  /** The longest caption the account may write (X with a subscription takes 25,000). */
  maxCaptionLength: z.number(),
  /** TikTok: the longest video the account may post, in seconds; null where not limited so. */
  maxVideoSeconds: z.number().nullable(),
  connectedAt: z.string(),
});
export type TPlatformAccount = z.infer<typeof ZPlatformAccount>;

/** GET /api/influencers/:id/platform-accounts */
export const ZPlatformAccountsResponse = z.object({
  success: z.literal(true),
  accounts: z.array(ZPlatformAccount),
  /** Every platform in the order to offer them: the ones chosen in onboarding first. */
  order: z.array(z.enum(PUBLISH_PLATFORMS)),
});
export type TPlatformAccountsResponse = z.infer<typeof ZPlatformAccountsResponse>;

/** POST /api/influencers/:id/platform-accounts/:platform/connect: where to send the browser. */
export const ZPlatformConnectResponse = z.object({ success: z.literal(true), url: z.string() });

export const POST_TARGET_STATES = ['scheduled', 'publishing', 'published', 'failed'] as const;

/**
 * What became of a published copy once Muse took its post down: deleted from the platform,
 * 'unsupported' where the platform's API cannot delete it, or 'failed' (the account's access was
 * gone, the platform refused); the creator deletes the last two by hand.
 */
export const POST_TARGET_REMOVALS = ['removed', 'unsupported', 'failed'] as const;

/** A platform a new post goes to, with its own words where the creator wants them. */
export const ZPostTargetRequest = z.object({
  platform: z.enum(PUBLISH_PLATFORMS, { error: 'Choose Instagram, TikTok, YouTube Shorts or X' }),
  /** Null or absent: the post's caption. */
  caption: z.string().trim().max(25_000).nullish(),
  /** YouTube's title (up to 100 characters; checked with the platform's rules). */
  title: z.string().trim().max(1000).nullish(),
  /** TikTok's privacy level, one of the account's `privacyLevels`. */
  privacyLevel: z.string().max(64).nullish(),
});
export type TPostTargetRequest = z.infer<typeof ZPostTargetRequest>;

/** A post's copy on one platform. */
export const ZPostTarget = z.object({
  platform: z.enum(PUBLISH_PLATFORMS),
  /** The account's handle, null once it was disconnected. */
  username: z.string().nullable(),
  /** The caption it goes out with (its own, or the post's). */
  caption: z.string(),
  ownCaption: z.boolean(),
  title: z.string().nullable(),
  privacyLevel: z.string().nullable(),
  state: z.enum(POST_TARGET_STATES),
  /** The post on the platform, once published. */
  url: z.string().nullable(),
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** A platform's limit holds it until then (ISO 8601). */
  waitUntil: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** What the platform reports, once read; null where it reports nothing. */
  counts: z
    .object({
      views: z.number().nullable(),
      likes: z.number().nullable(),
      comments: z.number().nullable(),
      shares: z.number().nullable(),
      readAt: z.string(),
    })
    .nullable(),
  /**
   * Set once Muse took the post down and dealt with this published copy; the link to delete it
   * by hand is `url` where `state` is not 'removed'. Null while the copy stands.
   */
  removal: z
    .object({
      state: z.enum(POST_TARGET_REMOVALS),
      /** What happened, in the creator's words. */
      message: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type TPostTarget = z.infer<typeof ZPostTarget>;

/** GET /api/influencers/:id/platform-stats: each platform's published posts and their totals. */
export const ZPlatformStatsResponse = z.object({
  success: z.literal(true),
  platforms: z.array(
    z.object({
      platform: z.enum(PUBLISH_PLATFORMS),
      posts: z.number(),
      /** Sums of what the platform reported; null while it reported none of it. */
      views: z.number().nullable(),
      likes: z.number().nullable(),
      comments: z.number().nullable(),
      shares: z.number().nullable(),
    }),
  ),
});
export type TPlatformStatsResponse = z.infer<typeof ZPlatformStatsResponse>;
