/**
 * A local YouTube Data API v3 that speaks what `@googleapis/youtube` and Google's resumable
 * upload protocol send, for the YouTube publisher's tests (see ./http.ts for how requests reach
 * it). It answers for `youtube.googleapis.com` (the generated client's root, uploads under
 * `/upload`) and `www.googleapis.com` (the address Google's upload guides use). Google's OAuth
 * is the Google fake's (../google-oidc.ts); this fake cannot check its tokens, so it takes any
 * bearer token but those a test marked expired or revoked.
 *
 * - `GET /youtube/v3/channels?part=snippet&mine=true`: the token's channel (`useChannel`), else
 *   the default one;
 * - `POST /upload/youtube/v3/videos?uploadType=resumable&part=snippet,status` with the metadata
 *   JSON and `X-Upload-Content-Type`/`-Length`: 200 with the session's address in `Location`
 *   (on the platform's own host, as Google answers);
 * - `PUT <session>`: the bytes, whole or from an offset with `Content-Range: bytes a-b/N`;
 *   with no body and `Content-Range: bytes *\/N` (a star for the range) it asks how far the
 *   session got: 308 with `Range: bytes=0-M`, no Range when nothing arrived, 201 with the video
 *   once complete;
 * - `GET /youtube/v3/videos?part=…&id=…`: snippet, status, processingDetails (processing the
 *   first poll, processed the next) and statistics;
 * - `DELETE /youtube/v3/videos?id=…`: the token's own channel's video, with a token granted
 *   `youtube`, `youtube.force-ssl` or `youtubepartner` (read from the Google fake's JWT; a token
 *   that is no JWT counts as granted them): 204, and the video is gone from every read; 404
 *   videoNotFound for a video YouTube does not have, 403 insufficientPermissions or forbidden.
 *
 * Errors are Google's: `{error: {code, message, errors: [{message, domain, reason}], status}}`.
 *
 * For tests: `channel` (the default), `addChannel`, `useChannel(token, channelId)`,
 * `expireToken(token)`, `revokeToken(token)`, `quotaExceededNext()`,
 * `rejectNextUpload(reason)`, `failNextUploadMidway()` (the next bytes PUT keeps half of what it
 * was sent and answers 503, so a retry resumes from the range), `setCounts(videoId, counts)`,
 * `videos()`, `sessions()`, `deletions()` (every video deleted through the API),
 * `deleteByHand(videoId)` (the creator deleted it in YouTube Studio), `failNextDelete()` (503).
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { bearerOf, sendJson, type TFakeRequest, type TPlatformFake } from './http';

export type TFakeYouTubeChannel = {
  id: string;
  title: string;
  /** The handle with its '@', as YouTube's `customUrl` gives it; null for none. */
  customUrl: string | null;
  description: string;
  thumbnailUrl: string;
};

export type TFakeYouTubeVideo = {
  id: string;
  channelId: string;
  snippet: { title: string; description: string; categoryId: string; tags?: string[] };
  status: {
    uploadStatus: 'uploaded' | 'processed' | 'rejected' | 'failed';
    privacyStatus: string;
    selfDeclaredMadeForKids: boolean | null;
    /** YouTube's AI disclosure, as the upload's metadata said it (null: not said). */
    containsSyntheticMedia: boolean | null;
    rejectionReason?: string;
    failureReason?: string;
  };
  contentType: string;
  /** The bytes received. */
  bytes: Buffer;
  statistics: { viewCount: number; likeCount: number; commentCount: number };
  /** Status polls seen (the first answers processing, the next processed). */
  polls: number;
};

export type TFakeYouTubeSession = {
  uploadUrl: string;
  channelId: string;
  total: number | null;
  received: number;
  videoId: string | null;
};

