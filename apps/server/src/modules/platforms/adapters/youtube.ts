/**
 * YouTube (Data API v3) on `@googleapis/youtube`, with Google's OAuth run by `openid-client`
 * against `issuer` (discovered, as Google sign-in does in modules/auth/google.ts). A post is one
 * video sent in Google's resumable upload protocol: the session's address is kept as progress
 * the moment Google hands it out, so a retry asks the session how far it got and sends only the
 * rest; then the video's id, so a retry never uploads twice.
 *
 * The library's `videos.insert` only sends multipart (or bare media) uploads: one request that
 * starts over whenever it breaks. The resumable session is therefore made here, with the same
 * OAuth2 client's `request()` (gaxios), so authentication stays the library's.
 *
 * With `apiUrl` set, the Data API and upload hosts are reached under it: the generated methods
 * take it as the per-call `rootUrl` (the library's global `rootUrl` keeps only the origin of the
 * address, dropping `/youtube.googleapis.com/`, and is never applied to upload addresses), and
 * the upload session addresses go through `platformUrl`. Google's OAuth endpoints come from the
 * issuer's discovery document: a test passes its own issuer.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { auth, youtube, type youtube_v3 } from '@googleapis/youtube';
import * as oidc from 'openid-client';
import { z } from 'zod';
import {
  PlatformError,
  platformUrl,
  type TPlatformTokens,
  type TPublishRequest,
  type TPublisher,
  type TPublisherOptions,
} from '../publisher';

/**
 * Uploads, the channel and its counts, and deleting a video Muse took down: `videos.delete`
 * takes none of the narrower scopes, only `youtube`, `youtube.force-ssl` or `youtubepartner`.
 */
const SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/youtube.force-ssl',
];
/** The generated client's root; its upload methods add `/upload` to it. */
const API_ROOT = 'https://youtube.googleapis.com/';
const UPLOAD_SESSION_URL =
  'https://youtube.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status';
/** Google's revocation endpoint, for an issuer whose discovery names none. */
const REVOKE_URL = 'https://oauth2.googleapis.com/revoke';
/** People & Blogs: a Short needs a category, and Muse's are personal. */
const CATEGORY_ID = '22';
/** Polls of YouTube's processing before publishing returns anyway (the video is up). */
const MAX_PROCESSING_POLLS = 60;
/** Resumes within one try when YouTube kept fewer bytes than were sent. */
const MAX_RESUMES = 3;

const progressSchema = z.object({
  uploadUrl: z.string().optional(),
  videoId: z.string().optional(),
});

/** Google's error body: `{error: {code, message, errors: [{domain, reason, message}], status}}`. */
const googleErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    errors: z
      .array(z.object({ reason: z.string().optional(), domain: z.string().optional() }).loose())
      .optional(),
  }),
});

/** gaxios's brand on its errors, the same in every copy of it (`GAXIOS_ERROR_SYMBOL`). */
const GAXIOS_ERROR = Symbol.for('gaxios-gaxios-error');
/**
 * What a gaxios error carries (its class is the library's own copy of gaxios, its headers
 * node-fetch's).
 */
const gaxiosErrorSchema = z
  .object({
    status: z.number().optional(),
    code: z.union([z.string(), z.number()]).optional(),
    response: z
      .object({
        status: z.number(),
        data: z.unknown(),
        headers: z.custom<{ get: (name: string) => string | null }>(
          (value) => typeof (value as { get?: unknown } | null)?.get === 'function',
        ),
      })
      .optional(),
  })
  .loose();

const REJECTION_WORDS: Record<string, string> = {
  claim: 'it is claimed by another account',
  copyright: 'of a copyright claim',
  duplicate: 'it duplicates a video already on the channel',
  inappropriate: 'its content is inappropriate',
  legal: 'of a legal claim',
  length: 'it is too long',
  termsOfUse: 'it breaks YouTube’s Terms of Service',
  trademark: 'of a trademark claim',
  uploaderAccountClosed: 'the channel is closed',
  uploaderAccountSuspended: 'the channel is suspended',
};
const FAILURE_WORDS: Record<string, string> = {
  codec: 'its codec is not supported',
  conversion: 'it could not be converted',
  emptyFile: 'the file is empty',
  invalidFile: 'the file is not a video YouTube reads',
  tooSmall: 'the file is too small',
  uploadAborted: 'the upload was cut off',
};
const REFUSAL_WORDS: Record<string, string> = {
  invalidTitle: 'YouTube refused the title: it must be 1 to 100 characters, without < or >',
  invalidDescription:
    'YouTube refused the description: it must be at most 5,000 bytes, without < or >',
  invalidTags: 'YouTube refused the tags',
  invalidCategoryId: 'YouTube refused the video’s category',
  mediaBodyRequired: 'YouTube received no video',
  videoNotFound: 'The video is no longer on YouTube',
};

