/**
 * A local X (API v2) that speaks the protocol `twitter-api-v2` uses, for the X publisher's tests
 * (see ./http.ts for how requests reach it). It answers for `x.com` (the consent page) and
 * `api.x.com`:
 *
 * - `GET x.com/i/oauth2/authorize`: checks client_id, redirect_uri, scope, state and the PKCE
 *   challenge (S256), then sends the browser back to `redirect_uri?state&code` signed in as the
 *   next account (`nextAccount`, else the first one);
 * - `POST api.x.com/2/oauth2/token`: a confidential client (Basic auth with the client id and
 *   secret, as X requires; the body as JSON, which the library sends, or as a form), the
 *   authorization_code grant (code, redirect_uri and the PKCE verifier checked) and the
 *   refresh_token grant; access tokens last 2 hours, refresh tokens are single use (rotated);
 * - `POST api.x.com/2/oauth2/revoke`;
 * - `GET /2/users/me` with the `user.fields` asked for;
 * - media: `POST /2/media/upload/initialize` (JSON), `POST /2/media/upload/:id/append`
 *   (multipart form-data: segment_index, media), `POST /2/media/upload/:id/finalize` and
 *   `GET /2/media/upload?command=STATUS&media_id=`: images are ready at FINALIZE, videos and
 *   GIFs answer `processing_info` and go pending → in_progress → succeeded over STATUS polls;
 * - `POST /2/tweets` (text, media.media_ids): refuses unknown or unprocessed media, more than 4
 *   files, a video with anything else, and the author's duplicate text, as X does;
 * - `GET /2/tweets/:id` with `tweet.fields=public_metrics`;
 * - `DELETE /2/tweets/:id`: the author's own post only, with a token holding `tweet.read`,
 *   `tweet.write` and `users.read` (X's scopes for it); `{data: {deleted: true}}`, and the post
 *   is gone from every read. A post X does not have answers 404 (`resource-not-found`).
 *
 * Errors are X's shapes: problem details `{title, detail, type, status}`, `{errors:[…]}` for
 * invalid requests and unknown paths, `{error, error_description}` from the token endpoints.
 *
 * For tests: `clientId`/`clientSecret` (the app's), `addAccount`, `nextAccount`,
 * `expireAccessTokens(userId)`, `revoke(userId)` (the user took the app's access away),
 * `rateLimitNext(n)`, `refuseNextTweet(detail)` (403), `failNextTweet()` (503),
 * `loseNextTweetAnswer()` (made, then 503), `GET /2/users/:id/tweets` (the user's posts),
 * `failNextMediaProcessing()`, `tweets()`, `uploads()`, `setCounts(tweetId, metrics)`,
 * `deletions()` (every post deleted through the API), `deleteByHand(tweetId)` (the creator deleted
 * it on X), `failNextDelete()` (503).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { bearerOf, redirect, sendJson, type TFakeRequest, type TPlatformFake } from './http';

export type TFakeXAccount = {
  id: string;
  username: string;
  name: string;
  pictureUrl: string;
  verifiedType: 'none' | 'blue' | 'business' | 'government';
  subscriptionType: 'None' | 'Basic' | 'Premium' | 'PremiumPlus';
};

export type TFakeXMetrics = {
  impression_count: number;
  like_count: number;
  reply_count: number;
  retweet_count: number;
  quote_count: number;
  bookmark_count: number;
};

export type TFakeXTweet = {
  id: string;
  text: string;
  authorId: string;
  mediaIds: string[];
  mediaKinds: ('image' | 'gif' | 'video')[];
  metrics: TFakeXMetrics;
};

export type TFakeXUpload = {
  id: string;
  ownerId: string;
  mediaType: string;
  category: string;
  kind: 'image' | 'gif' | 'video';
  totalBytes: number;
  /** The bytes appended, joined in segment order. */
  bytes: () => Buffer;
  segments: number;
  state: 'uploading' | 'pending' | 'in_progress' | 'failed' | 'succeeded';
  statusPolls: number;
};