export type TFakeYouTube = TPlatformFake & {
  channel: TFakeYouTubeChannel;
  addChannel: (input?: Partial<Omit<TFakeYouTubeChannel, 'id'>>) => TFakeYouTubeChannel;
  /** The channel a token's calls act for (tokens not named act for the default channel). */
  useChannel: (token: string, channelId: string) => void;
  /** The token stops working, as after its hour. */
  expireToken: (token: string) => void;
  /** The token stops working, as when the user took the app's access away. */
  revokeToken: (token: string) => void;
  /** The next Data API or upload call answers 403 quotaExceeded. */
  quotaExceededNext: () => void;
  /** The next video uploaded is rejected in processing for this reason (e.g. 'duplicate'). */
  rejectNextUpload: (reason: string) => void;
  /** The next PUT of bytes keeps half of them and answers 503. */
  failNextUploadMidway: () => void;
  setCounts: (
    videoId: string,
    counts: Partial<{ views: number; likes: number; comments: number }>,
  ) => void;
  videos: () => TFakeYouTubeVideo[];
  sessions: () => TFakeYouTubeSession[];
  /** Every video deleted through `videos.delete`, oldest first. */
  deletions: () => { videoId: string; channelId: string }[];
  /** The video is deleted in YouTube Studio: the API no longer has it. */
  deleteByHand: (videoId: string) => void;
  /** The next delete answers 503 backendError. */
  failNextDelete: () => void;
};

/** The scopes `videos.delete` takes (any one of them). */
const DELETE_SCOPES = [
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.force-ssl',
  'https://www.googleapis.com/auth/youtubepartner',
];

/** The scopes a Google access token was granted, from its JWT's `scope`; null: not told. */
function grantedScopes(token: string): string[] | null {
  const [, payload] = token.split('.');
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      scope?: unknown;
    };
    return typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : null;
  } catch {
    return null;
  }
}

const id = (length: number) => randomBytes(length).toString('base64url').slice(0, length);
const etag = () => id(27);

/** Google's error answer. */
function googleError(
  response: ServerResponse,
  code: number,
  status: string,
  reason: string,
  message: string,
  extra: { domain?: string; headers?: Record<string, string> } = {},
) {
  sendJson(
    response,
    code,
    {
      error: {
        code,
        message,
        errors: [{ message, domain: extra.domain ?? 'global', reason }],
        status,
      },
    },
    extra.headers,
  );
}

/** A parameter Google takes repeated or comma-separated (`part`, `id`). */
const listParam = (query: URLSearchParams, name: string) =>
  query
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);

