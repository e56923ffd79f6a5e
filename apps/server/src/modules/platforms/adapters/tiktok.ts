/**
 * TikTok, through its Content Posting API with Direct Post (open.tiktokapis.com): an account
 * connects on tiktok.com (OAuth with PKCE), and Muse posts a video it uploads in chunks, or
 * pictures TikTok pulls from Muse's signed links, then follows the post's status until TikTok
 * has published it. Each post says it is AI-made where TikTok has the field (`is_aigc`).
 *
 * The publish id is saved the moment TikTok gives it, so a retry never starts a second post:
 * it asks TikTok how far the first got, finishes an upload that stopped, and polls.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  PlatformError,
  platformUrl,
  type TPlatformTokens,
  type TPostCounts,
  type TPublisher,
  type TPublisherOptions,
  type TPublishRequest,
} from '../publisher';
import { fetchJson, pause, type THttpAnswer } from './http';

const SCOPES = ['user.info.basic', 'video.publish', 'video.list'] as const;
const API = 'https://open.tiktokapis.com';
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** How long a post may stay in processing in one try; a retry carries on polling it. */
const MAX_PROCESSING_MS = 30 * MINUTE_MS;

/**
 * TikTok's chunk rules (docs/product/platform-rules.md): a video under 5 MB goes whole; otherwise chunks
 * of 5 to 64 MB, `total_chunk_count` = floor(size / chunk), the rest joined to the last chunk
 * (which may so reach 128 MB), at most 1,000 chunks. The bounds are read strictly both ways
 * (5 MiB, 64 MB). 10 MiB chunks sit well inside them, keep what a retry sends again small, and
 * fit 4 GB in under 400 chunks.
 */
const MIN_CHUNK = 5 * 1024 * 1024;
const CHUNK = 10 * 1024 * 1024;
const UPLOAD_TIMEOUT_MS = 10 * MINUTE_MS;

/** The chunks a video of `size` bytes goes in: their size and count, the last one larger. */
export function tiktokChunks(size: number): { chunkSize: number; count: number } {
  if (size < MIN_CHUNK) return { chunkSize: size, count: 1 };
  const count = Math.floor(size / CHUNK);
  // Under one chunk's size, the video goes whole (it is then under 64 MB).
  return count === 0 ? { chunkSize: size, count: 1 } : { chunkSize: CHUNK, count };
}

/** PKCE's S256 challenge: the verifier's SHA-256, in base64url without padding. */
function challengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** Text cut to `max` UTF-16 units (TikTok counts "UTF-16 runes"), never through a character. */
function cut(text: string, max: number): string {
  let out = '';
  for (const character of text) {
    if (out.length + character.length > max) break;
    out += character;
  }
  return out;
}

/** The API's own error object; `ok` on success. */
const ZApiError = z.object({
  code: z.string(),
  message: z.string().optional(),
  log_id: z.string().optional(),
});
/** The OAuth endpoints answer errors flat: `{error, error_description, log_id}`. */
const ZOAuthError = z.object({
  error: z.string().min(1),
  error_description: z.string().optional(),
});

const ZTokens = z.object({
  open_id: z.string(),
  scope: z.string(),
  access_token: z.string().min(1),
  expires_in: z.number(),
  refresh_token: z.string().min(1),
  refresh_expires_in: z.number(),
  token_type: z.string().optional(),
});
const ZUser = z.object({
  data: z.object({
    user: z.object({
      open_id: z.string(),
      display_name: z.string().optional(),
      avatar_url: z.string().optional(),
    }),
  }),
});
const ZCreator = z.object({
  data: z.object({
    creator_username: z.string(),
    creator_nickname: z.string().optional(),
    creator_avatar_url: z.string().optional(),
    privacy_level_options: z.array(z.string()),
    comment_disabled: z.boolean().optional(),
    duet_disabled: z.boolean().optional(),
    stitch_disabled: z.boolean().optional(),
    max_video_post_duration_sec: z.number().optional(),
  }),
});
type TCreator = z.infer<typeof ZCreator>['data'];
const ZInit = z.object({
  data: z.object({ publish_id: z.string(), upload_url: z.string().optional() }),
});
const ZPublishStatus = z.object({
  data: z.object({
    status: z.string(),
    fail_reason: z.string().optional(),
    // Yes, `publicaly`: TikTok's spelling. int64 numbers (kept whole by fetchJson).
    publicaly_available_post_id: z
      .array(z.union([z.string(), z.number()]).transform(String))
      .optional(),
    uploaded_bytes: z.number().optional(),
  }),
});
const ZVideos = z.object({
  data: z.object({
    videos: z.array(
      z.object({
        id: z.union([z.string(), z.number()]).transform(String),
        view_count: z.number().optional(),
        like_count: z.number().optional(),
        comment_count: z.number().optional(),
        share_count: z.number().optional(),
      }),
    ),
  }),
});