export type TFakeX = TPlatformFake & {
  clientId: string;
  clientSecret: string;
  addAccount: (input?: Partial<Omit<TFakeXAccount, 'id'>>) => TFakeXAccount;
  /** The account the consent page signs in as next (once). */
  nextAccount: (userId: string) => void;
  /** Every access token of the user stops working, as after their 2 hours. */
  expireAccessTokens: (userId: string) => void;
  /** The user took the app's access away: every token of theirs stops working. */
  revoke: (userId: string) => void;
  /** The next `count` API calls (not the OAuth endpoints) answer 429. */
  rateLimitNext: (count?: number, options?: { resetInSeconds?: number }) => void;
  /** The next post is refused with a 403 and this detail. */
  refuseNextTweet: (detail?: string) => void;
  /** The next post fails with a 503. */
  failNextTweet: () => void;
  /** The next post is made, but its answer is lost (503): Muse must find it, not post again. */
  loseNextTweetAnswer: () => void;
  /** The next video's processing fails. */
  failNextMediaProcessing: () => void;
  tweets: () => TFakeXTweet[];
  uploads: () => TFakeXUpload[];
  setCounts: (tweetId: string, metrics: Partial<TFakeXMetrics>) => void;
  /** Every post deleted through `DELETE /2/tweets/:id`, oldest first. */
  deletions: () => { tweetId: string; userId: string }[];
  /** The post is deleted on X itself (by its author in the app): the API no longer has it. */
  deleteByHand: (tweetId: string) => void;
  /** The next delete answers 503. */
  failNextDelete: () => void;
};

/** The scopes X's `DELETE /2/tweets/:id` needs. */
const DELETE_SCOPES = ['tweet.read', 'tweet.write', 'users.read'];

/** The scopes X's OAuth 2.0 knows: a consent page asked for another refuses it, as X does. */
const KNOWN_SCOPES = new Set([
  'tweet.read',
  'tweet.write',
  'tweet.moderate.write',
  'users.email',
  'users.read',
  'follows.read',
  'follows.write',
  'offline.access',
  'space.read',
  'mute.read',
  'mute.write',
  'like.read',
  'like.write',
  'list.read',
  'list.write',
  'block.read',
  'block.write',
  'bookmark.read',
  'bookmark.write',
  'media.write',
]);
const ACCESS_TOKEN_SECONDS = 7200;
/** X's authorization codes are valid for 30 seconds. */
const CODE_SECONDS = 30;
const MEDIA_EXPIRES_SECONDS = 86_400;
const MEDIA_TYPES: Record<string, { kind: TFakeXUpload['kind']; maxBytes: number }> = {
  'image/jpeg': { kind: 'image', maxBytes: 5 * 1024 * 1024 },
  'image/png': { kind: 'image', maxBytes: 5 * 1024 * 1024 },
  'image/webp': { kind: 'image', maxBytes: 5 * 1024 * 1024 },
  'image/gif': { kind: 'gif', maxBytes: 15 * 1024 * 1024 },
  'video/mp4': { kind: 'video', maxBytes: 512 * 1024 * 1024 },
  'video/quicktime': { kind: 'video', maxBytes: 512 * 1024 * 1024 },
};
const CATEGORIES: Record<string, TFakeXUpload['kind']> = {
  tweet_image: 'image',
  tweet_gif: 'gif',
  tweet_video: 'video',
  amplify_video: 'video',
};

const token = () => randomBytes(32).toString('base64url');
const epoch = () => Math.floor(Date.now() / 1000);

type TCode = {
  userId: string;
  clientId: string;
  redirectUri: string;
  challenge: string;
  method: 'S256' | 'plain';
  scopes: string[];
  expiresAt: number;
};
type TAccess = { userId: string; scopes: string[]; expiresAt: number };

