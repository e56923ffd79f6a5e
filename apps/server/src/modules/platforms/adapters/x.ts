/**
 * X (API v2, OAuth 2.0 with PKCE) on `twitter-api-v2`. A post is its media uploaded in X's
 * chunked steps (initialize, append, finalize, then status polls while a video is processed),
 * then the post itself; the ids of both are kept as progress so a retry takes no step twice.
 *
 * The library has X's addresses built in (`https://api.x.com/2/…`). With `apiUrl` set, a client
 * plugin (the library's `onBeforeRequest` hook) moves each request under it after the library
 * has computed the request (body encoded as X's path asks, auth header written), so the test
 * server gets exactly what X would; an `http:` test server also needs a plain HTTP agent (the
 * library sends with `https.request`, which takes any agent through `httpAgent`).
 */
import { createHash } from 'node:crypto';
import { Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  ApiPartialResponseError,
  ApiRequestError,
  ApiResponseError,
  TwitterApi,
  type IClientSettings,
  type ITwitterApiClientPlugin,
  type TwitterRateLimit,
} from 'twitter-api-v2';
import { z } from 'zod';
import {
  PlatformError,
  platformUrl,
  type TPlatformTokens,
  type TPublishMedia,
  type TPublisher,
  type TPublisherOptions,
} from '../publisher';

const SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'media.write', 'offline.access'];
/** The size of each APPEND, as `twitter-api-v2`'s own `uploadMedia` sends them. */
const CHUNK_BYTES = 1024 * 1024;
/** How long a video may stay in X's processing before this try gives up (a retry polls again). */
const PROCESSING_TIMEOUT_MS = 15 * 60 * 1000;
/** When X says nothing of its limit's reset. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 15 * 60 * 1000;

const progressSchema = z.object({
  /** The uploaded (finalized) media, in the order of the post's media. */
  mediaIds: z.array(z.string()).optional(),
  tweetId: z.string().optional(),
  /** The post was sent once: its answer may have been lost, so look for it before sending again. */
  tweetSent: z.boolean().optional(),
});

const timelineSchema = z.object({
  data: z.array(z.object({ id: z.string(), text: z.string() })).optional(),
});

const meSchema = z.object({
  data: z.object({
    id: z.string(),
    username: z.string(),
    name: z.string(),
    profile_image_url: z.string().optional(),
    verified_type: z.string().optional(),
    subscription_type: z.string().optional(),
  }),
});

const processingSchema = z
  .object({
    state: z.enum(['pending', 'in_progress', 'failed', 'succeeded']),
    check_after_secs: z.number().optional(),
    error: z.object({ name: z.string().optional(), message: z.string().optional() }).optional(),
  })
  .optional();
const mediaAnswerSchema = z.object({
  data: z.object({ id: z.string(), processing_info: processingSchema }),
});

const tweetSchema = z.object({ data: z.object({ id: z.string() }) });
const deletedSchema = z.object({ data: z.object({ deleted: z.boolean() }) });
const metricsSchema = z.object({
  data: z
    .object({
      public_metrics: z
        .object({
          impression_count: z.number().optional(),
          like_count: z.number().optional(),
          reply_count: z.number().optional(),
          retweet_count: z.number().optional(),
          quote_count: z.number().optional(),
        })
        .optional(),
    })
    .optional(),
});

/** X's problem details, or the v1-style `errors` list some paths answer with. */
const problemSchema = z
  .object({
    title: z.string().optional(),
    detail: z.string().optional(),
    type: z.string().optional(),
    error: z.string().optional(),
    error_description: z.string().optional(),
    errors: z.array(z.object({ message: z.string().optional() }).loose()).optional(),
  })
  .loose();

/** What X said went wrong, in its own words (never tokens or ids). */
function problemText(data: unknown): string | undefined {
  const problem = problemSchema.safeParse(data);
  if (!problem.success) return undefined;
  const { detail, errors, error_description } = problem.data;
  const listed = errors?.map((entry) => entry.message).find(Boolean);
  return listed ?? detail ?? error_description;
}

/**
 * When the limit X hit resets (`reset` is in epoch seconds): the exhausted 24-hour window's if
 * that is the one, else the 15-minute window's.
 */