/** The ids kept between tries (see TPublishRequest.progress). */
const ZProgress = z.object({
  publishId: z.string().nullish(),
  /** Where the video's chunks go; TikTok keeps it an hour. */
  uploadUrl: z.string().nullish(),
  /** Every chunk arrived. */
  uploaded: z.boolean().nullish(),
});

/** A post's `fail_reason` in words a creator reads. */
const FAIL_REASONS: Record<string, string> = {
  file_format_check_failed: 'TikTok does not take this file’s format',
  duration_check_failed: 'the video is longer or shorter than this account may post',
  frame_rate_check_failed: 'TikTok takes videos of 23 to 60 frames a second',
  picture_size_check_failed: 'a picture is larger or smaller than TikTok takes',
  video_pull_failed: 'TikTok could not download the video from Muse',
  photo_pull_failed: 'TikTok could not download the pictures from Muse',
  publish_cancelled: 'the post was cancelled',
  auth_removed: 'the account removed Muse’s access on TikTok',
  spam_risk_too_many_posts: 'the account has reached TikTok’s limit of posts a day',
  spam_risk_user_banned_from_posting: 'TikTok does not let this account post at the moment',
  internal: 'TikTok failed to process it',
};

function apiError(
  code: string,
  message: string | undefined,
  status: number,
  subject: string,
): PlatformError {
  const details = { platformCode: code, status };
  const now = Date.now();
  switch (code) {
    case 'access_token_invalid':
      return new PlatformError('expired', 'The connection to TikTok has expired', details);
    case 'scope_not_authorized':
    case 'scope_permission_missed':
      return new PlatformError(
        'auth',
        'TikTok has not given Muse the permission it needs: connect the account again',
        details,
      );
    case 'rate_limit_exceeded':
      // Six post requests a minute per account token.
      return new PlatformError(
        'rate_limited',
        'TikTok limits how often Muse may call for this account: it tries again in a minute',
        { ...details, retryAt: new Date(now + MINUTE_MS) },
      );
    case 'spam_risk_too_many_posts':
      return new PlatformError(
        'rate_limited',
        'This account has reached TikTok’s limit of posts a day',
        { ...details, retryAt: new Date(now + DAY_MS) },
      );
    case 'reached_active_user_cap':
      return new PlatformError(
        'rate_limited',
        'Until Muse passes TikTok’s audit, only a few accounts a day may post through it',
        { ...details, retryAt: new Date(now + DAY_MS) },
      );
    case 'spam_risk_user_banned_from_posting':
      return new PlatformError(
        'refused',
        'TikTok does not let this account post at the moment',
        details,
      );
    case 'unaudited_client_can_only_post_to_private_accounts':
      return new PlatformError(
        'refused',
        'TikTok lets this app post only privately until it passes TikTok’s audit: choose "Only me"',
        details,
      );
    case 'url_ownership_unverified':
      return new PlatformError(
        'refused',
        'TikTok takes pictures only from a web address verified with TikTok: verify Muse’s domain',
        details,
      );
    case 'privacy_level_option_mismatch':
      return new PlatformError(
        'refused',
        'TikTok does not allow this account to post with this privacy level',
        details,
      );
  }
  if (status >= 500)
    return new PlatformError('unavailable', 'TikTok is not available right now', details);
  const words = message?.replace(/https?:\/\/\S+/g, 'the link');
  return new PlatformError(
    'refused',
    words ? `TikTok refused the ${subject}: ${words}` : `TikTok refused the ${subject}`,
    details,
  );
}

function apiRefusal(subject: string) {
  return (answer: THttpAnswer): PlatformError | null => {
    const body = answer.body as { error?: unknown } | null;
    const error = ZApiError.safeParse(body?.error);
    if (error.success && error.data.code !== 'ok')
      return apiError(error.data.code, error.data.message, answer.status, subject);
    if (answer.status >= 500)
      return new PlatformError('unavailable', 'TikTok is not available right now', {
        status: answer.status,
      });
    return null;
  };
}