/** A problem-details answer, X's error shape on the v2 paths. */
function problem(
  response: ServerResponse,
  status: number,
  title: string,
  detail: string,
  type = 'about:blank',
  headers: Record<string, string> = {},
) {
  sendJson(response, status, { title, detail, type, status }, headers);
}

/** X's answer to an invalid request: the parameter's errors and the problem around them. */
function invalidRequest(response: ServerResponse, message: string, parameters?: object) {
  sendJson(response, 400, {
    errors: [{ ...(parameters ? { parameters } : {}), message }],
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: 'https://api.twitter.com/2/problems/invalid-request',
  });
}

/** The parts of a multipart/form-data body (the library's parts carry no file name). */
function multipartFields(request: TFakeRequest): Map<string, Buffer> | null {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.headers['content-type'] ?? '');
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return null;
  const delimiter = Buffer.from(`--${marker}`);
  const fields = new Map<string, Buffer>();
  let at = request.body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (request.body.subarray(start, start + 2).toString() === '--') break;
    const next = request.body.indexOf(delimiter, start);
    if (next === -1) return null;
    // Each part: CRLF, headers, a blank line, the value, CRLF before the next delimiter.
    const part = request.body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split === -1) return null;
    const name = /name="([^"]*)"/.exec(part.subarray(0, split).toString('utf8'))?.[1];
    if (name !== undefined) fields.set(name, part.subarray(split + 4));
    at = next;
  }
  return fields;
}

