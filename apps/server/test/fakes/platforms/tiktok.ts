/**
 * A local stand-in for TikTok (Login Kit and the Content Posting API, Direct Post) that speaks
 * its protocol, so Muse's adapter is tested against its real steps and real errors: the consent
 * page on www.tiktok.com (with PKCE), the tokens on open.tiktokapis.com, user and creator info,
 * the video init and its chunked upload (open-upload.tiktokapis.com), the photo init that pulls
 * pictures from URLs, the post's status, the video query for counts, and revocation. It answers
 * behind the shared fake server (./index.ts): `https://open.tiktokapis.com/v2/user/info/` arrives
 * as `/open.tiktokapis.com/v2/user/info/`.
 *
 * What TikTok checks, it checks: the code verifier against the challenge, each field's scope
 * (`username` is user.info.profile's), the creator's privacy options, the chunk rules and every
 * chunk's Content-Range, that pictures download and are JPEG or WebP, and TikTok's per-token
 * limits (6 post inits, 20 creator info queries, 30 status fetches a minute).
 *
 * Where it is simpler than TikTok, its doc comments say so.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { bearerOf, redirect, sendJson, type TFakeRequest, type TPlatformFake } from './http';

export type TFakeTikTokAccount = {
  openId: string;
  username: string;
  displayName: string;
  avatarUrl: string;
  /** The creator info's `privacy_level_options`. */
  privacyLevels: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoSeconds: number;
  /**
   * The account posts through an app TikTok has not audited: its creator info still lists its
   * options, and any post that is not SELF_ONLY is refused with
   * `unaudited_client_can_only_post_to_private_accounts`, as TikTok does.
   */
  unaudited: boolean;
};

export type TFakeTikTokStatus =
  'PROCESSING_UPLOAD' | 'PROCESSING_DOWNLOAD' | 'PUBLISH_COMPLETE' | 'FAILED';

/** One post init and what became of it. */
export type TFakeTikTokPublish = {
  publishId: string;
  accountId: string;
  kind: 'video' | 'photo';
  postMode: 'DIRECT_POST' | 'MEDIA_UPLOAD';
  title: string;
  description: string;
  privacyLevel: string;
  isAigc: boolean;
  /** A video's upload: its size, chunking, and the bytes arrived so far. */
  video: {
    size: number;
    chunkSize: number;
    chunkCount: number;
    received: number;
    uploadId: string;
    uploadToken: string;
  } | null;
  photos: string[];
  status: TFakeTikTokStatus;
  failReason: string | null;
  postId: string | null;
  createdAt: Date;
};

export type TFakeTikTokPost = {
  /** Its public id; null for a private (SELF_ONLY) post, which TikTok gives none. */
  postId: string | null;
  publishId: string;
  accountId: string;
  kind: 'video' | 'photo';
  title: string;
  description: string;
  mediaCount: number;
  /** `post_info.is_aigc`: the post is labelled AI-generated. */
  isAigc: boolean;
  privacyLevel: string;
  url: string | null;
  publishedAt: Date;
};

export type TFakeTikTokChunk = {
  publishId: string;
  first: number;
  last: number;
  total: number;
  bytes: number;
  contentType: string;
  contentLength: number;
};

export type TFakeCounts = { views: number; likes: number; comments: number; shares: number };

/** The calls a script can aim at. */
export type TTikTokStep = 'creator_info' | 'init' | 'status' | 'video_query' | 'user_info';