/** The next midnight in Pacific time, when YouTube's daily quota resets. */
export function nextPacificMidnight(now = new Date()): Date {
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/Los_Angeles',
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
        .formatToParts(new Date(instant))
        .map((part) => [part.type, Number(part.value)]),
    ) as Record<string, number>;
    const wall = Date.UTC(
      parts.year!,
      parts.month! - 1,
      parts.day!,
      parts.hour!,
      parts.minute!,
      parts.second!,
    );
    return { wall, offset: wall - Math.floor(instant / 1000) * 1000 };
  };
  const { wall, offset } = offsetAt(now.getTime());
  const today = new Date(wall);
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);
  // The offset at midnight may differ from now's (a DST change at 2 a.m. today).
  return new Date(midnight - offsetAt(midnight - offset).offset);
}

/** A Data API or upload failure as the queue acts on it. */
function apiError(error: unknown, signal?: AbortSignal): unknown {
  if (error instanceof PlatformError || signal?.aborted) return error;
  const parsed = gaxiosErrorSchema.safeParse(error);
  // Anything else (a bug of Muse's) is no platform's failure and goes on as it is.
  if (!parsed.success || !(error instanceof Error) || !(GAXIOS_ERROR in error)) return error;
  const status = parsed.data.response?.status ?? parsed.data.status;
  if (!status)
    return new PlatformError('unavailable', 'YouTube could not be reached: it will be tried again');
  const body = googleErrorSchema.safeParse(parsed.data.response?.data);
  const reason = body.success ? body.data.error.errors?.[0]?.reason : undefined;
  const details = { status, ...(reason ? { platformCode: reason } : {}) };
  if (status === 401)
    return new PlatformError('expired', 'The connection to YouTube has expired', details);
  if (status >= 500)
    return new PlatformError(
      'unavailable',
      'YouTube is unavailable right now: it will be tried again',
      details,
    );
  if (reason === 'quotaExceeded' || reason === 'dailyLimitExceeded')
    return new PlatformError(
      'rate_limited',
      'Muse’s daily YouTube quota is spent: it resets at midnight Pacific time',
      {
        ...details,
        retryAt: nextPacificMidnight(),
      },
    );
  if (reason === 'uploadLimitExceeded')
    return new PlatformError(
      'rate_limited',
      'The channel has uploaded as many videos as YouTube allows for now',
      {
        ...details,
        retryAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
      },
    );
  if (status === 429 || reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded') {
    const after = Number(parsed.data.response?.headers.get('retry-after'));
    return new PlatformError('rate_limited', 'YouTube asks to slow down', {
      ...details,
      retryAt: new Date(Date.now() + (after > 0 ? after * 1000 : 60_000)),
    });
  }
  if (
    status === 403 &&
    (reason === 'forbidden' ||
      reason === 'insufficientPermissions' ||
      reason === 'youtubeSignupRequired' ||
      reason === 'accountClosed' ||
      reason === 'accountSuspended')
  )
    return new PlatformError(
      'auth',
      'YouTube does not let this connection post: connect the channel again',
      details,
    );
  return new PlatformError(
    'refused',
    (reason && REFUSAL_WORDS[reason]) ?? 'YouTube refused the video',
    details,
  );
}

/** A failed OAuth call (code exchange, refresh) as the queue acts on it. */
function oauthError(error: unknown): unknown {
  if (error instanceof oidc.ResponseBodyError) {
    if (error.status >= 500)
      return new PlatformError(
        'unavailable',
        'Google is unavailable right now: it will be tried again',
        {
          status: error.status,
          platformCode: error.error,
        },
      );
    // invalid_grant: the refresh token was revoked, expired, or the code was used.
    return new PlatformError(
      'auth',
      'Google no longer accepts this connection: connect the channel again',
      {
        status: error.status,
        platformCode: error.error,
      },
    );
  }
  if (error instanceof oidc.AuthorizationResponseError)
    return new PlatformError('auth', 'Google refused the connection', {
      platformCode: error.error,
    });
  const unreachable =
    (error instanceof TypeError && error.message === 'fetch failed') ||
    (error instanceof oidc.ClientError &&
      (error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' ||
        error.code === 'OAUTH_RESPONSE_IS_NOT_JSON'));
  if (unreachable)
    return new PlatformError('unavailable', 'Google could not be reached: it will be tried again');
  return error;
}