export function createFakeX(options: { redirectUris?: string[] } = {}): TFakeX {
  const clientId = 'x-test-client-id';
  const clientSecret = 'x-test-client-secret';
  const accounts = new Map<string, TFakeXAccount>();
  const codes = new Map<string, TCode>();
  const accessTokens = new Map<string, TAccess>();
  const refreshTokens = new Map<string, { userId: string; scopes: string[] }>();
  const uploads = new Map<string, TFakeXUpload & { chunks: Map<number, Buffer> }>();
  const tweets: TFakeXTweet[] = [];
  let next: string | null = null;
  let rateLimited = 0;
  let rateLimitResetSeconds = 900;
  let refuseNext: string | null = null;
  let failNext = false;
  /** The next post is made but its answer is lost (a 503 after the fact, as a dropped connection). */
  let loseNext = false;
  let failNextProcessing = false;
  let failDelete = false;
  const deletions: { tweetId: string; userId: string }[] = [];
  let ids = 1_880_000_000_000_000_000n;
  const newId = () => (ids += 1n + BigInt(Math.floor(Math.random() * 1000))).toString();

  function addAccount(input: Partial<Omit<TFakeXAccount, 'id'>> = {}): TFakeXAccount {
    const id = String(1_420_000_001 + accounts.size);
    const username = input.username ?? `muse_creator_${accounts.size + 1}`;
    const account: TFakeXAccount = {
      id,
      username,
      name: input.name ?? 'Muse Creator',
      pictureUrl:
        input.pictureUrl ?? `https://pbs.twimg.com/profile_images/${id}/avatar_normal.jpg`,
      verifiedType: input.verifiedType ?? 'none',
      subscriptionType: input.subscriptionType ?? 'None',
    };
    accounts.set(id, account);
    return account;
  }

  const rateHeaders = (remaining: number) => ({
    'x-rate-limit-limit': '100',
    'x-rate-limit-remaining': String(remaining),
    'x-rate-limit-reset': String(epoch() + rateLimitResetSeconds),
  });

  /** The user behind a request's bearer token, or null once it answered 401. */
  function authorized(request: TFakeRequest, response: ServerResponse): TAccess | null {
    const bearer = bearerOf(request);
    const access = bearer ? accessTokens.get(bearer) : undefined;
    if (!access || access.expiresAt <= Date.now()) {
      problem(response, 401, 'Unauthorized', 'Unauthorized');
      return null;
    }
    return access;
  }

  function authorize(request: TFakeRequest, response: ServerResponse) {
    const query = request.query;
    const redirectUri = query.get('redirect_uri') ?? '';
    let callback: URL;
    try {
      callback = new URL(redirectUri);
    } catch {
      callback = new URL('invalid:');
    }
    // An unknown app or callback gets X's error page: the browser is not sent anywhere.
    if (
      query.get('client_id') !== clientId ||
      !/^https?:$/.test(callback.protocol) ||
      (options.redirectUris && !options.redirectUris.includes(redirectUri))
    ) {
      response.writeHead(400, { 'content-type': 'text/html' });
      response.end('<p>Something went wrong. You weren’t able to give access to the App.</p>');
      return;
    }
    const state = query.get('state');
    const scopes = (query.get('scope') ?? '').split(' ').filter(Boolean);
    const method = (query.get('code_challenge_method') ?? '').toUpperCase();
    const challenge = query.get('code_challenge') ?? '';
    const problemWith =
      query.get('response_type') !== 'code'
        ? 'response_type must be code'
        : !state
          ? 'state is required'
          : !scopes.length || scopes.some((scope) => !KNOWN_SCOPES.has(scope))
            ? 'scope is missing or has an unknown scope'
            : !challenge || (method !== 'S256' && method !== 'PLAIN')
              ? 'code_challenge and code_challenge_method (S256 or plain) are required'
              : null;
    if (problemWith) {
      callback.searchParams.set('error', 'invalid_request');
      callback.searchParams.set('error_description', problemWith);
      if (state) callback.searchParams.set('state', state);
      return redirect(response, callback.href);
    }
    const account =
      (next ? accounts.get(next) : undefined) ?? [...accounts.values()][0] ?? addAccount();
    next = null;
    const code = token();
    codes.set(code, {
      userId: account.id,
      clientId,
      redirectUri,
      challenge,
      method: method === 'S256' ? 'S256' : 'plain',
      scopes,
      expiresAt: Date.now() + CODE_SECONDS * 1000,
    });
    callback.searchParams.set('state', state ?? '');
    callback.searchParams.set('code', code);
    redirect(response, callback.href);
  }

  /** The client of a token request, from its Basic header (X's confidential clients). */
  function basicClient(request: TFakeRequest): boolean {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const [id = '', secret = ''] = Buffer.from(header.slice(6), 'base64').toString().split(':');
    return decodeURIComponent(id) === clientId && decodeURIComponent(secret) === clientSecret;
  }

  function issue(response: ServerResponse, userId: string, scopes: string[]) {
    const accessToken = token();
    accessTokens.set(accessToken, {
      userId,
      scopes,
      expiresAt: Date.now() + ACCESS_TOKEN_SECONDS * 1000,
    });
    const body: Record<string, unknown> = {
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      access_token: accessToken,
      scope: scopes.join(' '),
    };
    if (scopes.includes('offline.access')) {
      const refreshToken = token();
      refreshTokens.set(refreshToken, { userId, scopes });
      body.refresh_token = refreshToken;
    }
    sendJson(response, 200, body);
  }

  function tokenEndpoint(request: TFakeRequest, response: ServerResponse) {
    if (!basicClient(request))
      return sendJson(response, 401, {
        error: 'unauthorized_client',
        error_description: 'Missing valid authorization header',
      });
    const fields = request.fields ?? {};
    const field = (name: string) => (typeof fields[name] === 'string' ? fields[name] : '');
    if (field('grant_type') === 'authorization_code') {
      const code = codes.get(field('code'));
      codes.delete(field('code'));
      const verifier = field('code_verifier');
      const computed =
        code?.method === 'S256'
          ? createHash('sha256').update(verifier).digest('base64url')
          : verifier;
      if (
        !code ||
        code.expiresAt <= Date.now() ||
        code.redirectUri !== field('redirect_uri') ||
        computed !== code.challenge
      )
        return sendJson(response, 400, {
          error: 'invalid_request',
          error_description: 'Value passed for the authorization code was invalid.',
        });
      return issue(response, code.userId, code.scopes);
    }
    if (field('grant_type') === 'refresh_token') {
      const refresh = refreshTokens.get(field('refresh_token'));
      if (!refresh)
        return sendJson(response, 400, {
          error: 'invalid_request',
          error_description: 'Value passed for the token was invalid.',
        });
      // Rotation: the refresh token is spent.
      refreshTokens.delete(field('refresh_token'));
      return issue(response, refresh.userId, refresh.scopes);
    }
    sendJson(response, 400, {
      error: 'invalid_request',
      error_description: 'Value passed for the grant type was invalid.',
    });
  }

  function revokeEndpoint(request: TFakeRequest, response: ServerResponse) {
    if (!basicClient(request))
      return sendJson(response, 401, {
        error: 'unauthorized_client',
        error_description: 'Missing valid authorization header',
      });
    const given = typeof request.fields?.token === 'string' ? request.fields.token : '';
    accessTokens.delete(given);
    refreshTokens.delete(given);
    sendJson(response, 200, { revoked: true });
  }

  function me(request: TFakeRequest, response: ServerResponse, access: TAccess) {
    const account = accounts.get(access.userId);
    if (!account) return problem(response, 401, 'Unauthorized', 'Unauthorized');
    const asked = new Set((request.query.get('user.fields') ?? '').split(',').filter(Boolean));
    const optional: Record<string, unknown> = {
      profile_image_url: account.pictureUrl,
      verified: account.verifiedType !== 'none',
      verified_type: account.verifiedType,
      subscription_type: account.subscriptionType,
    };
    sendJson(
      response,
      200,
      {
        data: {
          id: account.id,
          name: account.name,
          username: account.username,
          ...Object.fromEntries(Object.entries(optional).filter(([key]) => asked.has(key))),
        },
      },
      rateHeaders(74),
    );
  }

  function mediaAnswer(upload: TFakeXUpload) {
    const processing =
      upload.kind === 'image' || upload.state === 'uploading'
        ? {}
        : {
            processing_info: {
              state: upload.state,
              ...(upload.state === 'pending' || upload.state === 'in_progress'
                ? { check_after_secs: 1 }
                : {}),
              progress_percent: { pending: 0, in_progress: 50, succeeded: 100, failed: 50 }[
                upload.state
              ],
              ...(upload.state === 'failed'
                ? {
                    error: { code: 1, name: 'InvalidMedia', message: 'Unsupported video format' },
                  }
                : {}),
            },
          };
    return {
      data: {
        id: upload.id,
        media_key: `${upload.kind === 'image' ? 3 : upload.kind === 'gif' ? 16 : 7}_${upload.id}`,
        size: upload.totalBytes,
        expires_after_secs: MEDIA_EXPIRES_SECONDS,
        ...processing,
      },
    };
  }

  function initialize(request: TFakeRequest, response: ServerResponse, access: TAccess) {
    const fields = request.fields ?? {};
    const mediaType = typeof fields.media_type === 'string' ? fields.media_type : '';
    const totalBytes = Number(fields.total_bytes);
    const category =
      typeof fields.media_category === 'string' ? fields.media_category.toLowerCase() : '';
    const known = MEDIA_TYPES[mediaType];
    if (!known) return invalidRequest(response, `media_type ${mediaType} is not supported`);
    if (!Number.isInteger(totalBytes) || totalBytes <= 0)
      return invalidRequest(response, 'total_bytes must be a positive integer');
    if (totalBytes > known.maxBytes)
      return invalidRequest(response, `File size exceeds ${known.maxBytes} bytes.`);
    if (category && CATEGORIES[category] !== known.kind)
      return invalidRequest(response, `media_category ${category} does not match ${mediaType}`);
    const id = newId();
    const chunks = new Map<number, Buffer>();
    const upload = {
      id,
      ownerId: access.userId,
      mediaType,
      category,
      kind: known.kind,
      totalBytes,
      chunks,
      bytes: () =>
        Buffer.concat([...chunks.entries()].sort(([a], [b]) => a - b).map(([, chunk]) => chunk)),
      segments: 0,
      state: 'uploading' as TFakeXUpload['state'],
      statusPolls: 0,
    };
    uploads.set(id, upload);
    sendJson(response, 200, mediaAnswer(upload), rateHeaders(1999));
  }

  function ownUpload(id: string, access: TAccess, response: ServerResponse) {
    const upload = uploads.get(id);
    if (!upload || upload.ownerId !== access.userId) {
      invalidRequest(response, 'The media_id is invalid or has expired.', { media_id: [id] });
      return null;
    }
    return upload;
  }

  function append(request: TFakeRequest, response: ServerResponse, access: TAccess, id: string) {
    const upload = ownUpload(id, access, response);
    if (!upload) return;
    if (upload.state !== 'uploading')
      return invalidRequest(response, 'The media was already finalized.');
    const fields = multipartFields(request);
    const segment = Number(fields?.get('segment_index')?.toString());
    const media = fields?.get('media');
    if (!fields || !media || !Number.isInteger(segment) || segment < 0 || segment > 999)
      return invalidRequest(response, 'segment_index (0-999) and media are required');
    upload.chunks.set(segment, Buffer.from(media));
    upload.segments = upload.chunks.size;
    sendJson(response, 200, { data: { expires_at: epoch() + MEDIA_EXPIRES_SECONDS } });
  }

  function finalize(response: ServerResponse, access: TAccess, id: string) {
    const upload = ownUpload(id, access, response);
    if (!upload) return;
    if (upload.state === 'uploading') {
      const received = upload.bytes().length;
      const contiguous = [...upload.chunks.keys()].every((index) => index < upload.chunks.size);
      if (!contiguous || received !== upload.totalBytes)
        return invalidRequest(
          response,
          `File size mismatch: ${received} bytes were appended, total_bytes is ${upload.totalBytes}.`,
        );
      upload.state = upload.kind === 'image' ? 'succeeded' : 'pending';
    }
    sendJson(response, 200, mediaAnswer(upload));
  }

  function status(request: TFakeRequest, response: ServerResponse, access: TAccess) {
    if (request.query.get('command') !== 'STATUS')
      return invalidRequest(response, 'command must be STATUS');
    const upload = ownUpload(request.query.get('media_id') ?? '', access, response);
    if (!upload) return;
    if (upload.state === 'pending' || upload.state === 'in_progress') {
      upload.statusPolls += 1;
      if (upload.state === 'pending') upload.state = 'in_progress';
      else if (failNextProcessing) {
        failNextProcessing = false;
        upload.state = 'failed';
      } else upload.state = 'succeeded';
    }
    sendJson(response, 200, mediaAnswer(upload));
  }

  function postTweet(request: TFakeRequest, response: ServerResponse, access: TAccess) {
    if (failNext) {
      failNext = false;
      return problem(response, 503, 'Service Unavailable', 'Service Unavailable');
    }
    if (refuseNext !== null) {
      const detail = refuseNext;
      refuseNext = null;
      return problem(response, 403, 'Forbidden', detail);
    }
    const fields = request.fields ?? {};
    const text = typeof fields.text === 'string' ? fields.text : '';
    const media = (fields.media ?? {}) as { media_ids?: unknown };
    const mediaIds = Array.isArray(media.media_ids) ? media.media_ids.map(String) : [];
    if (!text && !mediaIds.length)
      return invalidRequest(response, 'Either text or media is required.');
    if (mediaIds.length > 4)
      return invalidRequest(response, 'size must be between 1 and 4', {
        'media.media_ids': mediaIds,
      });
    const files = mediaIds.map((id) => uploads.get(id));
    const usable = files.every(
      (file) => file && file.ownerId === access.userId && file.state === 'succeeded',
    );
    const kinds = files.map((file) => file?.kind ?? 'image');
    const mixes = kinds.some((kind) => kind !== 'image') && kinds.length > 1;
    if (!usable || mixes)
      return invalidRequest(response, 'Your media IDs are invalid.', {
        'media.media_ids': mediaIds,
      });
    if (text && tweets.some((tweet) => tweet.authorId === access.userId && tweet.text === text))
      return problem(
        response,
        403,
        'Forbidden',
        'You are not allowed to create a Tweet with duplicate content.',
      );
    const id = newId();
    tweets.push({
      id,
      text,
      authorId: access.userId,
      mediaIds,
      mediaKinds: kinds,
      metrics: {
        impression_count: 0,
        like_count: 0,
        reply_count: 0,
        retweet_count: 0,
        quote_count: 0,
        bookmark_count: 0,
      },
    });
    if (loseNext) {
      loseNext = false;
      return problem(response, 503, 'Service Unavailable', 'Service Unavailable');
    }
    sendJson(response, 201, { data: { id, text, edit_history_tweet_ids: [id] } }, rateHeaders(99));
  }

  /** `GET /2/users/:id/tweets`: the user's posts, newest first (`max_results`, 5 to 100). */
  function userTweets(request: TFakeRequest, response: ServerResponse, userId: string) {
    const max = Math.min(100, Math.max(5, Number(request.query.get('max_results') ?? 10)));
    const theirs = tweets
      .filter((tweet) => tweet.authorId === userId)
      .reverse()
      .slice(0, max);
    sendJson(response, 200, {
      ...(theirs.length
        ? { data: theirs.map((tweet) => ({ id: tweet.id, text: tweet.text })) }
        : {}),
      meta: { result_count: theirs.length },
    });
  }

  function getTweet(request: TFakeRequest, response: ServerResponse, id: string) {
    const tweet = tweets.find((entry) => entry.id === id);
    if (!tweet)
      return sendJson(response, 200, {
        errors: [
          {
            value: id,
            detail: `Could not find tweet with id: [${id}].`,
            title: 'Not Found Error',
            resource_type: 'tweet',
            parameter: 'id',
            resource_id: id,
            type: 'https://api.twitter.com/2/problems/resource-not-found',
          },
        ],
      });
    const fields = (request.query.get('tweet.fields') ?? '').split(',');
    sendJson(
      response,
      200,
      {
        data: {
          id: tweet.id,
          text: tweet.text,
          edit_history_tweet_ids: [tweet.id],
          ...(fields.includes('public_metrics') ? { public_metrics: tweet.metrics } : {}),
        },
      },
      rateHeaders(899),
    );
  }

  function deleteTweet(response: ServerResponse, access: TAccess, id: string) {
    if (!DELETE_SCOPES.every((scope) => access.scopes.includes(scope)))
      return problem(
        response,
        403,
        'Forbidden',
        'You are not permitted to perform this action.',
        'https://api.twitter.com/2/problems/oauth2-insufficient-scope',
      );
    if (failDelete) {
      failDelete = false;
      return problem(response, 503, 'Service Unavailable', 'Service Unavailable');
    }
    const at = tweets.findIndex((tweet) => tweet.id === id);
    if (at === -1)
      return problem(
        response,
        404,
        'Not Found Error',
        `Could not find tweet with id: [${id}].`,
        'https://api.twitter.com/2/problems/resource-not-found',
      );
    if (tweets[at]!.authorId !== access.userId)
      return problem(
        response,
        403,
        'Forbidden',
        'You are not allowed to delete a Tweet you did not create.',
      );
    tweets.splice(at, 1);
    deletions.push({ tweetId: id, userId: access.userId });
    sendJson(response, 200, { data: { deleted: true } }, rateHeaders(49));
  }

  async function handle(request: TFakeRequest, response: ServerResponse) {
    const { method, path } = request;
    if (request.host === 'x.com') {
      if (method === 'GET' && path === '/i/oauth2/authorize') return authorize(request, response);
      response.writeHead(404, { 'content-type': 'text/html' });
      response.end('<p>This page doesn’t exist.</p>');
      return;
    }
    if (method === 'POST' && path === '/2/oauth2/token') return tokenEndpoint(request, response);
    if (method === 'POST' && path === '/2/oauth2/revoke') return revokeEndpoint(request, response);
    if (rateLimited > 0) {
      rateLimited -= 1;
      return problem(
        response,
        429,
        'Too Many Requests',
        'Too Many Requests',
        'about:blank',
        rateHeaders(0),
      );
    }
    const route = (pattern: RegExp) => pattern.exec(path);
    const known =
      (method === 'GET' && path === '/2/users/me') ||
      (method === 'POST' && path === '/2/media/upload/initialize') ||
      (method === 'POST' && route(/^\/2\/media\/upload\/\d+\/(append|finalize)$/)) ||
      (method === 'GET' && path === '/2/media/upload') ||
      (method === 'POST' && path === '/2/tweets') ||
      (method === 'GET' && route(/^\/2\/users\/\d+\/tweets$/)) ||
      (method === 'GET' && route(/^\/2\/tweets\/\d+$/)) ||
      (method === 'DELETE' && route(/^\/2\/tweets\/\d+$/));
    if (!known)
      return sendJson(response, 404, {
        errors: [{ message: 'Sorry, that page does not exist', code: 34 }],
      });
    const access = authorized(request, response);
    if (!access) return;
    if (path === '/2/users/me') return me(request, response, access);
    if (path === '/2/media/upload/initialize') return initialize(request, response, access);
    const step = route(/^\/2\/media\/upload\/(\d+)\/(append|finalize)$/);
    if (step)
      return step[2] === 'append'
        ? append(request, response, access, step[1] ?? '')
        : finalize(response, access, step[1] ?? '');
    if (path === '/2/media/upload') return status(request, response, access);
    if (path === '/2/tweets') return postTweet(request, response, access);
    const timeline = route(/^\/2\/users\/(\d+)\/tweets$/);
    if (timeline) return userTweets(request, response, timeline[1] ?? '');
    if (method === 'DELETE') return deleteTweet(response, access, path.slice('/2/tweets/'.length));
    return getTweet(request, response, path.slice('/2/tweets/'.length));
  }

  return {
    hosts: ['x.com', 'api.x.com'],
    handle,
    clientId,
    clientSecret,
    addAccount,
    nextAccount: (userId) => {
      next = userId;
    },
    expireAccessTokens: (userId) => {
      for (const access of accessTokens.values())
        if (access.userId === userId) access.expiresAt = Date.now() - 1;
    },
    revoke: (userId) => {
      for (const [key, access] of accessTokens)
        if (access.userId === userId) accessTokens.delete(key);
      for (const [key, refresh] of refreshTokens)
        if (refresh.userId === userId) refreshTokens.delete(key);
    },
    rateLimitNext: (count = 1, limits = {}) => {
      rateLimited = count;
      rateLimitResetSeconds = limits.resetInSeconds ?? 900;
    },
    refuseNextTweet: (detail = 'You are not permitted to perform this action.') => {
      refuseNext = detail;
    },
    failNextTweet: () => {
      failNext = true;
    },
    loseNextTweetAnswer: () => {
      loseNext = true;
    },
    failNextMediaProcessing: () => {
      failNextProcessing = true;
    },
    tweets: () => tweets.map((tweet) => ({ ...tweet, metrics: { ...tweet.metrics } })),
    uploads: () => [...uploads.values()].map(({ chunks: _chunks, ...upload }) => ({ ...upload })),
    setCounts: (tweetId, metrics) => {
      const tweet = tweets.find((entry) => entry.id === tweetId);
      if (!tweet) throw new Error(`no tweet ${tweetId}`);
      Object.assign(tweet.metrics, metrics);
    },
    deletions: () => deletions.map((entry) => ({ ...entry })),
    deleteByHand: (tweetId) => {
      const at = tweets.findIndex((tweet) => tweet.id === tweetId);
      if (at !== -1) tweets.splice(at, 1);
    },
    failNextDelete: () => {
      failDelete = true;
    },
  };
}
