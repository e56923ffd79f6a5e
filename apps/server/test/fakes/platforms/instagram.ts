/**
 * A local stand-in for Instagram (the Instagram API with Instagram Login) that speaks its
 * protocol, so Muse's adapter is tested against its real steps and real errors: the consent
 * page on www.instagram.com, the code exchange on api.instagram.com, the long-lived tokens and
 * the Graph API on graph.instagram.com (profile, publishing limit, media containers and their
 * status, media_publish, permalinks, insights). It answers behind the shared fake server
 * (./index.ts): `https://graph.instagram.com/v23.0/me` arrives as `/graph.instagram.com/v23.0/me`.
 *
 * Like Meta, it downloads every `image_url` and `video_url` when a container is made, and
 * refuses what it cannot download or read (a picture must be a JPEG of 4:5 to 1.91:1): that
 * proves Muse hands Instagram links that work, to files Instagram takes.
 *
 * Where it is simpler than Instagram, its doc comments say so.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import sharp from 'sharp';
import { bearerOf, redirect, sendJson, type TFakeRequest, type TPlatformFake } from './http';

export type TFakeInstagramAccount = {
  /** The professional account's id (`user_id`), the one the publishing endpoints take. */
  id: string;
  /** The app-scoped id `/me` answers as `id`. */
  appScopedId: string;
  username: string;
  name: string;
  picture: string | null;
  accountType: 'BUSINESS' | 'MEDIA_CREATOR';
};

export type TFakeInstagramContainer = {
  id: string;
  accountId: string;
  mediaType: 'IMAGE' | 'VIDEO' | 'REELS' | 'CAROUSEL';
  isCarouselItem: boolean;
  /** A carousel's item containers. */
  children: string[];
  caption: string;
  /** The `image_url` or `video_url` it was made from. */
  url: string | null;
  status: 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';
  /** IN_PROGRESS answers left before it settles. */
  pollsLeft: number;
  /** The `status` text it ends with when its processing fails. */
  failStatus: string | null;
  /** The post it became. */
  mediaId: string | null;
  createdAt: Date;
};

export type TFakeInstagramPost = {
  mediaId: string;
  accountId: string;
  containerId: string;
  caption: string;
  mediaType: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  productType: 'FEED' | 'REELS';
  /** The kinds of its items, in order. */
  items: ('image' | 'video')[];
  shortcode: string;
  permalink: string;
  publishedAt: Date;
};

export type TFakeCounts = { views: number; likes: number; comments: number; shares: number };

/** The publishing calls a script can aim at. */
export type TInstagramStep = 'container' | 'status' | 'publish' | 'permalink';

export type TFakeInstagram = TPlatformFake & {
  clientId: string;
  clientSecret: string;
  /** The account that exists from the start. */
  defaultAccount: TFakeInstagramAccount;
  addAccount: (input: {
    id?: string;
    username: string;
    name?: string;
    picture?: string | null;
    accountType?: TFakeInstagramAccount['accountType'];
  }) => TFakeInstagramAccount;
  /** The account the consent page signs in as from now on (the default one at first). */
  nextAccount: (account: TFakeInstagramAccount | string) => void;
  /** Every token of the account answers as expired from now on (code 190, subcode 463). */
  expireAccessTokens: (accountId: string) => void;
  /** Every token of the account stops working: the account removed the app (190, 458). */
  revoke: (accountId: string) => void;
  /**
   * The next `count` publishing calls (of `step`, or of any step) answer Meta's rate limit:
   * code 4 unless `code` says otherwise; with `regainMinutes`, the business use case header.
   */
  rateLimitNext: (
    count: number,
    options?: { step?: TInstagramStep; code?: number; regainMinutes?: number },
  ) => void;
  /** The next container asked for is refused (code 36003, subcode 2207009 unless given). */
  refuseNextMedia: (message?: string, options?: { code?: number; subcode?: number }) => void;
  /** The next container made ends in ERROR with this `status` text. */
  failProcessingNext: (status?: string) => void;
  /**
   * IN_PROGRESS polls before each container made from now on settles; null: the default
   * (pictures and carousels at once, videos after 2). A setting: it stays.
   */
  processingPolls: (polls: number | null) => void;
  /**
   * The next call of `step` takes effect but its answer is lost (a 500, as when the connection
   * drops): for media_publish, the post is published and Muse does not hear of it.
   */
  loseNextAnswer: (step: TInstagramStep) => void;
  /** The container expires (as Instagram's do after 24 hours). */
  expireContainer: (containerId: string) => void;
  /** Posts an account may publish in 24 hours (100, as on Instagram, by default). */
  setQuotaTotal: (total: number) => void;
  /** A post's insights; others report deterministic figures drawn from their id. */
  setCounts: (mediaId: string, counts: Partial<TFakeCounts>) => void;
  accounts: () => TFakeInstagramAccount[];
  containers: (accountId?: string) => TFakeInstagramContainer[];
  /** What was published, oldest first. */
  posts: (accountId?: string) => TFakeInstagramPost[];
  /** Every download of a media URL, oldest first. */
  downloads: () => { url: string; status: number | null; contentType: string | null }[];
};