function tokensFrom(
  tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  previousRefreshToken: string | null,
): TPlatformTokens {
  const expiresIn = tokens.expiresIn();
  const refreshExpiresIn = tokens.refresh_token_expires_in;
  return {
    accessToken: tokens.access_token,
    // Google hands out a refresh token once, at consent; a refresh keeps the one there is.
    refreshToken: tokens.refresh_token ?? previousRefreshToken,
    accessExpiresAt: expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000),
    refreshExpiresAt:
      typeof refreshExpiresIn === 'number' ? new Date(Date.now() + refreshExpiresIn * 1000) : null,
    scopes: tokens.scope ? tokens.scope.split(' ').filter(Boolean) : [...SCOPES],
  };
}

/** Where a resumable session stands: done (with the video), at a byte, or gone (expired). */
type TSessionState =
  { kind: 'done'; video: unknown } | { kind: 'at'; offset: number } | { kind: 'gone' };

const videoSchema = z.object({ id: z.string() });

export function createYouTubePublisher(
  options: TPublisherOptions & { issuer: string },
): TPublisher {
  let discovered: Promise<oidc.Configuration> | undefined;
  function issuerConfig(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(options.issuer),
        options.clientId,
        options.clientSecret,
        undefined,
        // A local test issuer speaks plain HTTP.
        options.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = undefined; // discover again on the next call
        throw error;
      });
    return discovered;
  }

  const at = (url: string) => platformUrl(options.apiUrl, url);
  /** Per-call method options: the root under `apiUrl` (see the top of the file) and the signal. */
  const methodOptions = (signal?: AbortSignal) => ({
    ...(options.apiUrl ? { rootUrl: at(API_ROOT) } : {}),
    ...(signal ? { signal } : {}),
  });
  function authClient(accessToken: string) {
    const client = new auth.OAuth2(options.clientId, options.clientSecret);
    client.setCredentials({ access_token: accessToken });
    return client;
  }
  const api = (client: InstanceType<typeof auth.OAuth2>) =>
    youtube({ version: 'v3', auth: client });

  type TAuthClient = InstanceType<typeof auth.OAuth2>;
  type TUploadCall = Parameters<TAuthClient['request']>[0];
  /** One request of the upload protocol: not retried by gaxios (a retry here is the caller's). */
  const uploadCall = (client: TAuthClient, call: TUploadCall) =>
    client.request<unknown>({
      retry: false,
      validateStatus: (status) => (status >= 200 && status < 300) || status === 308,
      ...call,
    });

  async function sessionState(
    client: TAuthClient,
    uploadUrl: string,
    total: number,
    signal: AbortSignal,
  ): Promise<TSessionState> {
    try {
      const answer = await uploadCall(client, {
        url: at(uploadUrl),
        method: 'PUT',
        headers: { 'Content-Range': `bytes */${total}` },
        signal,
      });
      if (answer.status !== 308) return { kind: 'done', video: answer.data };
      // `Range: bytes=0-N` names the bytes kept; none kept, no Range.
      const last = /bytes=0-(\d+)/.exec(answer.headers.get('range') ?? '')?.[1];
      return { kind: 'at', offset: last === undefined ? 0 : Number(last) + 1 };
    } catch (error) {
      const status = gaxiosErrorSchema.safeParse(error).data?.response?.status;
      if (status === 404 || status === 410) return { kind: 'gone' };
      throw error;
    }
  }

  /** The video's bytes in a resumable session (a saved one resumed); the video resource. */
  async function upload(client: TAuthClient, request: TPublishRequest, title: string) {
    const media = request.media[0]!;
    const bytes = await media.read();
    const { signal } = request;
    let uploadUrl = progressSchema.catch({}).parse(request.progress).uploadUrl;
    let offset = 0;
    if (uploadUrl) {
      const state = await sessionState(client, uploadUrl, bytes.length, signal);
      if (state.kind === 'done') return state.video;
      if (state.kind === 'gone') uploadUrl = undefined;
      else offset = state.offset;
    }
    if (!uploadUrl) {
      const started = await uploadCall(client, {
        url: at(UPLOAD_SESSION_URL),
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=UTF-8',
          'X-Upload-Content-Type': media.contentType,
          'X-Upload-Content-Length': String(bytes.length),
        },
        data: {
          snippet: { title, description: request.caption, categoryId: CATEGORY_ID },
          status: {
            privacyStatus: 'public',
            selfDeclaredMadeForKids: false,
            // YouTube's own AI disclosure: Muse's videos are made with AI.
            containsSyntheticMedia: true,
          },
        },
        signal,
      });
      const location = started.headers.get('location');
      if (!location)
        throw new PlatformError(
          'unavailable',
          'YouTube did not open an upload: it will be tried again',
        );
      uploadUrl = location;
      // Kept before any byte is sent: a retry resumes this session instead of opening another.
      await request.saveProgress({ uploadUrl });
    }
    for (let resumes = 0; ; resumes++) {
      const sent = await uploadCall(client, {
        url: at(uploadUrl),
        method: 'PUT',
        headers: {
          'Content-Type': media.contentType,
          ...(offset > 0
            ? { 'Content-Range': `bytes ${offset}-${bytes.length - 1}/${bytes.length}` }
            : {}),
        },
        data: bytes.subarray(offset),
        signal,
      });
      if (sent.status !== 308) return sent.data;
      if (resumes >= MAX_RESUMES)
        throw new PlatformError(
          'unavailable',
          'YouTube did not take the whole video: it will be tried again',
        );
      const state = await sessionState(client, uploadUrl, bytes.length, signal);
      if (state.kind === 'done') return state.video;
      if (state.kind === 'gone')
        throw new PlatformError(
          'unavailable',
          'The upload to YouTube expired: it will be tried again',
        );
      offset = state.offset;
    }
  }

  /** Polls YouTube's processing of the video: a rejection or failure fails the post. */
  async function waitUntilProcessed(
    youtubeApi: youtube_v3.Youtube,
    videoId: string,
    request: TPublishRequest,
  ) {
    for (let poll = 0; poll < MAX_PROCESSING_POLLS; poll++) {
      const answer = await youtubeApi.videos.list(
        { part: ['status', 'processingDetails'], id: [videoId] },
        methodOptions(request.signal),
      );
      const video = answer.data.items?.[0];
      if (!video) throw new PlatformError('failed', 'The video is no longer on YouTube');
      const uploadStatus = video.status?.uploadStatus;
      if (uploadStatus === 'rejected') {
        const reason = video.status?.rejectionReason ?? '';
        throw new PlatformError(
          'failed',
          REJECTION_WORDS[reason]
            ? `YouTube rejected the video because ${REJECTION_WORDS[reason]}`
            : 'YouTube rejected the video',
          reason ? { platformCode: reason } : {},
        );
      }
      if (uploadStatus === 'failed' || uploadStatus === 'deleted') {
        const reason = video.status?.failureReason ?? '';
        throw new PlatformError(
          'failed',
          FAILURE_WORDS[reason]
            ? `YouTube could not process the video: ${FAILURE_WORDS[reason]}`
            : 'YouTube could not process the video',
          reason ? { platformCode: reason } : {},
        );
      }
      const processing = video.processingDetails?.processingStatus;
      if (uploadStatus === 'processed' || processing === 'succeeded') return;
      if (processing === 'failed' || processing === 'terminated')
        throw new PlatformError('failed', 'YouTube could not process the video');
      await sleep(request.pollIntervalMs, undefined, { signal: request.signal });
    }
    // Still processing after the last poll: the video is on YouTube and its processing goes on.
  }

  return {
    platform: 'youtube',
    scopes: SCOPES,
    canRemove: true,

    async authorizationUrl({ state, codeVerifier, redirectUri }) {
      try {
        return oidc.buildAuthorizationUrl(await issuerConfig(), {
          redirect_uri: redirectUri,
          scope: SCOPES.join(' '),
          code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
          code_challenge_method: 'S256',
          state,
          // A refresh token, asked for again at each connection (Google gives one at consent).
          access_type: 'offline',
          prompt: 'consent',
          include_granted_scopes: 'true',
        });
      } catch (error) {
        throw oauthError(error);
      }
    },

    async exchangeCode({ code, state, codeVerifier, redirectUri }) {
      try {
        // The callback as Google made it (openid-client takes redirect_uri from it).
        const callback = new URL(redirectUri);
        callback.searchParams.set('code', code);
        callback.searchParams.set('state', state);
        const tokens = await oidc.authorizationCodeGrant(await issuerConfig(), callback, {
          pkceCodeVerifier: codeVerifier,
          expectedState: state,
          idTokenExpected: false,
        });
        return tokensFrom(tokens, null);
      } catch (error) {
        throw oauthError(error);
      }
    },

    async refresh({ refreshToken }) {
      if (!refreshToken)
        throw new PlatformError('auth', 'Google gave no refresh token: connect the channel again');
      try {
        return tokensFrom(
          await oidc.refreshTokenGrant(await issuerConfig(), refreshToken),
          refreshToken,
        );
      } catch (error) {
        throw oauthError(error);
      }
    },

    async profile(accessToken) {
      try {
        const answer = await api(authClient(accessToken)).channels.list(
          { part: ['snippet'], mine: true },
          methodOptions(),
        );
        const channel = answer.data.items?.[0];
        if (!channel?.id)
          throw new PlatformError(
            'auth',
            'This Google account has no YouTube channel: create one, then connect again',
          );
        const snippet = channel.snippet ?? {};
        const handle = snippet.customUrl?.startsWith('@') ? snippet.customUrl : null;
        const thumbnails = snippet.thumbnails ?? {};
        return {
          accountId: channel.id,
          username: handle?.slice(1) ?? snippet.customUrl ?? snippet.title ?? channel.id,
          displayName: snippet.title ?? '',
          pictureUrl:
            thumbnails.high?.url ?? thumbnails.medium?.url ?? thumbnails.default?.url ?? null,
          profileUrl: handle
            ? `https://www.youtube.com/${handle}`
            : `https://www.youtube.com/channel/${channel.id}`,
          details: {},
        };
      } catch (error) {
        throw apiError(error);
      }
    },

    // YouTube's limit is the project's daily quota, told only by a 403 quotaExceeded.
    async nextSlot() {
      return null;
    },

    async publish(request) {
      const saved = progressSchema.catch({}).parse(request.progress);
      const client = authClient(request.accessToken);
      const youtubeApi = api(client);
      try {
        let videoId = saved.videoId;
        if (!videoId) {
          if (request.media.length !== 1 || request.media[0]?.kind !== 'video')
            throw new PlatformError('refused', 'YouTube takes one video a post');
          const video = videoSchema.safeParse(
            await upload(client, request, request.title?.trim() ?? ''),
          );
          if (!video.success)
            throw new PlatformError(
              'unavailable',
              'YouTube did not say which video it made: it will be tried again',
            );
          videoId = video.data.id;
          await request.saveProgress({ videoId });
        }
        await waitUntilProcessed(youtubeApi, videoId, request);
        return { remoteId: videoId, url: `https://www.youtube.com/shorts/${videoId}` };
      } catch (error) {
        throw apiError(error, request.signal);
      }
    },

    async counts(accessToken, _account, remoteId) {
      try {
        const answer = await api(authClient(accessToken)).videos.list(
          { part: ['statistics'], id: [remoteId] },
          methodOptions(),
        );
        const video = answer.data.items?.[0];
        if (!video) throw new PlatformError('refused', 'The video is no longer on YouTube');
        const count = (value: string | null | undefined) =>
          value === null || value === undefined ? null : Number(value);
        return {
          views: count(video.statistics?.viewCount),
          likes: count(video.statistics?.likeCount),
          comments: count(video.statistics?.commentCount),
          shares: null,
        };
      } catch (error) {
        throw apiError(error);
      }
    },

    // videos.delete: 204 when deleted, 404 videoNotFound when YouTube has no such video.
    async remove(accessToken, _account, remoteId) {
      try {
        // Not retried by gaxios: the takedown's queue tries again, and says so.
        await api(authClient(accessToken)).videos.delete(
          { id: remoteId },
          { ...methodOptions(), retry: false },
        );
        return 'deleted';
      } catch (error) {
        const status = gaxiosErrorSchema.safeParse(error).data?.response?.status;
        if (status === 404 && GAXIOS_ERROR in Object(error)) return 'gone';
        throw apiError(error);
      }
    },

    async revoke({ accessToken, refreshToken }) {
      // Best effort. The refresh token, when there is one, revokes the whole grant.
      const token = refreshToken ?? accessToken;
      try {
        const config = await issuerConfig();
        if (config.serverMetadata().revocation_endpoint) {
          await oidc.tokenRevocation(config, token);
          return;
        }
        await fetch(at(`${REVOKE_URL}?${new URLSearchParams({ token }).toString()}`), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      } catch {
        // Disconnecting goes on: the tokens are forgotten either way.
      }
    },
  };
}