export function createFakeYouTube(): TFakeYouTube {
  const channels = new Map<string, TFakeYouTubeChannel>();
  const channelOf = new Map<string, string>();
  const dead = new Set<string>();
  const sessions = new Map<
    string,
    TFakeYouTubeSession & {
      chunks: Buffer[];
      contentType: string;
      metadata: Record<string, unknown>;
    }
  >();
  /** Each video, with the rejection its processing will end in (`rejectNextUpload`). */
  const videos = new Map<string, TFakeYouTubeVideo & { rejectAs: string | null }>();
  let quotaNext = false;
  let rejectNext: string | null = null;
  let failMidway = false;
  let failDelete = false;
  const deletions: { videoId: string; channelId: string }[] = [];

  function addChannel(input: Partial<Omit<TFakeYouTubeChannel, 'id'>> = {}): TFakeYouTubeChannel {
    const channel: TFakeYouTubeChannel = {
      id: `UC${id(22)}`,
      title: input.title ?? 'Muse Creator',
      customUrl: input.customUrl === undefined ? '@musecreator' : input.customUrl,
      description: input.description ?? '',
      thumbnailUrl:
        input.thumbnailUrl ?? `https://yt3.ggpht.com/${id(40)}=s800-c-k-c0x00ffffff-no-rj`,
    };
    channels.set(channel.id, channel);
    return channel;
  }
  const defaultChannel = addChannel();

  /** The channel a request acts for, or null once it was answered 401. */
  function authorized(request: TFakeRequest, response: ServerResponse): TFakeYouTubeChannel | null {
    const token = bearerOf(request);
    if (!token) {
      googleError(
        response,
        401,
        'UNAUTHENTICATED',
        'required',
        'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        { headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' } },
      );
      return null;
    }
    if (dead.has(token)) {
      googleError(
        response,
        401,
        'UNAUTHENTICATED',
        'authError',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        {
          headers: {
            'www-authenticate':
              'Bearer realm="https://accounts.google.com/", error="invalid_token"',
          },
        },
      );
      return null;
    }
    return channels.get(channelOf.get(token) ?? '') ?? defaultChannel;
  }

  function quota(response: ServerResponse): boolean {
    if (!quotaNext) return false;
    quotaNext = false;
    googleError(
      response,
      403,
      'PERMISSION_DENIED',
      'quotaExceeded',
      'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
      { domain: 'youtube.quota' },
    );
    return true;
  }

  function channelResource(channel: TFakeYouTubeChannel) {
    const thumbnail = (size: number) => ({
      url: channel.thumbnailUrl.replace(/=s\d+/, `=s${size}`),
      width: size,
      height: size,
    });
    return {
      kind: 'youtube#channel',
      etag: etag(),
      id: channel.id,
      snippet: {
        title: channel.title,
        description: channel.description,
        ...(channel.customUrl ? { customUrl: channel.customUrl } : {}),
        publishedAt: '2024-05-01T10:00:00Z',
        thumbnails: { default: thumbnail(88), medium: thumbnail(240), high: thumbnail(800) },
        localized: { title: channel.title, description: channel.description },
      },
    };
  }

  function listChannels(
    request: TFakeRequest,
    response: ServerResponse,
    channel: TFakeYouTubeChannel,
  ) {
    const parts = listParam(request.query, 'part');
    if (!parts.length)
      return googleError(
        response,
        400,
        'INVALID_ARGUMENT',
        'required',
        'Required parameter: part',
        {
          domain: 'global',
        },
      );
    const ids = listParam(request.query, 'id');
    const found =
      request.query.get('mine') === 'true'
        ? [channel]
        : ids.map((wanted) => channels.get(wanted)).filter((entry) => !!entry);
    if (request.query.get('mine') !== 'true' && !ids.length)
      return googleError(
        response,
        400,
        'INVALID_ARGUMENT',
        'missingRequiredParameter',
        'No filter selected. Expected one of: forUsername, managedByMe, categoryId, mySubscribers, id, mine, forHandle',
        { domain: 'youtube.parameter' },
      );
    sendJson(response, 200, {
      kind: 'youtube#channelListResponse',
      etag: etag(),
      pageInfo: { totalResults: found.length, resultsPerPage: 5 },
      items: found.map(channelResource),
    });
  }

  function videoResource(video: TFakeYouTubeVideo, parts: string[]) {
    const processed = video.status.uploadStatus !== 'uploaded';
    return {
      kind: 'youtube#video',
      etag: etag(),
      id: video.id,
      ...(parts.includes('snippet')
        ? {
            snippet: {
              publishedAt: new Date().toISOString(),
              channelId: video.channelId,
              title: video.snippet.title,
              description: video.snippet.description,
              categoryId: video.snippet.categoryId,
              ...(video.snippet.tags ? { tags: video.snippet.tags } : {}),
            },
          }
        : {}),
      ...(parts.includes('status')
        ? {
            status: {
              uploadStatus: video.status.uploadStatus,
              ...(video.status.rejectionReason
                ? { rejectionReason: video.status.rejectionReason }
                : {}),
              ...(video.status.failureReason ? { failureReason: video.status.failureReason } : {}),
              privacyStatus: video.status.privacyStatus,
              license: 'youtube',
              embeddable: true,
              publicStatsViewable: true,
              madeForKids: false,
              ...(video.status.selfDeclaredMadeForKids === null
                ? {}
                : { selfDeclaredMadeForKids: video.status.selfDeclaredMadeForKids }),
              ...(video.status.containsSyntheticMedia === null
                ? {}
                : { containsSyntheticMedia: video.status.containsSyntheticMedia }),
            },
          }
        : {}),
      ...(parts.includes('processingDetails')
        ? {
            processingDetails: processed
              ? {
                  processingStatus:
                    video.status.uploadStatus === 'processed' ? 'succeeded' : 'terminated',
                }
              : {
                  processingStatus: 'processing',
                  processingProgress: { partsTotal: 1000, partsProcessed: 500, timeLeftMs: 1000 },
                },
          }
        : {}),
      ...(parts.includes('statistics')
        ? {
            statistics: {
              viewCount: String(video.statistics.viewCount),
              likeCount: String(video.statistics.likeCount),
              favoriteCount: '0',
              commentCount: String(video.statistics.commentCount),
            },
          }
        : {}),
    };
  }

  function listVideos(request: TFakeRequest, response: ServerResponse) {
    const parts = listParam(request.query, 'part');
    const ids = listParam(request.query, 'id');
    if (!parts.length)
      return googleError(response, 400, 'INVALID_ARGUMENT', 'required', 'Required parameter: part');
    const found = ids.map((wanted) => videos.get(wanted)).filter((video) => !!video);
    for (const video of found) {
      // Processing moves on as the video's status is looked at: processing, then done.
      if (!parts.includes('status') && !parts.includes('processingDetails')) continue;
      video.polls += 1;
      if (video.polls >= 2 && video.status.uploadStatus === 'uploaded') {
        if (video.rejectAs) {
          video.status.uploadStatus = 'rejected';
          video.status.rejectionReason = video.rejectAs;
        } else video.status.uploadStatus = 'processed';
      }
    }
    const answer = found.map((video) => videoResource(video, parts));
    sendJson(response, 200, {
      kind: 'youtube#videoListResponse',
      etag: etag(),
      pageInfo: { totalResults: answer.length, resultsPerPage: answer.length },
      items: answer,
    });
  }

  /** Google's checks of an upload's metadata (YouTube's "videos: insert" errors). */
  function invalidMetadata(metadata: Record<string, unknown>): [string, string] | null {
    const snippet = (metadata.snippet ?? {}) as Record<string, unknown>;
    const title = typeof snippet.title === 'string' ? snippet.title : '';
    const description = typeof snippet.description === 'string' ? snippet.description : '';
    if (!title.trim() || [...title].length > 100 || /[<>]/.test(title))
      return ['invalidTitle', 'The request metadata specifies an invalid or empty video title.'];
    if (Buffer.byteLength(description) > 5000 || /[<>]/.test(description))
      return ['invalidDescription', 'The request metadata specifies an invalid video description.'];
    if (snippet.categoryId !== undefined && !/^\d+$/.test(String(snippet.categoryId)))
      return [
        'invalidCategoryId',
        'The snippet.categoryId property specifies an invalid category ID.',
      ];
    return null;
  }

  function startSession(
    request: TFakeRequest,
    response: ServerResponse,
    channel: TFakeYouTubeChannel,
  ) {
    if (request.query.get('uploadType') !== 'resumable')
      return googleError(
        response,
        400,
        'INVALID_ARGUMENT',
        'badRequest',
        'This fake takes resumable uploads only (uploadType=resumable).',
      );
    const parts = listParam(request.query, 'part');
    if (!parts.includes('snippet'))
      return googleError(response, 400, 'INVALID_ARGUMENT', 'required', 'Required parameter: part');
    const metadata = request.fields;
    if (!metadata)
      return googleError(response, 400, 'INVALID_ARGUMENT', 'parseError', 'Parse Error');
    const invalid = invalidMetadata(metadata);
    if (invalid)
      return googleError(response, 400, 'INVALID_ARGUMENT', invalid[0], invalid[1], {
        domain: 'youtube.video',
      });
    const length = request.headers['x-upload-content-length'];
    const total = length === undefined ? null : Number(length);
    if (total === 0)
      return googleError(
        response,
        400,
        'INVALID_ARGUMENT',
        'mediaBodyRequired',
        'The request does not include the video content.',
        { domain: 'youtube.video' },
      );
    const contentType = String(request.headers['x-upload-content-type'] ?? 'video/*');
    if (!/^(video\/|application\/octet-stream)/.test(contentType))
      return googleError(
        response,
        400,
        'INVALID_ARGUMENT',
        'invalidVideoMetadata',
        `Media type '${contentType}' is not supported.`,
        { domain: 'youtube.video' },
      );
    const uploadId = id(48);
    const query = new URLSearchParams(request.query);
    query.set('upload_id', uploadId);
    const uploadUrl = `https://${request.host}${request.path}?${query.toString()}`;
    sessions.set(uploadId, {
      uploadUrl,
      channelId: channel.id,
      total,
      received: 0,
      videoId: null,
      chunks: [],
      contentType,
      metadata,
    });
    response.writeHead(200, {
      location: uploadUrl,
      'x-guploader-uploadid': uploadId,
      'content-length': '0',
    });
    response.end();
  }

  function complete(
    session: TFakeYouTubeSession & {
      chunks: Buffer[];
      contentType: string;
      metadata: Record<string, unknown>;
    },
  ) {
    const snippet = (session.metadata.snippet ?? {}) as Record<string, unknown>;
    const status = (session.metadata.status ?? {}) as Record<string, unknown>;
    const video: TFakeYouTubeVideo & { rejectAs: string | null } = {
      id: id(11),
      channelId: session.channelId,
      snippet: {
        title: String(snippet.title ?? ''),
        description: String(snippet.description ?? ''),
        categoryId: String(snippet.categoryId ?? '22'),
        ...(Array.isArray(snippet.tags) ? { tags: snippet.tags.map(String) } : {}),
      },
      status: {
        uploadStatus: 'uploaded',
        privacyStatus: typeof status.privacyStatus === 'string' ? status.privacyStatus : 'public',
        selfDeclaredMadeForKids:
          typeof status.selfDeclaredMadeForKids === 'boolean'
            ? status.selfDeclaredMadeForKids
            : null,
        containsSyntheticMedia:
          typeof status.containsSyntheticMedia === 'boolean' ? status.containsSyntheticMedia : null,
      },
      contentType: session.contentType,
      bytes: Buffer.concat(session.chunks),
      statistics: { viewCount: 0, likeCount: 0, commentCount: 0 },
      polls: 0,
      rejectAs: rejectNext,
    };
    rejectNext = null;
    videos.set(video.id, video);
    session.videoId = video.id;
    return video;
  }

  function sendVideo(response: ServerResponse, video: TFakeYouTubeVideo) {
    sendJson(response, 201, videoResource(video, ['snippet', 'status']));
  }

  function resume(response: ServerResponse, session: TFakeYouTubeSession) {
    response.writeHead(308, {
      ...(session.received > 0 ? { range: `bytes=0-${session.received - 1}` } : {}),
      'content-length': '0',
    });
    response.end();
  }

  function putBytes(request: TFakeRequest, response: ServerResponse) {
    const session = sessions.get(request.query.get('upload_id') ?? '');
    if (!session)
      return googleError(
        response,
        404,
        'NOT_FOUND',
        'notFound',
        'The upload session was not found.',
      );
    const done = session.videoId ? videos.get(session.videoId) : undefined;
    if (done) return sendVideo(response, done);
    const range = request.headers['content-range'];
    const asking = range ? /^bytes \*\/(\d+|\*)$/.exec(range) : null;
    if (asking) {
      if (request.body.length)
        return googleError(
          response,
          400,
          'INVALID_ARGUMENT',
          'badContent',
          'A status query has no body.',
        );
      return resume(response, session);
    }
    const chunk = range
      ? /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(range)
      : ['', '0', String(request.body.length - 1), String(request.body.length)];
    if (!chunk)
      return googleError(
        response,
        400,
        'INVALID_ARGUMENT',
        'badContent',
        'Failed to parse Content-Range header.',
      );
    const first = Number(chunk[1]);
    const last = Number(chunk[2]);
    const total = chunk[3] === '*' ? session.total : Number(chunk[3]);
    if (
      last - first + 1 !== request.body.length ||
      (session.total !== null && total !== session.total)
    )
      return googleError(
        response,
        400,
        'INVALID_ARGUMENT',
        'badContent',
        'Content-Range does not match the bytes sent.',
      );
    // Bytes not starting where the session stands are not taken: the client asks and resumes.
    if (first !== session.received) return resume(response, session);
    session.total = total;
    if (failMidway) {
      failMidway = false;
      const kept = Math.floor(request.body.length / 2);
      session.chunks.push(Buffer.from(request.body.subarray(0, kept)));
      session.received += kept;
      return googleError(response, 503, 'UNAVAILABLE', 'backendError', 'Backend Error');
    }
    session.chunks.push(Buffer.from(request.body));
    session.received += request.body.length;
    if (session.total === null || session.received < session.total)
      return resume(response, session);
    if (session.received === 0)
      return googleError(
        response,
        400,
        'INVALID_ARGUMENT',
        'mediaBodyRequired',
        'The request does not include the video content.',
        {
          domain: 'youtube.video',
        },
      );
    sendVideo(response, complete(session));
  }

  function deleteVideo(
    request: TFakeRequest,
    response: ServerResponse,
    channel: TFakeYouTubeChannel,
  ) {
    const granted = grantedScopes(bearerOf(request) ?? '');
    if (granted && !DELETE_SCOPES.some((scope) => granted.includes(scope)))
      return googleError(
        response,
        403,
        'PERMISSION_DENIED',
        'insufficientPermissions',
        'Request had insufficient authentication scopes.',
      );
    if (failDelete) {
      failDelete = false;
      return googleError(response, 503, 'UNAVAILABLE', 'backendError', 'Backend Error');
    }
    const wanted = request.query.get('id') ?? '';
    const video = videos.get(wanted);
    if (!video)
      return googleError(
        response,
        404,
        'NOT_FOUND',
        'videoNotFound',
        'The video that you are trying to delete cannot be found.',
        { domain: 'youtube.video' },
      );
    if (video.channelId !== channel.id)
      return googleError(
        response,
        403,
        'PERMISSION_DENIED',
        'forbidden',
        'The video that you are trying to delete cannot be deleted.',
        { domain: 'youtube.video' },
      );
    videos.delete(wanted);
    deletions.push({ videoId: wanted, channelId: channel.id });
    response.writeHead(204);
    response.end();
  }

  async function handle(request: TFakeRequest, response: ServerResponse) {
    const { method, path } = request;
    const uploads = path === '/upload/youtube/v3/videos';
    // A session's address is its own credential; the others need a token.
    if (uploads && method === 'PUT') return putBytes(request, response);
    const known =
      (method === 'GET' && path === '/youtube/v3/channels') ||
      (method === 'GET' && path === '/youtube/v3/videos') ||
      (method === 'DELETE' && path === '/youtube/v3/videos') ||
      (method === 'POST' && uploads);
    if (!known)
      return googleError(
        response,
        404,
        'NOT_FOUND',
        'notFound',
        `No fake answers ${method} ${path}`,
      );
    const channel = authorized(request, response);
    if (!channel || quota(response)) return;
    if (path === '/youtube/v3/channels') return listChannels(request, response, channel);
    if (method === 'DELETE') return deleteVideo(request, response, channel);
    if (path === '/youtube/v3/videos') return listVideos(request, response);
    return startSession(request, response, channel);
  }

  return {
    hosts: ['youtube.googleapis.com', 'www.googleapis.com'],
    handle,
    channel: defaultChannel,
    addChannel,
    useChannel: (token, channelId) => {
      channelOf.set(token, channelId);
    },
    expireToken: (token) => {
      dead.add(token);
    },
    revokeToken: (token) => {
      dead.add(token);
    },
    quotaExceededNext: () => {
      quotaNext = true;
    },
    rejectNextUpload: (reason) => {
      rejectNext = reason;
    },
    failNextUploadMidway: () => {
      failMidway = true;
    },
    setCounts: (videoId, counts) => {
      const video = videos.get(videoId);
      if (!video) throw new Error(`no video ${videoId}`);
      if (counts.views !== undefined) video.statistics.viewCount = counts.views;
      if (counts.likes !== undefined) video.statistics.likeCount = counts.likes;
      if (counts.comments !== undefined) video.statistics.commentCount = counts.comments;
    },
    videos: () =>
      [...videos.values()].map(({ rejectAs: _rejectAs, ...video }) => ({
        ...video,
        snippet: { ...video.snippet },
        status: { ...video.status },
        statistics: { ...video.statistics },
        bytes: Buffer.from(video.bytes),
      })),
    deletions: () => deletions.map((entry) => ({ ...entry })),
    deleteByHand: (videoId) => {
      videos.delete(videoId);
    },
    failNextDelete: () => {
      failDelete = true;
    },
    sessions: () =>
      [...sessions.values()].map(({ uploadUrl, channelId, total, received, videoId }) => ({
        uploadUrl,
        channelId,
        total,
        received,
        videoId,
      })),
  };
}
