/**
 * One interface for every platform Muse publishes to (docs/decisions/0051-platform-publishing.md):
 * the OAuth steps that connect an account, the account's profile, publishing one post in the
 * platform's own steps, reading a published post's counts, and deleting it where the platform
 * can. Each platform is one adapter in
 * `adapters/`; a scheduler service could be one more. Adapters hold no state of their own: the
 * tokens and the ids of steps already taken come in with each call and go back to the caller,
 * which keeps them (sealed) in the database.
 */
import type { TPublishPlatform } from '@muse/shared';

/** A token set as a platform hands it out. */
export type TPlatformTokens = {
  accessToken: string;
  /** Null when the platform gives none (the access token is long-lived and refreshed itself). */
  refreshToken: string | null;
  /** When the access token stops working; null when the platform does not say. */
  accessExpiresAt: Date | null;
  /** When the refresh token stops working; null when the platform does not say. */
  refreshExpiresAt: Date | null;
  /** The scopes the account granted. */
  scopes: string[];
};

/** What a platform tells of the account, and the facts its posts' rules depend on. */
export type TAccountDetails = {
  /** TikTok: the privacy levels the creator info allows (`privacy_level_options`). */
  privacyLevels?: string[];
  /** TikTok: the longest video the account may post (`max_video_post_duration_sec`). */
  maxVideoSeconds?: number;
  /** X: the longest post the account may write (280, or 25,000 with a subscription). */
  maxCaptionLength?: number;
};

export type TPlatformProfile = {
  /** The platform's own id of the account (Instagram user id, TikTok open_id, channel id, X user id). */
  accountId: string;
  /** The handle, without '@'. */
  username: string;
  displayName: string;
  pictureUrl: string | null;
  /** The account's page on the platform. */
  profileUrl: string;
  details: TAccountDetails;
};

/** One picture or video as it goes to the platform (already converted to a format it takes). */
export type TPublishMedia = {
  kind: 'image' | 'video';
  contentType: string;
  width: number;
  height: number;
  durationMs: number | null;
  bytes: number;
  /** The file itself, for platforms Muse uploads to. */
  read: () => Promise<Buffer>;
  /** An expiring signed link on PUBLIC_URL, for platforms that fetch the file themselves. */
  url: string;
};

/** The ids a platform gave in earlier steps of this post (a container, an upload, the post). */
export type TPublishProgress = Record<string, unknown>;

export type TPublishRequest = {
  accessToken: string;
  account: { accountId: string; username: string; details: TAccountDetails };
  caption: string;
  /** YouTube's title; null elsewhere. */
  title: string | null;
  /** TikTok's privacy level, one of the creator info's; null elsewhere. */
  privacyLevel: string | null;
  media: TPublishMedia[];
  /** Ids kept by an earlier try of this post: a step already taken is not taken again. */
  progress: TPublishProgress;
  /**
   * Keeps ids before the next step is taken (merged into `progress`): awaited, so a crash after
   * it finds them on the retry.
   */
  saveProgress: (progress: TPublishProgress) => Promise<void>;
  /** How long to wait between polls of a platform's processing. */
  pollIntervalMs: number;
  signal: AbortSignal;
};

export type TPublished = {
  /** The platform's id of the post. */
  remoteId: string;
  /** The post's address on the platform. */
  url: string;
};

/** What a platform reports of a published post; null where it reports nothing. */
export type TPostCounts = {
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
};

/**
 * What taking a published post off its platform did (docs/product/platform-rules.md, 'Taking a
 * post down'): `deleted` by the platform's API, `gone` already (the platform no longer knows
 * it: the same for the creator), or `unsupported` where the platform's API deletes nothing, so
 * the creator deletes it there by hand.
 */
export type TRemoval = 'deleted' | 'gone' | 'unsupported';

/**
 * Why a platform refused a call, in the kinds the queue acts on:
 * - `auth`: the token is expired, revoked or lacks a scope, and refreshing cannot help (the
 *   account must be connected again);
 * - `expired`: the access token ran out; a refresh may help;
 * - `rate_limited`: try again at `retryAt`;
 * - `refused`: the platform will not take this post (media or text it refuses): trying again
 *   changes nothing;
 * - `failed`: the platform's processing failed;
 * - `unavailable`: the platform or the network failed; trying again later may help.
 */
export type TPlatformErrorKind =
  'auth' | 'expired' | 'rate_limited' | 'refused' | 'failed' | 'unavailable';

export class PlatformError extends Error {
  constructor(
    readonly kind: TPlatformErrorKind,
    /** In words a creator understands, without tokens or ids. */
    message: string,
    readonly details: {
      /** When a rate-limited call may be made again. */
      retryAt?: Date;
      /** The platform's own error code, for the logs. */
      platformCode?: string;
      status?: number;
    } = {},
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}

export interface TPublisher {
  readonly platform: TPublishPlatform;
  /** The scopes asked for when connecting. */
  readonly scopes: readonly string[];
  /** The platform's consent screen for a new connection (PKCE with S256 where the platform has it). */
  authorizationUrl(input: {
    state: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<URL>;
  /** Trades the callback's code for tokens. */
  exchangeCode(input: {
    code: string;
    state: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<TPlatformTokens>;
  /**
   * A new token set from the current one: the refresh token where the platform has one,
   * Instagram's long-lived token itself otherwise.
   */
  refresh(tokens: { accessToken: string; refreshToken: string | null }): Promise<TPlatformTokens>;
  profile(accessToken: string): Promise<TPlatformProfile>;
  /**
   * When the account may publish next, read from the platform's own limit before publishing
   * (Instagram's `content_publishing_limit`); null: now.
   */
  nextSlot(accessToken: string, account: { accountId: string }): Promise<Date | null>;
  publish(request: TPublishRequest): Promise<TPublished>;
  counts(
    accessToken: string,
    account: { accountId: string },
    remoteId: string,
  ): Promise<TPostCounts>;
  /** Whether the platform's API deletes a published post (`remove` answers `unsupported` else). */
  readonly canRemove: boolean;
  /**
   * Deletes a published post from the platform, where its API can. A platform without such a
   * call answers `unsupported` without calling anything; failures are PlatformErrors.
   */
  remove(accessToken: string, account: { accountId: string }, remoteId: string): Promise<TRemoval>;
  /** Gives the tokens back on disconnect where the platform has a revocation endpoint. */
  revoke(tokens: { accessToken: string; refreshToken: string | null }): Promise<void>;
}

/** How an adapter reaches its platform. */
export type TPublisherOptions = {
  clientId: string;
  clientSecret: string;
  /**
   * Tests only: every platform host is reached under this address, `https://graph.instagram.com/x`
   * as `<PLATFORMS_API_URL>/graph.instagram.com/x` (the browser's consent pages too).
   */
  apiUrl?: string;
};

/** A platform's URL, moved under `apiUrl` when one is set (see TPublisherOptions). */
export function platformUrl(apiUrl: string | undefined, url: string): string {
  if (!apiUrl) return url;
  const parsed = new URL(url);
  return `${apiUrl.replace(/\/+$/, '')}/${parsed.host}${parsed.pathname}${parsed.search}`;
}