/** The token endpoints: any refusal means the account must connect again. */
function oauthRefusal(answer: THttpAnswer): PlatformError | null {
  const error = ZOAuthError.safeParse(answer.body);
  if (!error.success) return null;
  const details = { platformCode: error.data.error, status: answer.status };
  if (answer.status >= 500 || error.data.error === 'server_error')
    return new PlatformError('unavailable', 'TikTok is not available right now', details);
  if (error.data.error === 'rate_limit_exceeded')
    return new PlatformError('rate_limited', 'TikTok asks Muse to wait a minute', {
      ...details,
      retryAt: new Date(Date.now() + MINUTE_MS),
    });
  return new PlatformError(
    'auth',
    'TikTok no longer accepts Muse’s connection to this account: connect it again',
    details,
  );
}

function tokensOf(answer: z.infer<typeof ZTokens>): TPlatformTokens {
  const now = Date.now();
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    accessExpiresAt: new Date(now + answer.expires_in * 1000),
    refreshExpiresAt: new Date(now + answer.refresh_expires_in * 1000),
    scopes: answer.scope
      .split(',')
      .map((scope) => scope.trim())
      .filter(Boolean),
  };
}

/** The privacy level asked for, if the creator info allows it; else public, else the first. */
function privacyOf(creator: TCreator, asked: string | null): string {
  const options = creator.privacy_level_options;
  if (asked) {
    if (!options.includes(asked))
      throw new PlatformError('refused', `TikTok does not allow this account to post as ${asked}`, {
        platformCode: 'privacy_level_option_mismatch',
      });
    return asked;
  }
  const level = options.includes('PUBLIC_TO_EVERYONE') ? 'PUBLIC_TO_EVERYONE' : options[0];
  if (!level) throw new PlatformError('refused', 'TikTok does not let this account post');
  return level;
}