export type TFakeTikTok = TPlatformFake & {
  clientKey: string;
  clientSecret: string;
  defaultAccount: TFakeTikTokAccount;
  addAccount: (input: {
    openId?: string;
    username: string;
    displayName?: string;
    avatarUrl?: string;
    privacyLevels?: string[];
    commentDisabled?: boolean;
    duetDisabled?: boolean;
    stitchDisabled?: boolean;
    maxVideoSeconds?: number;
    unaudited?: boolean;
  }) => TFakeTikTokAccount;
  /** The account the consent page signs in as from now on (the default one at first). */
  nextAccount: (account: TFakeTikTokAccount | string) => void;
  /** The account's access tokens answer `access_token_invalid` from now on (as when expired). */
  expireAccessTokens: (openId: string) => void;
  /** Every token of the account stops working: refresh answers `invalid_grant`. */
  revoke: (openId: string) => void;
  /**
   * The next `count` calls of `step` (of creator info, the inits and status fetches, without
   * one) answer TikTok's error `code`, with its usual HTTP status and message.
   */
  answerNext: (code: string, options?: { step?: TTikTokStep; count?: number }) => void;
  /** `answerNext('rate_limit_exceeded', …)`. */
  rateLimitNext: (count: number, options?: { step?: TTikTokStep }) => void;
  /** A chunk PUT, after `after` more that go well (0), is not kept and answers `status` (500). */
  failNextChunk: (status?: number, options?: { after?: number }) => void;
  /** The next post made ends FAILED with this `fail_reason`. */
  failProcessingNext: (reason?: string) => void;
  /**
   * Status fetches that answer processing before each post made from now on completes; null:
   * the default (pictures at once, videos after 2). A setting: it stays.
   */
  processingPolls: (polls: number | null) => void;
  /** A public post's counts; others report deterministic figures drawn from their id. */
  setCounts: (postId: string, counts: Partial<TFakeCounts>) => void;
  accounts: () => TFakeTikTokAccount[];
  publishes: (accountId?: string) => TFakeTikTokPublish[];
  /** What was published, oldest first. */
  posts: (accountId?: string) => TFakeTikTokPost[];
  /** Every chunk PUT that was kept, oldest first. */
  chunks: (publishId?: string) => TFakeTikTokChunk[];
  /** Every picture download, oldest first. */
  downloads: () => { url: string; status: number | null; contentType: string | null }[];
};

type TAccessToken = {
  openId: string;
  scopes: string[];
  expiresAt: number;
  expired: boolean;
  revoked: boolean;
};

const ACCESS_S = 86_400;
const REFRESH_S = 31_536_000;
const SCOPES = [
  'user.info.basic',
  'user.info.profile',
  'video.publish',
  'video.list',
  'video.upload',
];
const MB = 1_000_000;
/** TikTok's per-token limits a minute. */
const LIMITS = { init: 6, creator_info: 20, status: 30 } as const;
/** Which scope each user field needs. */
const FIELD_SCOPES: Record<string, string> = {
  open_id: 'user.info.basic',
  union_id: 'user.info.basic',
  avatar_url: 'user.info.basic',
  avatar_url_100: 'user.info.basic',
  avatar_large_url: 'user.info.basic',
  display_name: 'user.info.basic',
  bio_description: 'user.info.profile',
  profile_deep_link: 'user.info.profile',
  is_verified: 'user.info.profile',
  username: 'user.info.profile',
  follower_count: 'user.info.stats',
  following_count: 'user.info.stats',
  likes_count: 'user.info.stats',
  video_count: 'user.info.stats',
};
/** TikTok's errors: their HTTP status and message. */
const ERRORS: Record<string, [number, string]> = {
  access_token_invalid: [401, 'The access token is invalid or not found in the request.'],
  scope_not_authorized: [
    401,
    'The user did not authorize the scope required for completing this request.',
  ],
  scope_permission_missed: [401, 'The client is not approved for the scope of this request.'],
  rate_limit_exceeded: [429, 'API rate limit exceeded, please retry later.'],
  spam_risk_too_many_posts: [
    403,
    'The daily post cap from the API is reached for the current user.',
  ],
  spam_risk_user_banned_from_posting: [403, 'The user is banned from making new posts.'],
  reached_active_user_cap: [
    403,
    'The daily quota for active publishing users from your client is reached.',
  ],
  unaudited_client_can_only_post_to_private_accounts: [
    403,
    'Unaudited clients can only post to private accounts',
  ],
  privacy_level_option_mismatch: [
    400,
    'privacy_level is not one of the privacy_level_options in the creator info',
  ],
  url_ownership_unverified: [403, 'The domain or URL prefix of the media URL is not verified.'],
  invalid_params: [400, 'The request parameters are invalid.'],
  invalid_publish_id: [400, 'The publish_id does not exist.'],
  internal_error: [500, 'Something went wrong. Please try again later.'],
};

const logId = () => `2025${randomBytes(12).toString('hex').toUpperCase()}`;
const ok = () => ({ code: 'ok', message: '', log_id: logId() });

function apiError(response: ServerResponse, code: string, message?: string) {
  const [status, text] = ERRORS[code] ?? [400, code.replaceAll('_', ' ')];
  sendJson(response, status, {
    data: {},
    error: { code, message: message ?? text, log_id: logId() },
  });
}

/** Counts a string as TikTok does, in UTF-16 units. */
const runes = (text: string) => text.length;

function isPicture(bytes: Buffer): boolean {
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const webp =
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  return jpeg || webp;
}