function retryAtOf(limit: TwitterRateLimit | undefined): Date {
  const exhausted = [limit?.userDay, limit?.day].find((window) => window?.remaining === 0);
  const reset = exhausted?.reset ?? limit?.reset;
  const at = reset ? reset * 1000 : Date.now() + DEFAULT_RATE_LIMIT_WAIT_MS;
  return new Date(Math.max(at, Date.now() + 1000));
}

/**
 * A failed call as the queue acts on it. `token` calls (code exchange, refresh) fail with OAuth
 * errors (`invalid_request` for a used or revoked refresh token): the account must connect again.
 */
function toPlatformError(error: unknown, call: 'api' | 'token'): unknown {
  if (error instanceof PlatformError) return error;
  if (error instanceof ApiRequestError || error instanceof ApiPartialResponseError)
    return new PlatformError('unavailable', 'X could not be reached: it will be tried again');
  if (!(error instanceof ApiResponseError)) return error;
  const status = error.code;
  const problem = problemSchema.safeParse(error.data);
  // The OAuth error, the problem's type, or its title where the type says nothing.
  const type = problem.data?.type === 'about:blank' ? undefined : problem.data?.type;
  const platformCode = problem.data?.error ?? type ?? problem.data?.title;
  const said = problemText(error.data);
  const details = { status, ...(platformCode ? { platformCode } : {}) };
  if (status === 429)
    return new PlatformError('rate_limited', 'X’s limit is reached: it resets soon', {
      ...details,
      retryAt: retryAtOf(error.rateLimit),
    });
  if (status >= 500)
    return new PlatformError(
      'unavailable',
      'X is unavailable right now: it will be tried again',
      details,
    );
  if (call === 'token')
    return new PlatformError(
      'auth',
      'X no longer accepts this connection: connect the account again',
      details,
    );
  if (status === 401)
    return new PlatformError('expired', 'The connection to X has expired', details);
  if (status === 403 && platformCode?.includes('unsupported-authentication'))
    return new PlatformError(
      'auth',
      'X does not let this connection post: connect the account again',
      details,
    );
  return new PlatformError(
    'refused',
    said ? `X refused the post: ${said}` : 'X refused the post',
    details,
  );
}

/** The library's settings: with `apiUrl`, every request goes to the test server instead of X. */
function clientSettings(apiUrl: string | undefined): Partial<IClientSettings> {
  if (!apiUrl) return {};
  const toTestServer: ITwitterApiClientPlugin = {
    onBeforeRequest({ computedParams }) {
      computedParams.url.href = platformUrl(apiUrl, computedParams.url.href);
    },
  };
  return {
    plugins: [toTestServer],
    ...(apiUrl.startsWith('http:') ? { httpAgent: new Agent() } : {}),
  };
}

function tokensFrom(result: {
  accessToken: string;
  refreshToken?: string;
  expiresIn: number;
  scope: string[];
}): TPlatformTokens {
  return {
    accessToken: result.accessToken,
    refreshToken: result.refreshToken ?? null,
    accessExpiresAt: new Date(Date.now() + result.expiresIn * 1000),
    refreshExpiresAt: null,
    scopes: result.scope,
  };
}

/** X's category for a file: GIFs are their own (X animates them), as the library infers it. */
function categoryOf(media: TPublishMedia): 'tweet_image' | 'tweet_gif' | 'tweet_video' {
  if (media.kind === 'video') return 'tweet_video';
  return media.contentType === 'image/gif' ? 'tweet_gif' : 'tweet_image';
}