type TToken = {
  accountId: string;
  scopes: string[];
  kind: 'short' | 'long';
  expiresAt: number;
  /** Answers as expired whatever its time. */
  expired: boolean;
  revoked: boolean;
};

type TGraphError = {
  message: string;
  code: number;
  error_subcode?: number;
  type?: string;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
};

const SHORT_LIVED_S = 3600;
/** What Instagram answers for a long-lived token: 60 days less a little. */
const LONG_LIVED_S = 5_183_944;
const QUOTA_DURATION_S = 86_400;
/** The Instagram Login scopes the consent page knows. */
const SCOPES = [
  'instagram_business_basic',
  'instagram_business_content_publish',
  'instagram_business_manage_insights',
  'instagram_business_manage_comments',
  'instagram_business_manage_messages',
] as const;
const INSIGHT_METRICS = ['views', 'likes', 'comments', 'shares', 'saved', 'reach'] as const;

/** Graph ids: long digit strings, as Meta's are (beyond what a JSON number holds exactly). */
function idMaker(start: bigint) {
  let next = start;
  return () => (next++).toString();
}

const trace = () => randomBytes(9).toString('base64url');

function graphError(
  response: ServerResponse,
  status: number,
  error: TGraphError,
  headers: Record<string, string> = {},
) {
  sendJson(
    response,
    status,
    { error: { type: 'OAuthException', ...error, fbtrace_id: trace() } },
    headers,
  );
}

/** What the Graph API answers for an id that is not there, or not this token's to see. */
function unsupported(request: TFakeRequest, response: ServerResponse, id: string) {
  const method = request.method.toLowerCase();
  graphError(response, 400, {
    message:
      `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded ` +
      'due to missing permissions, or does not support this operation.',
    code: 100,
    error_subcode: 33,
  });
}

/** The Graph API answers only the fields asked for, and `id`. */
function pick(
  object: Record<string, unknown>,
  fields: string | null,
  fallback: string[],
): Record<string, unknown> {
  const wanted = fields
    ? fields
        .split(',')
        .map((field) => field.trim())
        .filter(Boolean)
    : fallback;
  const answer: Record<string, unknown> = {};
  for (const field of wanted) if (object[field] !== undefined) answer[field] = object[field];
  if (object.id !== undefined) answer.id = object.id;
  return answer;
}