export function createFakeTikTok(): TFakeTikTok {
  const clientKey = 'awfaketiktokclient';
  const clientSecret = 'fake-tiktok-client-secret';
  let nextPostId = 7_400_000_000_000_000_001n;
  let nextPublish = 1;

  const accounts = new Map<string, TFakeTikTokAccount>();
  const codes = new Map<
    string,
    {
      redirectUri: string;
      openId: string;
      scopes: string[];
      challenge: string;
      used: boolean;
    }
  >();
  const accessTokens = new Map<string, TAccessToken>();
  const refreshTokens = new Map<
    string,
    { openId: string; scopes: string[]; expiresAt: number; revoked: boolean }
  >();
  const publishes = new Map<string, TFakeTikTokPublish>();
  /** Photo posts' downloads, awaited by their first status fetch: a fail reason, or null. */
  const pulls = new Map<string, Promise<string | null>>();
  /** Status fetches left before each post completes. */
  const pollsLeft = new Map<string, number>();
  const scriptedFailures = new Map<string, string>();
  const posts: TFakeTikTokPost[] = [];
  const chunks: TFakeTikTokChunk[] = [];
  const downloads: { url: string; status: number | null; contentType: string | null }[] = [];
  const counts = new Map<string, Partial<TFakeCounts>>();
  const calls = new Map<string, number[]>();

  const answers: { code: string; step: TTikTokStep | null }[] = [];
  let chunkFailure: { status: number; after: number } | null = null;
  let failNext: string | null = null;
  let polls: number | null = null;

  function addAccount(input: Parameters<TFakeTikTok['addAccount']>[0]): TFakeTikTokAccount {
    const account: TFakeTikTokAccount = {
      openId: input.openId ?? `-000${randomBytes(24).toString('base64url')}`,
      username: input.username,
      displayName: input.displayName ?? input.username,
      avatarUrl:
        input.avatarUrl ??
        `https://p16-sign-va.tiktokcdn.com/tos-maliva-avt/${input.username}.jpeg`,
      privacyLevels: input.privacyLevels ?? [
        'PUBLIC_TO_EVERYONE',
        'MUTUAL_FOLLOW_FRIENDS',
        'SELF_ONLY',
      ],
      commentDisabled: input.commentDisabled ?? false,
      duetDisabled: input.duetDisabled ?? false,
      stitchDisabled: input.stitchDisabled ?? false,
      maxVideoSeconds: input.maxVideoSeconds ?? 600,
      unaudited: input.unaudited ?? false,
    };
    accounts.set(account.openId, account);
    return account;
  }
  const defaultAccount = addAccount({ username: 'muse.creator', displayName: 'Muse Creator' });
  let signInAs = defaultAccount.openId;

  function issue(openId: string, scopes: string[], refreshToken?: string) {
    const accessToken = `act.${randomBytes(24).toString('base64url')}`;
    accessTokens.set(accessToken, {
      openId,
      scopes,
      expiresAt: Date.now() + ACCESS_S * 1000,
      expired: false,
      revoked: false,
    });
    const refresh = refreshToken ?? `rft.${randomBytes(24).toString('base64url')}`;
    if (!refreshToken)
      refreshTokens.set(refresh, {
        openId,
        scopes,
        expiresAt: Date.now() + REFRESH_S * 1000,
        revoked: false,
      });
    const kept = refreshTokens.get(refresh)!;
    return {
      open_id: openId,
      scope: scopes.join(','),
      access_token: accessToken,
      expires_in: ACCESS_S,
      refresh_token: refresh,
      refresh_expires_in: Math.round((kept.expiresAt - Date.now()) / 1000),
      token_type: 'Bearer',
    };
  }

  /** The request's token, or TikTok's error for it (then answered). */
  function authorize(request: TFakeRequest, response: ServerResponse): TAccessToken | null {
    const value = bearerOf(request);
    const token = value ? accessTokens.get(value) : undefined;
    if (!token || token.revoked || token.expired || token.expiresAt <= Date.now()) {
      apiError(response, 'access_token_invalid');
      return null;
    }
    return token;
  }

  /** A scripted error or a per-token limit, answered; true when it answered. */
  function refused(
    step: TTikTokStep,
    request: TFakeRequest,
    response: ServerResponse,
    bucket?: keyof typeof LIMITS,
  ): boolean {
    const index = answers.findIndex(
      (entry) =>
        entry.step === step ||
        (entry.step === null && ['creator_info', 'init', 'status'].includes(step)),
    );
    if (index >= 0) {
      const [answer] = answers.splice(index, 1);
      apiError(response, answer!.code);
      return true;
    }
    if (!bucket) return false;
    const key = `${bearerOf(request)}:${bucket}`;
    const now = Date.now();
    const recent = (calls.get(key) ?? []).filter((at) => at > now - 60_000);
    recent.push(now);
    calls.set(key, recent);
    if (recent.length <= LIMITS[bucket]) return false;
    apiError(response, 'rate_limit_exceeded');
    return true;
  }

  const needs = (token: TAccessToken, scope: string, response: ServerResponse) => {
    if (token.scopes.includes(scope)) return true;
    apiError(response, 'scope_not_authorized');
    return false;
  };

  /** A post's privacy level as TikTok checks it: among the options, and private when unaudited. */
  function privacyRefusal(account: TFakeTikTokAccount, level: unknown): string | null {
    if (typeof level !== 'string' || !account.privacyLevels.includes(level))
      return 'privacy_level_option_mismatch';
    if (account.unaudited && level !== 'SELF_ONLY')
      return 'unaudited_client_can_only_post_to_private_accounts';
    return null;
  }

  function newPublish(
    account: TFakeTikTokAccount,
    fields: Omit<
      TFakeTikTokPublish,
      'publishId' | 'accountId' | 'status' | 'failReason' | 'postId' | 'createdAt'
    >,
  ): TFakeTikTokPublish {
    const publishId = `v_pub_${fields.kind === 'video' ? 'file' : 'url'}~v2-1.${7_300_000_000_000_000_000n + BigInt(nextPublish++)}`;
    const publish: TFakeTikTokPublish = {
      ...fields,
      publishId,
      accountId: account.openId,
      status: fields.kind === 'video' ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD',
      failReason: null,
      postId: null,
      createdAt: new Date(),
    };
    publishes.set(publishId, publish);
    pollsLeft.set(publishId, polls ?? (fields.kind === 'video' ? 2 : 0));
    if (failNext) scriptedFailures.set(publishId, failNext);
    failNext = null;
    return publish;
  }

  function videoInit(request: TFakeRequest, response: ServerResponse, account: TFakeTikTokAccount) {
    const body = (request.fields ?? {}) as {
      post_info?: Record<string, unknown>;
      source_info?: Record<string, unknown>;
    };
    const post = body.post_info ?? {};
    const source = body.source_info ?? {};
    const invalid = (message: string) => apiError(response, 'invalid_params', message);
    const privacy = privacyRefusal(account, post.privacy_level);
    if (privacy) return apiError(response, privacy);
    const title = typeof post.title === 'string' ? post.title : '';
    if (runes(title) > 2200) return invalid('The title is longer than 2200 runes.');
    if (source.source !== 'FILE_UPLOAD')
      return invalid('This fake takes source FILE_UPLOAD only (the one Muse uses).');
    const size = Number(source.video_size);
    const chunkSize = Number(source.chunk_size);
    const count = Number(source.total_chunk_count);
    if (!Number.isInteger(size) || size <= 0) return invalid('video_size is invalid.');
    // The Media Transfer Guide's rules.
    if (size < 5 * MB) {
      if (chunkSize !== size || count !== 1)
        return invalid('A video under 5 MB must be uploaded whole: chunk_size must be video_size.');
    } else {
      if (!Number.isInteger(chunkSize) || chunkSize < 5 * MB || chunkSize > 64 * MB)
        return invalid('chunk_size must be between 5 MB and 64 MB.');
      if (count !== Math.floor(size / chunkSize))
        return invalid('total_chunk_count must be floor(video_size / chunk_size).');
      if (count > 1000) return invalid('total_chunk_count must be at most 1000.');
      if (size - chunkSize * (count - 1) > 128 * MB)
        return invalid('The final chunk must be at most 128 MB.');
    }
    const publish = newPublish(account, {
      kind: 'video',
      postMode: 'DIRECT_POST',
      title,
      description: '',
      privacyLevel: post.privacy_level as string,
      isAigc: post.is_aigc === true,
      video: {
        size,
        chunkSize,
        chunkCount: count,
        received: 0,
        uploadId: randomBytes(8).toString('hex'),
        uploadToken: randomBytes(16).toString('base64url'),
      },
      photos: [],
    });
    const upload = new URL('https://open-upload.tiktokapis.com/video/');
    upload.searchParams.set('upload_id', publish.video!.uploadId);
    upload.searchParams.set('upload_token', publish.video!.uploadToken);
    sendJson(response, 200, {
      data: { publish_id: publish.publishId, upload_url: upload.toString() },
      error: ok(),
    });
  }

  /** Downloads a picture as TikTok does; a fail reason, or null. */
  async function pull(url: string): Promise<string | null> {
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      const contentType = answer.headers.get('content-type');
      downloads.push({ url, status: answer.status, contentType });
      if (!answer.ok) return 'photo_pull_failed';
      return isPicture(Buffer.from(await answer.arrayBuffer())) ? null : 'file_format_check_failed';
    } catch {
      downloads.push({ url, status: null, contentType: null });
      return 'photo_pull_failed';
    }
  }

  function photoInit(request: TFakeRequest, response: ServerResponse, account: TFakeTikTokAccount) {
    const body = (request.fields ?? {}) as {
      post_info?: Record<string, unknown>;
      source_info?: Record<string, unknown>;
      post_mode?: unknown;
      media_type?: unknown;
    };
    const post = body.post_info ?? {};
    const source = body.source_info ?? {};
    const invalid = (message: string) => apiError(response, 'invalid_params', message);
    if (body.media_type !== 'PHOTO') return invalid('media_type must be PHOTO.');
    if (body.post_mode !== 'DIRECT_POST' && body.post_mode !== 'MEDIA_UPLOAD')
      return invalid('post_mode must be DIRECT_POST or MEDIA_UPLOAD.');
    const privacy = privacyRefusal(account, post.privacy_level);
    if (body.post_mode === 'DIRECT_POST' && privacy) return apiError(response, privacy);
    const title = typeof post.title === 'string' ? post.title : '';
    const description = typeof post.description === 'string' ? post.description : '';
    if (runes(title) > 90) return invalid('The title is longer than 90 runes.');
    if (runes(description) > 4000) return invalid('The description is longer than 4000 runes.');
    if (source.source !== 'PULL_FROM_URL') return invalid('Photos are taken from URLs only.');
    const images = source.photo_images;
    if (
      !Array.isArray(images) ||
      images.length < 1 ||
      images.length > 35 ||
      images.some((url) => typeof url !== 'string')
    )
      return invalid('photo_images must hold 1 to 35 URLs.');
    const cover = Number(source.photo_cover_index ?? 0);
    if (!Number.isInteger(cover) || cover < 0 || cover >= images.length)
      return invalid('photo_cover_index is out of range.');
    const publish = newPublish(account, {
      kind: 'photo',
      postMode: body.post_mode,
      title,
      description,
      privacyLevel: String(post.privacy_level),
      // The photo post_info has no AI-made field: one sent is not kept.
      isAigc: false,
      video: null,
      photos: images as string[],
    });
    pulls.set(
      publish.publishId,
      Promise.all((images as string[]).map(pull)).then(
        (reasons) => reasons.find((reason) => reason !== null) ?? null,
      ),
    );
    sendJson(response, 200, { data: { publish_id: publish.publishId }, error: ok() });
  }

  /** Moves a post on by one status fetch: processing, then complete (or failed). */
  async function advance(publish: TFakeTikTokPublish) {
    if (publish.status === 'PUBLISH_COMPLETE' || publish.status === 'FAILED') return;
    if (publish.video && publish.video.received < publish.video.size) return;
    const pulled = pulls.get(publish.publishId);
    if (pulled) {
      const reason = await pulled;
      if (reason) {
        publish.status = 'FAILED';
        publish.failReason = reason;
        return;
      }
    }
    const left = pollsLeft.get(publish.publishId) ?? 0;
    if (left > 0) {
      pollsLeft.set(publish.publishId, left - 1);
      return;
    }
    const failure = scriptedFailures.get(publish.publishId);
    if (failure) {
      publish.status = 'FAILED';
      publish.failReason = failure;
      return;
    }
    const account = accounts.get(publish.accountId)!;
    const visible = publish.privacyLevel !== 'SELF_ONLY';
    publish.status = 'PUBLISH_COMPLETE';
    publish.postId = visible ? (nextPostId++).toString() : null;
    posts.push({
      postId: publish.postId,
      publishId: publish.publishId,
      accountId: publish.accountId,
      kind: publish.kind,
      title: publish.title,
      description: publish.description,
      mediaCount: publish.kind === 'video' ? 1 : publish.photos.length,
      isAigc: publish.isAigc,
      privacyLevel: publish.privacyLevel,
      url: publish.postId
        ? `https://www.tiktok.com/@${account.username}/${publish.kind}/${publish.postId}`
        : null,
      publishedAt: new Date(),
    });
  }

  async function statusFetch(
    request: TFakeRequest,
    response: ServerResponse,
    account: TFakeTikTokAccount,
  ) {
    const publishId = request.fields?.publish_id;
    const publish = typeof publishId === 'string' ? publishes.get(publishId) : undefined;
    if (!publish || publish.accountId !== account.openId)
      return apiError(response, 'invalid_publish_id');
    await advance(publish);
    const data = {
      status: publish.status,
      ...(publish.failReason ? { fail_reason: publish.failReason } : {}),
      ...(publish.video
        ? { uploaded_bytes: publish.video.received }
        : { downloaded_bytes: publish.status === 'PROCESSING_DOWNLOAD' ? 0 : 1 }),
      publicaly_available_post_id: '__POST_IDS__',
    };
    // TikTok writes post ids as int64 numbers, beyond what a JSON number holds exactly.
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ data, error: ok() }).replace(
        '"__POST_IDS__"',
        publish.postId ? `[${publish.postId}]` : '[]',
      ),
    );
  }

  function upload(request: TFakeRequest, response: ServerResponse) {
    const fail = (status: number, message: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { code: 'upload_failed', message, log_id: logId() } }));
    };
    if (request.method !== 'PUT') return fail(405, 'Method not allowed');
    const publish = [...publishes.values()].find(
      (one) => one.video?.uploadId === request.query.get('upload_id'),
    );
    const video = publish?.video;
    if (!publish || !video || video.uploadToken !== request.query.get('upload_token'))
      return fail(404, 'Upload not found');
    if (Date.now() - publish.createdAt.getTime() > 3600_000)
      return fail(403, 'The upload URL has expired');
    const contentType = request.headers['content-type'] ?? '';
    if (!['video/mp4', 'video/quicktime', 'video/webm'].includes(contentType))
      return fail(400, 'Content-Type must be video/mp4, video/quicktime or video/webm');
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(request.headers['content-range'] ?? '');
    if (!range) return fail(400, 'Content-Range is missing or malformed');
    const [first, last, total] = range.slice(1).map(Number) as [number, number, number];
    const length = request.body.length;
    const contentLength = Number(request.headers['content-length']);
    if (total !== video.size) return fail(400, 'The total size differs from video_size');
    if (contentLength !== length || last - first + 1 !== length)
      return fail(400, 'Content-Length and Content-Range do not match the body');
    if (first !== video.received)
      return fail(416, `Range not satisfiable: the next byte expected is ${video.received}`);
    const index = first / video.chunkSize;
    const final = index === video.chunkCount - 1;
    if (!Number.isInteger(index) || index >= video.chunkCount)
      return fail(416, 'The chunk does not start at a chunk boundary');
    if (final ? last !== video.size - 1 : length !== video.chunkSize)
      return fail(400, 'The chunk size differs from chunk_size');
    if (chunkFailure) {
      if (chunkFailure.after > 0) chunkFailure.after -= 1;
      else {
        const { status } = chunkFailure;
        chunkFailure = null;
        return fail(status, 'Internal error');
      }
    }
    video.received = last + 1;
    chunks.push({
      publishId: publish.publishId,
      first,
      last,
      total,
      bytes: length,
      contentType,
      contentLength,
    });
    response.writeHead(final ? 201 : 206);
    response.end();
  }

  function videoQuery(
    request: TFakeRequest,
    response: ServerResponse,
    account: TFakeTikTokAccount,
  ) {
    const fields = (request.query.get('fields') ?? '').split(',').filter(Boolean);
    if (!fields.length) return apiError(response, 'invalid_params', 'fields is required.');
    const ids = (request.fields?.filters as { video_ids?: unknown } | undefined)?.video_ids;
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > 20)
      return apiError(response, 'invalid_params', 'filters.video_ids must hold 1 to 20 ids.');
    const videos = posts
      .filter(
        (post) => post.postId && post.accountId === account.openId && ids.includes(post.postId),
      )
      .map((post) => {
        const seed = Number(BigInt(post.postId!) % 997n);
        const figures = {
          views: 2000 + seed * 10,
          likes: 200 + seed,
          comments: 20 + (seed % 50),
          shares: 10 + (seed % 20),
          ...counts.get(post.postId!),
        };
        const all: Record<string, unknown> = {
          id: post.postId,
          title: post.title,
          create_time: Math.floor(post.publishedAt.getTime() / 1000),
          share_url: post.url,
          view_count: figures.views,
          like_count: figures.likes,
          comment_count: figures.comments,
          share_count: figures.shares,
        };
        return Object.fromEntries(fields.filter((field) => field in all).map((f) => [f, all[f]]));
      });
    sendJson(response, 200, { data: { videos, cursor: 0, has_more: false }, error: ok() });
  }

  async function api(request: TFakeRequest, response: ServerResponse) {
    const path = request.path;
    if (path === '/v2/oauth/token/' && request.method === 'POST')
      return tokenEndpoint(request, response);
    if (path === '/v2/oauth/revoke/' && request.method === 'POST')
      return revokeEndpoint(request, response);
    const token = authorize(request, response);
    if (!token) return;
    const account = accounts.get(token.openId)!;

    if (path === '/v2/user/info/' && request.method === 'GET') {
      if (refused('user_info', request, response)) return;
      const fields = (request.query.get('fields') ?? '').split(',').filter(Boolean);
      if (!fields.length) return apiError(response, 'invalid_params', 'fields is required.');
      for (const field of fields) {
        const scope = FIELD_SCOPES[field];
        if (!scope) return apiError(response, 'invalid_params', `Unknown field: ${field}`);
        if (!needs(token, scope, response)) return;
      }
      const all: Record<string, unknown> = {
        open_id: account.openId,
        union_id: `union-${account.openId}`,
        avatar_url: account.avatarUrl,
        avatar_url_100: account.avatarUrl,
        avatar_large_url: account.avatarUrl,
        display_name: account.displayName,
        bio_description: '',
        profile_deep_link: `https://vm.tiktok.com/${account.username}`,
        is_verified: false,
        username: account.username,
        follower_count: 0,
        following_count: 0,
        likes_count: 0,
        video_count: posts.filter((post) => post.accountId === account.openId).length,
      };
      return sendJson(response, 200, {
        data: { user: Object.fromEntries(fields.map((field) => [field, all[field]])) },
        error: ok(),
      });
    }
    if (path === '/v2/video/query/' && request.method === 'POST') {
      if (!needs(token, 'video.list', response)) return;
      if (refused('video_query', request, response)) return;
      return videoQuery(request, response, account);
    }
    if (request.method !== 'POST' || !path.startsWith('/v2/post/publish/'))
      return apiError(response, 'invalid_params', `Unknown endpoint ${request.method} ${path}`);
    if (!needs(token, 'video.publish', response)) return;
    if (path === '/v2/post/publish/creator_info/query/') {
      if (refused('creator_info', request, response, 'creator_info')) return;
      return sendJson(response, 200, {
        data: {
          creator_avatar_url: account.avatarUrl,
          creator_username: account.username,
          creator_nickname: account.displayName,
          privacy_level_options: account.privacyLevels,
          comment_disabled: account.commentDisabled,
          duet_disabled: account.duetDisabled,
          stitch_disabled: account.stitchDisabled,
          max_video_post_duration_sec: account.maxVideoSeconds,
        },
        error: ok(),
      });
    }
    if (path === '/v2/post/publish/video/init/') {
      if (refused('init', request, response, 'init')) return;
      return videoInit(request, response, account);
    }
    if (path === '/v2/post/publish/content/init/') {
      if (refused('init', request, response, 'init')) return;
      return photoInit(request, response, account);
    }
    if (path === '/v2/post/publish/status/fetch/') {
      if (refused('status', request, response, 'status')) return;
      return statusFetch(request, response, account);
    }
    apiError(response, 'invalid_params', `Unknown endpoint ${path}`);
  }

  function oauthError(response: ServerResponse, error: string, description: string) {
    sendJson(response, 400, { error, error_description: description, log_id: logId() });
  }

  function tokenEndpoint(request: TFakeRequest, response: ServerResponse) {
    const fields = (request.fields ?? {}) as Record<string, unknown>;
    if (fields.client_key !== clientKey || fields.client_secret !== clientSecret)
      return oauthError(response, 'invalid_client', 'Client key or secret is incorrect.');
    if (fields.grant_type === 'authorization_code') {
      const code = codes.get(String(fields.code ?? ''));
      if (!code || code.used)
        return oauthError(response, 'invalid_grant', 'Authorization code is expired.');
      if (code.redirectUri !== fields.redirect_uri)
        return oauthError(response, 'invalid_request', 'Redirect URI does not match.');
      const verifier = typeof fields.code_verifier === 'string' ? fields.code_verifier : '';
      if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
        return oauthError(
          response,
          'invalid_request',
          'Code verifier or code challenge is invalid.',
        );
      code.used = true;
      return sendJson(response, 200, issue(code.openId, code.scopes));
    }
    if (fields.grant_type === 'refresh_token') {
      const value = String(fields.refresh_token ?? '');
      const kept = refreshTokens.get(value);
      if (!kept || kept.revoked || kept.expiresAt <= Date.now())
        return oauthError(response, 'invalid_grant', 'Refresh token is invalid or expired.');
      // TikTok hands the same refresh token back until it nears its end.
      return sendJson(response, 200, issue(kept.openId, kept.scopes, value));
    }
    oauthError(response, 'unsupported_grant_type', 'The grant type is not supported.');
  }

  function revokeEndpoint(request: TFakeRequest, response: ServerResponse) {
    const fields = (request.fields ?? {}) as Record<string, unknown>;
    if (fields.client_key !== clientKey || fields.client_secret !== clientSecret)
      return oauthError(response, 'invalid_client', 'Client key or secret is incorrect.');
    const kept = accessTokens.get(String(fields.token ?? ''));
    if (!kept || kept.revoked || kept.expired || kept.expiresAt <= Date.now())
      return oauthError(response, 'invalid_grant', 'Access token is invalid or expired.');
    revokeAll(kept.openId);
    sendJson(response, 200, {});
  }

  function revokeAll(openId: string) {
    for (const kept of accessTokens.values()) if (kept.openId === openId) kept.revoked = true;
    for (const kept of refreshTokens.values()) if (kept.openId === openId) kept.revoked = true;
  }

  /** The consent page: signs in as `nextAccount` and agrees at once. */
  function consent(request: TFakeRequest, response: ServerResponse) {
    const query = request.query;
    const page = (message: string) => {
      response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>TikTok</title><p>Something went wrong: ${message}</p>`);
    };
    if (query.get('client_key') !== clientKey) return page('client_key');
    const redirectUri = query.get('redirect_uri');
    if (!redirectUri) return page('redirect_uri');
    if (query.get('response_type') !== 'code') return page('response_type');
    const scopes = (query.get('scope') ?? '').split(',').map((scope) => scope.trim());
    if (!scopes.includes('user.info.basic') || scopes.some((scope) => !SCOPES.includes(scope)))
      return page('scope');
    const state = query.get('state');
    if (!state) return page('state');
    const challenge = query.get('code_challenge');
    if (!challenge || query.get('code_challenge_method') !== 'S256') return page('code_challenge');
    const code = `${randomBytes(24).toString('base64url')}*0!${randomBytes(4).toString('hex')}`;
    codes.set(code, { redirectUri, openId: signInAs, scopes, challenge, used: false });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('scopes', scopes.join(','));
    target.searchParams.set('state', state);
    redirect(response, target.toString());
  }

  return {
    hosts: ['www.tiktok.com', 'open.tiktokapis.com', 'open-upload.tiktokapis.com'],
    clientKey,
    clientSecret,
    defaultAccount,
    async handle(request, response) {
      if (request.host === 'www.tiktok.com' && request.path === '/v2/auth/authorize/')
        return consent(request, response);
      if (request.host === 'open-upload.tiktokapis.com' && request.path === '/video/')
        return upload(request, response);
      if (request.host === 'open.tiktokapis.com') return api(request, response);
      sendJson(response, 404, {
        error: { code: 'not_found', message: 'Not found', log_id: logId() },
      });
    },
    addAccount,
    nextAccount: (account) => {
      signInAs = typeof account === 'string' ? account : account.openId;
    },
    expireAccessTokens: (openId) => {
      for (const kept of accessTokens.values()) if (kept.openId === openId) kept.expired = true;
    },
    revoke: revokeAll,
    answerNext: (code, { step, count = 1 } = {}) => {
      for (let index = 0; index < count; index += 1) answers.push({ code, step: step ?? null });
    },
    rateLimitNext: (count, { step } = {}) => {
      for (let index = 0; index < count; index += 1)
        answers.push({ code: 'rate_limit_exceeded', step: step ?? null });
    },
    failNextChunk: (status = 500, { after = 0 } = {}) => {
      chunkFailure = { status, after };
    },
    failProcessingNext: (reason = 'frame_rate_check_failed') => {
      failNext = reason;
    },
    processingPolls: (value) => {
      polls = value;
    },
    setCounts: (postId, value) => {
      counts.set(postId, { ...counts.get(postId), ...value });
    },
    accounts: () => [...accounts.values()],
    publishes: (accountId) =>
      [...publishes.values()].filter((one) => !accountId || one.accountId === accountId),
    posts: (accountId) => posts.filter((one) => !accountId || one.accountId === accountId),
    chunks: (publishId) => chunks.filter((one) => !publishId || one.publishId === publishId),
    downloads: () => [...downloads],
  };
}