export function createTikTokPublisher(options: TPublisherOptions): TPublisher {
  const url = (address: string) => platformUrl(options.apiUrl, address);

  function api<TSchema extends z.ZodType>(
    path: string,
    schema: TSchema,
    call: {
      accessToken: string;
      method?: 'GET' | 'POST';
      json?: unknown;
      subject?: string;
      signal?: AbortSignal;
    },
  ): Promise<z.output<TSchema>> {
    const method = call.method ?? 'POST';
    return fetchJson(url(`${API}${path}`), schema, {
      platform: 'TikTok',
      method,
      headers: { authorization: `Bearer ${call.accessToken}` },
      // TikTok's POST endpoints want a JSON content type, with a body or without.
      json: method === 'POST' ? (call.json ?? {}) : undefined,
      signal: call.signal,
      refusal: apiRefusal(call.subject ?? 'request'),
    });
  }

  const token = (form: Record<string, string>) =>
    fetchJson(url(`${API}/v2/oauth/token/`), ZTokens, {
      platform: 'TikTok',
      method: 'POST',
      form: { client_key: options.clientId, client_secret: options.clientSecret, ...form },
      refusal: oauthRefusal,
    }).then(tokensOf);

  const creatorInfo = async (accessToken: string, signal?: AbortSignal) =>
    (
      await api('/v2/post/publish/creator_info/query/', ZCreator, {
        accessToken,
        subject: 'post',
        signal,
      })
    ).data;

  /** Sends the video's chunks from `from` (a byte where a chunk starts) to its end. */
  async function upload(
    uploadUrl: string,
    bytes: Buffer,
    contentType: string,
    from: number,
    signal: AbortSignal,
  ) {
    const size = bytes.length;
    const { chunkSize, count } = tiktokChunks(size);
    for (let index = Math.floor(from / chunkSize); index < count; index += 1) {
      const first = index * chunkSize;
      const last = index === count - 1 ? size - 1 : first + chunkSize - 1;
      await fetchJson(url(uploadUrl), z.unknown(), {
        platform: 'TikTok',
        method: 'PUT',
        headers: {
          'content-type': contentType,
          'content-range': `bytes ${first}-${last}/${size}`,
          'content-length': String(last - first + 1),
        },
        bytes: bytes.subarray(first, last + 1),
        signal,
        timeoutMs: UPLOAD_TIMEOUT_MS,
        // 206 for a chunk, 201 for the last; a refused chunk (an expired link, a wrong range)
        // leaves this post unable to finish.
        refusal: (answer) =>
          answer.status >= 500
            ? new PlatformError('unavailable', 'TikTok is not available right now', {
                status: answer.status,
              })
            : answer.status >= 400
              ? new PlatformError('failed', 'TikTok did not take the video’s upload', {
                  status: answer.status,
                  platformCode: 'upload',
                })
              : null,
      });
    }
  }

  async function publish(request: TPublishRequest) {
    const { accessToken, media, signal } = request;
    const saved = ZProgress.parse(request.progress);
    const video = media.length === 1 && media[0]!.kind === 'video' ? media[0]! : null;
    if (media.length === 0 || (!video && media.some((item) => item.kind === 'video')))
      throw new PlatformError('refused', 'TikTok takes one video, or pictures, in a post');
    const save = (patch: Record<string, unknown>) => request.saveProgress(patch);
    const subject = video ? 'video' : 'pictures';
    signal.throwIfAborted();

    let publishId = saved.publishId ?? null;
    if (!publishId) {
      const creator = await creatorInfo(accessToken, signal);
      const privacy = privacyOf(creator, request.privacyLevel);
      if (video) {
        const limit = creator.max_video_post_duration_sec;
        if (limit && video.durationMs && video.durationMs > limit * 1000)
          throw new PlatformError(
            'refused',
            `TikTok lets this account post videos of up to ${limit} seconds`,
            { platformCode: 'duration' },
          );
        const bytes = await video.read();
        const { chunkSize, count } = tiktokChunks(bytes.length);
        const init = await api('/v2/post/publish/video/init/', ZInit, {
          accessToken,
          subject,
          signal,
          json: {
            post_info: {
              title: cut(request.caption, 2200),
              privacy_level: privacy,
              // The creator's own settings stand: TikTok refuses what they turned off.
              disable_comment: creator.comment_disabled ?? false,
              disable_duet: creator.duet_disabled ?? false,
              disable_stitch: creator.stitch_disabled ?? false,
              is_aigc: true,
            },
            source_info: {
              source: 'FILE_UPLOAD',
              video_size: bytes.length,
              chunk_size: chunkSize,
              total_chunk_count: count,
            },
          },
        });
        publishId = init.data.publish_id;
        const uploadUrl = init.data.upload_url;
        if (!uploadUrl) throw new PlatformError('unavailable', 'TikTok gave no upload address');
        await save({ publishId, uploadUrl });
        await upload(uploadUrl, bytes, contentTypeOf(video.contentType), 0, signal);
        await save({ uploaded: true });
      } else {
        // Photo posts carry no AI-made field (the photo post_info has none), and a title of
        // up to 90 characters beside the description.
        const init = await api('/v2/post/publish/content/init/', ZInit, {
          accessToken,
          subject,
          signal,
          json: {
            post_info: {
              title: cut(request.caption.split('\n')[0] ?? '', 90),
              description: cut(request.caption, 4000),
              privacy_level: privacy,
              disable_comment: creator.comment_disabled ?? false,
              auto_add_music: true,
            },
            source_info: {
              source: 'PULL_FROM_URL',
              photo_cover_index: 0,
              photo_images: media.map((item) => item.url),
            },
            post_mode: 'DIRECT_POST',
            media_type: 'PHOTO',
          },
        });
        publishId = init.data.publish_id;
        await save({ publishId });
      }
    } else if (video && !saved.uploaded) {
      // An earlier try stopped during the upload: TikTok's count of bytes says where to go on.
      // Without that count the upload is left as it is: polling then ends in TikTok's own
      // verdict, where sending twice could make two posts.
      const { data } = await status(publishId, accessToken, signal);
      if (
        data.status === 'PROCESSING_UPLOAD' &&
        data.uploaded_bytes !== undefined &&
        data.uploaded_bytes < video.bytes
      ) {
        if (!saved.uploadUrl)
          throw new PlatformError('failed', 'TikTok did not get the whole video', {
            platformCode: 'upload',
          });
        const bytes = await video.read();
        await upload(
          saved.uploadUrl,
          bytes,
          contentTypeOf(video.contentType),
          data.uploaded_bytes,
          signal,
        );
      }
      await save({ uploaded: true });
    }

    const deadline = Date.now() + MAX_PROCESSING_MS;
    for (;;) {
      const { data } = await status(publishId, accessToken, signal);
      if (data.status === 'PUBLISH_COMPLETE') {
        // A private post has no public id: its publish id is the post's id for Muse.
        const postId = data.publicaly_available_post_id?.[0];
        const profile = `https://www.tiktok.com/@${request.account.username}`;
        return postId
          ? { remoteId: postId, url: `${profile}/${video ? 'video' : 'photo'}/${postId}` }
          : { remoteId: publishId, url: profile };
      }
      if (data.status === 'FAILED') {
        const reason = data.fail_reason ?? '';
        const words = FAIL_REASONS[reason] ?? (reason.replaceAll('_', ' ') || 'no reason given');
        throw new PlatformError('failed', `TikTok could not publish the ${subject}: ${words}`, {
          platformCode: reason || 'FAILED',
        });
      }
      if (data.status === 'SEND_TO_USER_INBOX')
        throw new PlatformError(
          'failed',
          'TikTok sent the post to the account’s inbox instead: finish it in the TikTok app',
          { platformCode: data.status },
        );
      if (Date.now() > deadline)
        throw new PlatformError(
          'unavailable',
          `TikTok is still processing the ${subject}: Muse looks again later`,
        );
      await pause(request.pollIntervalMs, signal);
    }
  }

  const status = (publishId: string, accessToken: string, signal: AbortSignal) =>
    api('/v2/post/publish/status/fetch/', ZPublishStatus, {
      accessToken,
      json: { publish_id: publishId },
      subject: 'post',
      signal,
    });

  return {
    platform: 'tiktok',
    scopes: SCOPES,
    canRemove: false,

    async authorizationUrl({ state, codeVerifier, redirectUri }) {
      const query = new URLSearchParams({
        client_key: options.clientId,
        scope: SCOPES.join(','),
        response_type: 'code',
        redirect_uri: redirectUri,
        state,
        code_challenge: challengeOf(codeVerifier),
        code_challenge_method: 'S256',
      });
      return new URL(url(`https://www.tiktok.com/v2/auth/authorize/?${query.toString()}`));
    },

    exchangeCode: ({ code, codeVerifier, redirectUri }) =>
      token({
        code,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      }),

    async refresh({ refreshToken }) {
      if (!refreshToken)
        throw new PlatformError('auth', 'TikTok needs the account connected again');
      return token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    },

    async profile(accessToken) {
      // `username` is user.info.profile's, a scope Muse does not ask for: the creator info
      // (video.publish) gives it, with the facts a post's rules depend on.
      const { data } = await api('/v2/user/info/?fields=open_id,avatar_url,display_name', ZUser, {
        accessToken,
        method: 'GET',
      });
      const creator = await creatorInfo(accessToken);
      const username = creator.creator_username;
      return {
        accountId: data.user.open_id,
        username,
        displayName: data.user.display_name || creator.creator_nickname || username,
        pictureUrl: data.user.avatar_url || creator.creator_avatar_url || null,
        profileUrl: `https://www.tiktok.com/@${username}`,
        details: {
          privacyLevels: creator.privacy_level_options,
          maxVideoSeconds: creator.max_video_post_duration_sec,
        },
      };
    },

    // TikTok has no endpoint for its limits: it refuses a call over them (rate_limit_exceeded,
    // spam_risk_too_many_posts), which publish reports with a time to try again.
    async nextSlot() {
      return null;
    },

    publish,

    async counts(accessToken, _account, remoteId): Promise<TPostCounts> {
      const none = { views: null, likes: null, comments: null, shares: null };
      // A private post's id is its publish id, which the video query does not know.
      if (!/^\d+$/.test(remoteId)) return none;
      const { data } = await api(
        '/v2/video/query/?fields=id,view_count,like_count,comment_count,share_count',
        ZVideos,
        { accessToken, json: { filters: { video_ids: [remoteId] } }, subject: 'post' },
      );
      const found = data.videos.find((entry) => entry.id === remoteId);
      if (!found) return none;
      return {
        views: found.view_count ?? null,
        likes: found.like_count ?? null,
        comments: found.comment_count ?? null,
        shares: found.share_count ?? null,
      };
    },

    // TikTok's Content Posting API publishes and reports, and deletes nothing: the creator
    // deletes the post in TikTok (docs/product/platform-rules.md).
    async remove() {
      return 'unsupported';
    },

    async revoke({ accessToken, refreshToken }) {
      const revoke = (value: string) =>
        fetchJson(url(`${API}/v2/oauth/revoke/`), z.unknown(), {
          platform: 'TikTok',
          method: 'POST',
          form: {
            client_key: options.clientId,
            client_secret: options.clientSecret,
            token: value,
          },
          refusal: oauthRefusal,
        });
      try {
        await revoke(accessToken);
      } catch (error) {
        if (!(error instanceof PlatformError) || error.kind !== 'auth') throw error;
        // An expired access token cannot revoke: a fresh one can. Tokens TikTok no longer
        // accepts at all are as good as revoked.
        if (!refreshToken) return;
        try {
          await revoke(
            (await token({ grant_type: 'refresh_token', refresh_token: refreshToken })).accessToken,
          );
        } catch (again) {
          if (!(again instanceof PlatformError) || again.kind !== 'auth') throw again;
        }
      }
    },
  };
}

/** The upload's content type: TikTok takes MP4, QuickTime and WebM. */
function contentTypeOf(contentType: string): string {
  return ['video/mp4', 'video/quicktime', 'video/webm'].includes(contentType)
    ? contentType
    : 'video/mp4';
}