export function createFakeInstagram(): TFakeInstagram {
  const clientId = '990000000000001';
  const clientSecret = 'fake-instagram-app-secret';
  const newAccountId = idMaker(17_841_400_000_000_001n);
  const newAppScopedId = idMaker(9_100_000_000_000_001n);
  const newContainerId = idMaker(17_890_000_000_000_001n);
  const newMediaId = idMaker(17_950_000_000_000_001n);

  const accounts = new Map<string, TFakeInstagramAccount>();
  const codes = new Map<
    string,
    { clientId: string; redirectUri: string; accountId: string; scopes: string[]; used: boolean }
  >();
  const tokens = new Map<string, TToken>();
  const containers = new Map<string, TFakeInstagramContainer>();
  const posts: TFakeInstagramPost[] = [];
  const counts = new Map<string, Partial<TFakeCounts>>();
  const downloads: { url: string; status: number | null; contentType: string | null }[] = [];

  const rateLimits: { step: TInstagramStep | null; code: number; regainMinutes?: number }[] = [];
  const lostAnswers: TInstagramStep[] = [];
  let refusal: { message: string; code: number; subcode: number } | null = null;
  let failNext: string | null = null;
  let polls: number | null = null;
  let quotaTotal = 100;

  function addAccount(input: Parameters<TFakeInstagram['addAccount']>[0]) {
    const account: TFakeInstagramAccount = {
      id: input.id ?? newAccountId(),
      appScopedId: newAppScopedId(),
      username: input.username,
      name: input.name ?? input.username,
      picture:
        input.picture === undefined
          ? `https://scontent.cdninstagram.com/v/${input.username}.jpg`
          : input.picture,
      accountType: input.accountType ?? 'MEDIA_CREATOR',
    };
    accounts.set(account.id, account);
    return account;
  }
  const defaultAccount = addAccount({ username: 'muse.creator', name: 'Muse Creator' });
  let signInAs = defaultAccount.id;

  const newToken = (accountId: string, scopes: string[], kind: TToken['kind']) => {
    const token = `IG${kind === 'long' ? 'AAL' : 'AAS'}${randomBytes(24).toString('base64url')}`;
    tokens.set(token, {
      accountId,
      scopes,
      kind,
      expiresAt: Date.now() + (kind === 'long' ? LONG_LIVED_S : SHORT_LIVED_S) * 1000,
      expired: false,
      revoked: false,
    });
    return token;
  };

  /** The token's record, or the error Instagram answers for it (and answers it). */
  function authorize(request: TFakeRequest, response: ServerResponse): TToken | null {
    const value =
      bearerOf(request) ??
      request.query.get('access_token') ??
      (typeof request.fields?.access_token === 'string' ? request.fields.access_token : null);
    if (!value) {
      graphError(response, 400, {
        message: 'An active access token must be used to query information about the current user.',
        code: 2500,
      });
      return null;
    }
    const token = tokens.get(value);
    if (!token) {
      graphError(response, 400, {
        message: 'Invalid OAuth access token - Cannot parse access token',
        code: 190,
      });
      return null;
    }
    if (token.revoked) {
      graphError(response, 400, {
        message: `Error validating access token: The user has not authorized application ${clientId}.`,
        code: 190,
        error_subcode: 458,
      });
      return null;
    }
    if (token.expired || token.expiresAt <= Date.now()) {
      graphError(response, 400, {
        message: `Error validating access token: Session has expired on ${new Date(token.expiresAt).toUTCString()}. The current time is ${new Date().toUTCString()}.`,
        code: 190,
        error_subcode: 463,
      });
      return null;
    }
    return token;
  }

  /** A scripted answer for a publishing call, if one is due; true when it answered. */
  function scripted(step: TInstagramStep, response: ServerResponse, accountId: string): boolean {
    const index = rateLimits.findIndex((entry) => entry.step === null || entry.step === step);
    if (index < 0) return false;
    const [limit] = rateLimits.splice(index, 1);
    const headers: Record<string, string> = {};
    if (limit!.regainMinutes !== undefined)
      headers['x-business-use-case-usage'] = JSON.stringify({
        [accountId]: [
          {
            type: 'instagram',
            call_count: 100,
            total_cputime: 20,
            total_time: 30,
            estimated_time_to_regain_access: limit!.regainMinutes,
          },
        ],
      });
    const messages: Record<number, string> = {
      4: '(#4) Application request limit reached',
      17: '(#17) User request limit reached',
      32: '(#32) Page request limit reached',
      613: '(#613) Calls to this api have exceeded the rate limit.',
      9: '(#9) Application request limit reached',
      80002: 'There have been too many calls to this Instagram account. Wait a bit and try again.',
    };
    graphError(
      response,
      400,
      {
        message: messages[limit!.code] ?? `(#${limit!.code}) Request limit reached`,
        code: limit!.code,
        is_transient: true,
      },
      headers,
    );
    return true;
  }

  /** Whether this call's answer is to be lost (it is then answered by `lose`). */
  function losing(step: TInstagramStep): boolean {
    const index = lostAnswers.indexOf(step);
    if (index < 0) return false;
    lostAnswers.splice(index, 1);
    return true;
  }
  const lose = (response: ServerResponse) =>
    graphError(response, 500, {
      message: 'An unknown error has occurred.',
      code: 1,
      is_transient: true,
    });

  /** Downloads a media URL as Meta does; the bytes, or the refusal it answers. */
  async function download(
    url: string,
    kind: 'image' | 'video',
  ): Promise<{ ok: true } | { ok: false; status: number; error: TGraphError }> {
    const failed = {
      ok: false as const,
      status: 400,
      error: {
        message: 'Media download has failed.: The media could not be fetched from this uri: ' + url,
        code: 9004,
        error_subcode: 2207052,
        error_user_title: 'Media download has failed.',
        error_user_msg:
          'The media could not be fetched from this URI. Check the URI and try again.',
      },
    };
    let bytes: Buffer;
    let contentType: string | null = null;
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      contentType = answer.headers.get('content-type');
      downloads.push({ url, status: answer.status, contentType });
      if (!answer.ok) return failed;
      bytes = Buffer.from(await answer.arrayBuffer());
    } catch {
      downloads.push({ url, status: null, contentType });
      return failed;
    }
    if (kind === 'video') {
      if (!contentType?.startsWith('video/'))
        return {
          ok: false,
          status: 400,
          error: {
            message: 'The video file you selected is in a format that we don’t support.',
            code: 352,
            error_subcode: 2207026,
            error_user_title: 'Unsupported video format',
            error_user_msg:
              'The video format is not supported. Check the spec for supported formats.',
          },
        };
      return { ok: true };
    }
    // Instagram publishes JPEG only (it checks the file, not the name).
    const ratioError = (detail: string) => ({
      ok: false as const,
      status: 400,
      error: {
        message: 'The aspect ratio is not supported.',
        code: 36003,
        error_subcode: 2207009,
        error_user_title: 'Cannot Use This Aspect Ratio',
        error_user_msg: detail,
      },
    });
    if (bytes.length < 3 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[2] !== 0xff)
      return ratioError('The submitted image could not be read as a JPEG and cannot be published.');
    const { width = 0, height = 0 } = await sharp(bytes)
      .metadata()
      .catch(() => ({ width: 0, height: 0 }));
    const ratio = height ? width / height : 0;
    if (ratio < 0.8 - 0.005 || ratio > 1.91 + 0.005)
      return ratioError(
        `The submitted image with aspect ratio ('${width}/${height}',) cannot be published. Please submit an image with a valid aspect ratio.`,
      );
    return { ok: true };
  }

  /** Posts of the account in the quota's window. */
  const usage = (accountId: string) =>
    posts.filter(
      (post) =>
        post.accountId === accountId &&
        post.publishedAt.getTime() > Date.now() - QUOTA_DURATION_S * 1000,
    ).length;

  const countsOf = (mediaId: string): TFakeCounts => {
    const seed = Number(BigInt(mediaId) % 997n);
    return {
      views: 1000 + seed * 10,
      likes: 100 + seed,
      comments: 10 + (seed % 50),
      shares: 5 + (seed % 20),
      ...counts.get(mediaId),
    };
  };

  const fieldOf = (request: TFakeRequest, name: string): string | null => {
    const value = request.fields?.[name] ?? request.query.get(name);
    return typeof value === 'string' ? value : null;
  };

  async function createContainer(
    request: TFakeRequest,
    response: ServerResponse,
    account: TFakeInstagramAccount,
  ) {
    if (scripted('container', response, account.id)) return;
    const mediaType = (fieldOf(request, 'media_type') ?? 'IMAGE').toUpperCase();
    const isCarouselItem = fieldOf(request, 'is_carousel_item') === 'true';
    const caption = fieldOf(request, 'caption') ?? '';
    const imageUrl = fieldOf(request, 'image_url');
    const videoUrl = fieldOf(request, 'video_url');
    const invalid = (message: string) =>
      graphError(response, 400, { message: `(#100) ${message}`, code: 100 });
    if (caption.length > 2200) return invalid('The caption is too long.');
    if (refusal) {
      const { message, code, subcode } = refusal;
      refusal = null;
      return graphError(response, 400, { message, code, error_subcode: subcode });
    }

    let container: TFakeInstagramContainer;
    const base = {
      id: newContainerId(),
      accountId: account.id,
      isCarouselItem,
      caption: isCarouselItem ? '' : caption,
      failStatus: failNext,
      mediaId: null,
      createdAt: new Date(),
    };
    if (mediaType === 'CAROUSEL') {
      const ids = (fieldOf(request, 'children') ?? '').split(',').filter(Boolean);
      if (ids.length < 2 || ids.length > 10)
        return invalid('The carousel must have between 2 and 10 items.');
      for (const id of ids) {
        const child = containers.get(id);
        if (!child || child.accountId !== account.id || !child.isCarouselItem)
          return invalid(`Param children contains an invalid media ID: ${id}`);
        if (child.status !== 'FINISHED')
          return graphError(response, 400, {
            message: 'Media ID is not available',
            code: 9007,
            error_subcode: 2207027,
            error_user_title: 'Media Not Ready For Publishing',
            error_user_msg: 'The media is not ready for publishing, please wait for a moment',
          });
      }
      container = {
        ...base,
        mediaType: 'CAROUSEL',
        children: ids,
        url: null,
        status: 'IN_PROGRESS',
        pollsLeft: polls ?? 0,
      };
    } else if (mediaType === 'IMAGE') {
      if (!imageUrl) return invalid('The parameter image_url is required');
      const fetched = await download(imageUrl, 'image');
      if (!fetched.ok) return graphError(response, fetched.status, fetched.error);
      container = {
        ...base,
        mediaType: 'IMAGE',
        children: [],
        url: imageUrl,
        status: 'IN_PROGRESS',
        pollsLeft: polls ?? 0,
      };
    } else if (mediaType === 'REELS' || (mediaType === 'VIDEO' && isCarouselItem)) {
      if (!videoUrl) return invalid('The parameter video_url is required');
      const fetched = await download(videoUrl, 'video');
      if (!fetched.ok) return graphError(response, fetched.status, fetched.error);
      container = {
        ...base,
        mediaType: mediaType === 'REELS' ? 'REELS' : 'VIDEO',
        children: [],
        url: videoUrl,
        status: 'IN_PROGRESS',
        pollsLeft: polls ?? 2,
      };
    } else if (mediaType === 'VIDEO') {
      // Since 2023 a feed video is a Reel: VIDEO alone is for carousel items.
      return invalid(
        'The VIDEO media type is no longer supported for feed posts. Use REELS instead.',
      );
    } else return invalid(`Invalid parameter media_type: ${mediaType}`);
    failNext = null;
    // A container with nothing left to do is settled as soon as it is made.
    if (container.pollsLeft === 0) container.status = container.failStatus ? 'ERROR' : 'FINISHED';
    containers.set(container.id, container);
    if (losing('container')) return lose(response);
    sendJson(response, 200, { id: container.id });
  }

  function readContainer(
    request: TFakeRequest,
    response: ServerResponse,
    container: TFakeInstagramContainer,
  ) {
    if (scripted('status', response, container.accountId)) return;
    if (container.status === 'IN_PROGRESS') {
      if (container.pollsLeft > 0) container.pollsLeft -= 1;
      else container.status = container.failStatus ? 'ERROR' : 'FINISHED';
    }
    const status: Record<TFakeInstagramContainer['status'], string> = {
      IN_PROGRESS: 'In Progress',
      FINISHED: 'Finished: Media has been uploaded and it is ready to be published.',
      ERROR: container.failStatus ?? 'Error',
      EXPIRED: 'Expired: the container was not published within 24 hours.',
      PUBLISHED: 'Published: Media has been successfully published.',
    };
    if (losing('status')) return lose(response);
    sendJson(
      response,
      200,
      pick(
        { id: container.id, status_code: container.status, status: status[container.status] },
        request.query.get('fields'),
        [],
      ),
    );
  }

  function mediaPublish(
    request: TFakeRequest,
    response: ServerResponse,
    account: TFakeInstagramAccount,
  ) {
    if (scripted('publish', response, account.id)) return;
    const container = containers.get(fieldOf(request, 'creation_id') ?? '');
    if (!container || container.accountId !== account.id || container.isCarouselItem)
      return graphError(response, 400, {
        message: '(#100) Param creation_id must be a valid media container ID',
        code: 100,
      });
    // The real API refuses a container it already published; the fake answers the post it
    // made, so the adapter's guard (the saved `mediaId`) is what a test must show.
    if (container.status === 'PUBLISHED') return sendJson(response, 200, { id: container.mediaId });
    if (container.status === 'EXPIRED')
      return graphError(response, 400, {
        message: 'The media container has expired.',
        code: 100,
        error_subcode: 2207020,
        error_user_msg:
          'The media you are trying to access has expired. Please try to upload again.',
      });
    if (container.status !== 'FINISHED')
      return graphError(response, 400, {
        message: 'Media ID is not available',
        code: 9007,
        error_subcode: 2207027,
        error_user_title: 'Media Not Ready For Publishing',
        error_user_msg: 'The media is not ready for publishing, please wait for a moment',
      });
    if (usage(account.id) >= quotaTotal)
      return graphError(response, 400, {
        message: '(#9) Application request limit reached',
        code: 9,
        error_subcode: 2207042,
        error_user_title: 'Max Posts Reached',
        error_user_msg:
          'You have reached the maximum number of posts that is allowed to be posted by the Content Publishing API.',
      });

    const mediaId = newMediaId();
    const shortcode = randomBytes(8).toString('base64url').slice(0, 11);
    const reel = container.mediaType === 'REELS';
    const items =
      container.mediaType === 'CAROUSEL'
        ? container.children.map((id) =>
            containers.get(id)!.mediaType === 'IMAGE' ? ('image' as const) : ('video' as const),
          )
        : [container.mediaType === 'IMAGE' ? ('image' as const) : ('video' as const)];
    container.status = 'PUBLISHED';
    container.mediaId = mediaId;
    for (const id of container.children) containers.get(id)!.status = 'PUBLISHED';
    posts.push({
      mediaId,
      accountId: account.id,
      containerId: container.id,
      caption: container.caption,
      mediaType:
        container.mediaType === 'CAROUSEL'
          ? 'CAROUSEL_ALBUM'
          : container.mediaType === 'IMAGE'
            ? 'IMAGE'
            : 'VIDEO',
      productType: reel ? 'REELS' : 'FEED',
      items,
      shortcode,
      permalink: `https://www.instagram.com/${reel ? 'reel' : 'p'}/${shortcode}/`,
      publishedAt: new Date(),
    });
    if (losing('publish')) return lose(response);
    sendJson(response, 200, { id: mediaId });
  }

  async function graphApi(request: TFakeRequest, response: ServerResponse) {
    const path = request.path.replace(/^\/v\d+\.\d+(?=\/)/, '');
    const token = authorize(request, response);
    if (!token) return;
    const account = accounts.get(token.accountId)!;
    const [, node = '', edge] = path.split('/');
    const canPublish = token.scopes.includes('instagram_business_content_publish');
    const noPermission = () =>
      graphError(response, 403, {
        message: '(#10) Application does not have permission for this action',
        code: 10,
      });

    if (node === 'me' && !edge && request.method === 'GET') {
      const known = ['id', 'user_id', 'username', 'name', 'profile_picture_url', 'account_type'];
      const fields = (request.query.get('fields') ?? 'id').split(',').filter(Boolean);
      const unknown = fields.find((field) => !known.includes(field));
      if (unknown)
        return graphError(response, 400, {
          message: `(#100) Tried accessing nonexisting field (${unknown}) on node type (User)`,
          code: 100,
        });
      return sendJson(
        response,
        200,
        pick(
          {
            id: account.appScopedId,
            user_id: account.id,
            username: account.username,
            name: account.name,
            profile_picture_url: account.picture ?? undefined,
            account_type: account.accountType,
          },
          request.query.get('fields'),
          [],
        ),
      );
    }

    if (edge) {
      if (node !== account.id && node !== 'me' && !posts.some((post) => post.mediaId === node))
        return unsupported(request, response, node);
      if (edge === 'content_publishing_limit' && request.method === 'GET') {
        if (!canPublish) return noPermission();
        return sendJson(response, 200, {
          data: [
            {
              quota_usage: usage(account.id),
              config: { quota_total: quotaTotal, quota_duration: QUOTA_DURATION_S },
            },
          ],
        });
      }
      if (edge === 'media' && request.method === 'POST') {
        if (!canPublish) return noPermission();
        return createContainer(request, response, account);
      }
      if (edge === 'media_publish' && request.method === 'POST') {
        if (!canPublish) return noPermission();
        return mediaPublish(request, response, account);
      }
      if (edge === 'insights' && request.method === 'GET') {
        const post = posts.find((one) => one.mediaId === node && one.accountId === account.id);
        // Insights are instagram_business_manage_insights's, not content publishing's.
        if (!post || !token.scopes.includes('instagram_business_manage_insights'))
          return noPermission();
        const metrics = (request.query.get('metric') ?? '').split(',').filter(Boolean);
        const wrong = metrics.findIndex(
          (metric) => !(INSIGHT_METRICS as readonly string[]).includes(metric),
        );
        if (!metrics.length || wrong >= 0)
          return graphError(response, 400, {
            message: `(#100) metric[${Math.max(wrong, 0)}] must be one of the following values: ${INSIGHT_METRICS.join(', ')}`,
            code: 100,
          });
        const figures = countsOf(post.mediaId) as Record<string, number>;
        return sendJson(response, 200, {
          data: metrics.map((name) => ({
            name,
            period: 'lifetime',
            values: [{ value: figures[name] ?? 0 }],
            title: name[0]!.toUpperCase() + name.slice(1),
            description: '',
            id: `${post.mediaId}/insights/${name}/lifetime`,
          })),
        });
      }
      return graphError(response, 400, {
        message: `(#100) Unknown path components: /${edge}`,
        code: 100,
      });
    }

    if (request.method === 'GET') {
      const container = containers.get(node);
      if (container && container.accountId === account.id)
        return readContainer(request, response, container);
      const post = posts.find((one) => one.mediaId === node && one.accountId === account.id);
      if (post) {
        if (scripted('permalink', response, account.id)) return;
        if (losing('permalink')) return lose(response);
        const figures = countsOf(post.mediaId);
        return sendJson(
          response,
          200,
          pick(
            {
              id: post.mediaId,
              caption: post.caption,
              media_type: post.mediaType,
              media_product_type: post.productType,
              permalink: post.permalink,
              shortcode: post.shortcode,
              timestamp: post.publishedAt.toISOString().replace(/\.\d+Z$/, '+0000'),
              username: account.username,
              like_count: figures.likes,
              comments_count: figures.comments,
            },
            request.query.get('fields'),
            [],
          ),
        );
      }
    }
    return unsupported(request, response, node);
  }

  /** The long-lived token endpoints (graph.instagram.com, no version, token in the query). */
  function longLived(request: TFakeRequest, response: ServerResponse) {
    const token = authorize(request, response);
    if (!token) return;
    if (request.path === '/access_token') {
      if (request.query.get('grant_type') !== 'ig_exchange_token')
        return graphError(response, 400, {
          message: 'Unsupported grant_type, expected ig_exchange_token',
          code: 100,
        });
      if (request.query.get('client_secret') !== clientSecret)
        return graphError(response, 400, { message: 'Error validating client secret.', code: 1 });
      if (token.kind !== 'short')
        return graphError(response, 400, {
          message: 'The access token is already long-lived.',
          code: 100,
        });
    } else {
      if (request.query.get('grant_type') !== 'ig_refresh_token')
        return graphError(response, 400, {
          message: 'Unsupported grant_type, expected ig_refresh_token',
          code: 100,
        });
      // (Instagram also wants the token to be a day old; the fake does not wait a day.)
      if (token.kind !== 'long')
        return graphError(response, 400, {
          message: 'Only long-lived access tokens can be refreshed.',
          code: 100,
        });
    }
    return sendJson(response, 200, {
      access_token: newToken(token.accountId, token.scopes, 'long'),
      token_type: 'bearer',
      expires_in: LONG_LIVED_S,
    });
  }

  /** api.instagram.com's code exchange, with its older error shape. */
  function exchange(request: TFakeRequest, response: ServerResponse) {
    const fields = (request.fields ?? {}) as Record<string, unknown>;
    const refuse = (message: string) =>
      sendJson(response, 400, { error_type: 'OAuthException', code: 400, error_message: message });
    if (fields.client_id !== clientId) return refuse('Invalid platform app');
    if (fields.client_secret !== clientSecret) return refuse('Error validating client secret.');
    if (fields.grant_type !== 'authorization_code') return refuse('Unsupported grant type');
    const code = codes.get(String(fields.code ?? ''));
    if (!code || code.clientId !== clientId) return refuse('Invalid authorization code');
    if (code.used) return refuse('This authorization code has been used');
    if (code.redirectUri !== fields.redirect_uri)
      return refuse(
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      );
    code.used = true;
    const token = newToken(code.accountId, code.scopes, 'short');
    // Meta writes user_id as a JSON number, one too large to read exactly: by hand, as it is.
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      `{"access_token":${JSON.stringify(token)},"user_id":${code.accountId},"permissions":${JSON.stringify(code.scopes)}}`,
    );
  }

  /** The consent page: signs in as `nextAccount` and agrees at once. */
  function consent(request: TFakeRequest, response: ServerResponse) {
    const query = request.query;
    const page = (status: number, message: string) => {
      response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>Instagram</title><p>Invalid Request: ${message}</p>`);
    };
    if (query.get('client_id') !== clientId) return page(400, 'Invalid platform app');
    const redirectUri = query.get('redirect_uri');
    if (!redirectUri) return page(400, 'Invalid redirect_uri');
    if (query.get('response_type') !== 'code') return page(400, 'response_type must be code');
    const scopes = (query.get('scope') ?? '').split(',').map((scope) => scope.trim());
    const unknown = scopes.find((scope) => !(SCOPES as readonly string[]).includes(scope));
    if (unknown !== undefined || !scopes.includes('instagram_business_basic'))
      return page(400, `Invalid Scopes: ${unknown ?? 'instagram_business_basic is required'}`);
    const state = query.get('state');
    if (!state) return page(400, 'state is required');
    const code = `AQ${randomBytes(24).toString('base64url')}`;
    codes.set(code, { clientId, redirectUri, accountId: signInAs, scopes, used: false });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', state);
    // Instagram ends the redirect with `#_`; browsers keep fragments to themselves.
    redirect(response, `${target.toString()}#_`);
  }

  return {
    hosts: ['www.instagram.com', 'api.instagram.com', 'graph.instagram.com'],
    clientId,
    clientSecret,
    defaultAccount,
    async handle(request, response) {
      if (
        request.host === 'www.instagram.com' &&
        request.path.replace(/\/$/, '') === '/oauth/authorize'
      )
        return consent(request, response);
      if (request.host === 'api.instagram.com' && request.path === '/oauth/access_token') {
        if (request.method !== 'POST')
          return sendJson(response, 405, {
            error_type: 'OAuthException',
            code: 405,
            error_message: 'Method not allowed',
          });
        return exchange(request, response);
      }
      if (request.host === 'graph.instagram.com') {
        if (['/access_token', '/refresh_access_token'].includes(request.path))
          return longLived(request, response);
        return graphApi(request, response);
      }
      graphError(response, 404, { message: 'Unknown path', code: 803 });
    },
    addAccount,
    nextAccount: (account) => {
      signInAs = typeof account === 'string' ? account : account.id;
    },
    expireAccessTokens: (accountId) => {
      for (const token of tokens.values()) if (token.accountId === accountId) token.expired = true;
    },
    revoke: (accountId) => {
      for (const token of tokens.values()) if (token.accountId === accountId) token.revoked = true;
    },
    rateLimitNext: (count, { step, code = 4, regainMinutes } = {}) => {
      for (let index = 0; index < count; index += 1)
        rateLimits.push({ step: step ?? null, code, regainMinutes });
    },
    refuseNextMedia: (message = 'The aspect ratio is not supported.', options = {}) => {
      refusal = { message, code: options.code ?? 36003, subcode: options.subcode ?? 2207009 };
    },
    failProcessingNext: (status = 'Error: Media upload has failed with error code 2207026') => {
      failNext = status;
    },
    processingPolls: (value) => {
      polls = value;
    },
    loseNextAnswer: (step) => {
      lostAnswers.push(step);
    },
    expireContainer: (containerId) => {
      const container = containers.get(containerId);
      if (container && container.status !== 'PUBLISHED') container.status = 'EXPIRED';
    },
    setQuotaTotal: (total) => {
      quotaTotal = total;
    },
    setCounts: (mediaId, value) => {
      counts.set(mediaId, { ...counts.get(mediaId), ...value });
    },
    accounts: () => [...accounts.values()],
    containers: (accountId) =>
      [...containers.values()].filter((one) => !accountId || one.accountId === accountId),
    posts: (accountId) => posts.filter((one) => !accountId || one.accountId === accountId),
    downloads: () => [...downloads],
  };
}