export function createXPublisher(options: TPublisherOptions): TPublisher {
  const settings = clientSettings(options.apiUrl);
  const appClient = () =>
    new TwitterApi({ clientId: options.clientId, clientSecret: options.clientSecret }, settings);
  const userClient = (accessToken: string) => new TwitterApi(accessToken, settings);

  /** Polls X's processing of an uploaded file until it is ready to post. */
  async function waitUntilProcessed(
    client: TwitterApi,
    mediaId: string,
    pollIntervalMs: number,
    signal: AbortSignal,
  ): Promise<void> {
    const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
    for (;;) {
      signal.throwIfAborted();
      const answer = mediaAnswerSchema.parse(
        await client.v2.get('media/upload', { command: 'STATUS', media_id: mediaId }),
      );
      const info = answer.data.processing_info;
      if (!info || info.state === 'succeeded') return;
      if (info.state === 'failed') {
        const reason = info.error?.message;
        throw new PlatformError(
          'failed',
          reason ? `X could not process the video: ${reason}` : 'X could not process the video',
          info.error?.name ? { platformCode: info.error.name } : {},
        );
      }
      if (Date.now() > deadline)
        throw new PlatformError(
          'unavailable',
          'X is still processing the video: it will be tried again',
        );
      // The caller's interval, not X's `check_after_secs` (whole seconds), paces the polls.
      await sleep(pollIntervalMs, undefined, { signal });
    }
  }

  /**
   * One file in X's chunked steps, as `twitter-api-v2`'s `uploadMedia` sends them (the same
   * paths and bodies), but with the polls of a video's processing left to the caller, paced by
   * its interval and cancelled by its signal.
   */
  async function upload(
    client: TwitterApi,
    media: TPublishMedia,
    signal: AbortSignal,
  ): Promise<{ id: string; processing: boolean }> {
    const bytes = await media.read();
    const initialized = mediaAnswerSchema.parse(
      await client.v2.post('media/upload/initialize', {
        media_type: media.contentType,
        total_bytes: bytes.length,
        media_category: categoryOf(media),
      }),
    );
    const id = initialized.data.id;
    for (let index = 0; index * CHUNK_BYTES < bytes.length; index++) {
      signal.throwIfAborted();
      const chunk = bytes.subarray(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES);
      await client.v2.post(
        `media/upload/${id}/append`,
        { segment_index: index, media: chunk },
        { forceBodyMode: 'form-data' },
      );
    }
    const finalized = mediaAnswerSchema.parse(await client.v2.post(`media/upload/${id}/finalize`));
    const state = finalized.data.processing_info?.state;
    return { id, processing: !!state && state !== 'succeeded' };
  }

  return {
    platform: 'x',
    scopes: SCOPES,
    canRemove: true,

    async authorizationUrl({ state, codeVerifier, redirectUri }) {
      // Built here rather than with generateOAuth2AuthLink, which makes its own verifier.
      const url = new URL(platformUrl(options.apiUrl, 'https://x.com/i/oauth2/authorize'));
      const challenge = createHash('sha256').update(codeVerifier).digest('base64url');
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: options.clientId,
        redirect_uri: redirectUri,
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        scope: SCOPES.join(' '),
      }).toString();
      return url;
    },

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      try {
        return tokensFrom(await appClient().loginWithOAuth2({ code, codeVerifier, redirectUri }));
      } catch (error) {
        throw toPlatformError(error, 'token');
      }
    },

    async refresh({ refreshToken }) {
      if (!refreshToken)
        throw new PlatformError('auth', 'X gave no refresh token: connect the account again');
      try {
        // X rotates refresh tokens: the one just used stops working, the new one is returned.
        return tokensFrom(await appClient().refreshOAuth2Token(refreshToken));
      } catch (error) {
        throw toPlatformError(error, 'token');
      }
    },

    async profile(accessToken) {
      try {
        const me = meSchema.parse(
          await userClient(accessToken).v2.me({
            // subscription_type is missing from the library's list of user fields.
            'user.fields': 'profile_image_url,verified,verified_type,subscription_type',
          }),
        ).data;
        const subscribed =
          me.subscription_type === 'Premium' ||
          me.subscription_type === 'PremiumPlus' ||
          me.verified_type === 'blue';
        return {
          accountId: me.id,
          username: me.username,
          displayName: me.name,
          // X hands out the 48 px picture; the same address with `_400x400` is the large one.
          pictureUrl: me.profile_image_url?.replace(/_normal(\.\w+)$/, '_400x400$1') ?? null,
          profileUrl: `https://x.com/${me.username}`,
          details: { maxCaptionLength: subscribed ? 25_000 : 280 },
        };
      } catch (error) {
        throw toPlatformError(error, 'api');
      }
    },

    // X tells its limits in each answer's x-rate-limit-* headers and with 429s, not beforehand.
    async nextSlot() {
      return null;
    },

    async publish(request) {
      const saved = progressSchema.catch({}).parse(request.progress);
      const url = (id: string) => `https://x.com/${request.account.username}/status/${id}`;
      if (saved.tweetId) return { remoteId: saved.tweetId, url: url(saved.tweetId) };
      const client = userClient(request.accessToken);
      try {
        const mediaIds = [...(saved.mediaIds ?? [])].slice(0, request.media.length);
        // Files a crash left in processing are ready (or failed) by now: ask X before posting.
        for (const [index, id] of mediaIds.entries()) {
          if (categoryOf(request.media[index]!) !== 'tweet_image')
            await waitUntilProcessed(client, id, request.pollIntervalMs, request.signal);
        }
        for (const media of request.media.slice(mediaIds.length)) {
          const uploaded = await upload(client, media, request.signal);
          mediaIds.push(uploaded.id);
          await request.saveProgress({ mediaIds: [...mediaIds] });
          if (uploaded.processing)
            await waitUntilProcessed(client, uploaded.id, request.pollIntervalMs, request.signal);
        }
        request.signal.throwIfAborted();
        // A try whose answer was lost may have posted: X refuses the same text twice, so the
        // account's latest posts say whether it did.
        if (saved.tweetSent) {
          const latest = timelineSchema.parse(
            await client.v2.get(`users/${request.account.accountId}/tweets`, { max_results: 10 }),
          );
          // X gives links back as t.co addresses: texts are compared without them.
          const plain = (text: string) => text.replace(/https?:\/\/\S+/g, '').trim();
          const found = latest.data?.find((tweet) => plain(tweet.text) === plain(request.caption));
          if (found) {
            await request.saveProgress({ tweetId: found.id });
            return { remoteId: found.id, url: url(found.id) };
          }
        }
        await request.saveProgress({ tweetSent: true });
        const posted = tweetSchema.parse(
          await client.v2.tweet({
            text: request.caption,
            // The library types up to four ids; more are X's to refuse.
            ...(mediaIds.length ? { media: { media_ids: mediaIds as [string] } } : {}),
          }),
        );
        await request.saveProgress({ tweetId: posted.data.id });
        return { remoteId: posted.data.id, url: url(posted.data.id) };
      } catch (error) {
        throw toPlatformError(error, 'api');
      }
    },

    async counts(accessToken, _account, remoteId) {
      try {
        const answer = metricsSchema.parse(
          await userClient(accessToken).v2.singleTweet(remoteId, {
            'tweet.fields': ['public_metrics'],
          }),
        );
        // X answers 200 with an `errors` list and no data for a post that is gone.
        if (!answer.data) throw new PlatformError('refused', 'The post is no longer on X');
        const metrics = answer.data.public_metrics;
        return {
          views: metrics?.impression_count ?? null,
          likes: metrics?.like_count ?? null,
          comments: metrics?.reply_count ?? null,
          shares:
            metrics?.retweet_count === undefined && metrics?.quote_count === undefined
              ? null
              : (metrics.retweet_count ?? 0) + (metrics.quote_count ?? 0),
        };
      } catch (error) {
        throw toPlatformError(error, 'api');
      }
    },

    // DELETE /2/tweets/:id, with the scopes Muse posts with (tweet.read, tweet.write, users.read).
    async remove(accessToken, _account, remoteId) {
      const client = userClient(accessToken);
      try {
        const answer = deletedSchema.safeParse(await client.v2.deleteTweet(remoteId));
        if (answer.success && answer.data.data.deleted) return 'deleted';
        // Not deleted, and no error said why: X is asked whether the post is still there.
        const still = metricsSchema.parse(await client.v2.singleTweet(remoteId));
        if (!still.data) return 'gone';
        throw new PlatformError('unavailable', 'X did not delete the post: it will be tried again');
      } catch (error) {
        // A post X no longer has (deleted on X, or its account) is as good as deleted.
        if (error instanceof ApiResponseError && error.code === 404) return 'gone';
        throw toPlatformError(error, 'api');
      }
    },

    async revoke({ accessToken, refreshToken }) {
      const app = appClient();
      // Best effort: the refresh token (the grant itself), then the access token.
      if (refreshToken) await app.revokeOAuth2Token(refreshToken, 'refresh_token').catch(() => {});
      await app.revokeOAuth2Token(accessToken, 'access_token').catch(() => {});
    },
  };
}
