/**
 * Instagram, through the Instagram API with Instagram Login (graph.instagram.com): a professional
 * account connects on instagram.com, and Muse publishes with Meta's container flow. Meta fetches
 * each picture and video itself from the signed link Muse hands it (`TPublishMedia.url`), works
 * on it while the container is IN_PROGRESS, and publishes the container once it is FINISHED.
 *
 * Every step's id is saved before the next step, so a retry after a crash takes no step twice:
 * a container is made once, and published once. There is no refresh token: the long-lived
 * access token (60 days) is itself exchanged for a new one before it runs out.
 */
import { z } from 'zod';
import {
  PlatformError,
  platformUrl,
  type TPlatformTokens,
  type TPostCounts,
  type TPublishMedia,
  type TPublisher,
  type TPublisherOptions,
  type TPublishRequest,
} from '../publisher';
import { fetchJson, pause, type THttpAnswer } from './http';

/** The Graph API version every versioned call names. */
export const INSTAGRAM_API_VERSION = 'v23.0';

const SCOPES = ['instagram_business_basic', 'instagram_business_content_publish'] as const;
const GRAPH = 'https://graph.instagram.com';
const HOUR_MS = 3_600_000;
/** How long a container may stay IN_PROGRESS in one try; a retry carries on polling it. */
const MAX_PROCESSING_MS = 20 * 60_000;
/** Containers live 24 hours; one that expires is made again, but not forever. */
const MAX_CONTAINER_TRIES = 3;

/**
 * Graph errors that mean "too many calls": 4 (app), 17 (user), 32 (page), 613 (custom), 9 (the
 * publishing limit, subcode 2207042) and 80002 (Instagram's business use case limit).
 */
const RATE_LIMIT_CODES = new Set([4, 9, 17, 32, 613, 80002]);

const ZGraphError = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    is_transient: z.boolean().optional(),
    error_user_msg: z.string().optional(),
  }),
});
/** The OAuth endpoint of api.instagram.com answers errors in Instagram's older shape. */
const ZOAuthError = z.object({
  error_type: z.string(),
  code: z.number().optional(),
  error_message: z.string().optional(),
});

const ZShortToken = z.object({
  access_token: z.string().min(1),
  // A number as Meta sends it, and larger than JSON numbers hold: the profile's is used instead.
  user_id: z.union([z.string(), z.number()]).optional(),
  permissions: z.union([z.array(z.string()), z.string()]).optional(),
});
/** The answer comes flat or wrapped in `data`, depending on the API's version: both are read. */
const ZShortTokenAnswer = z.union([
  ZShortToken,
  z.object({ data: z.array(ZShortToken).min(1) }).transform(({ data }) => data[0]!),
]);
const ZLongToken = z.object({
  access_token: z.string().min(1),
  token_type: z.string().optional(),
  expires_in: z.number(),
});
const ZProfile = z.object({
  user_id: z.union([z.string(), z.number()]).transform(String),
  username: z.string(),
  name: z.string().optional(),
  profile_picture_url: z.string().optional(),
  account_type: z.string().optional(),
});
const ZLimit = z.object({
  data: z.array(
    z.object({
      quota_usage: z.number().optional(),
      config: z.object({ quota_total: z.number(), quota_duration: z.number() }).optional(),
    }),
  ),
});
const ZId = z.object({ id: z.string() });
const ZStatus = z.object({ status_code: z.string(), status: z.string().optional() });
const ZPermalink = z.object({ permalink: z.string() });
const ZMediaCounts = z.object({
  like_count: z.number().optional(),
  comments_count: z.number().optional(),
});
const ZInsights = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      values: z.array(z.object({ value: z.unknown() })).optional(),
      total_value: z.object({ value: z.unknown() }).optional(),
    }),
  ),
});

/** The ids kept between tries (see TPublishRequest.progress). */
const ZProgress = z.object({
  /** The carousel's item containers, by the item's place. */
  children: z.array(z.string().nullable()).nullish(),
  /** The container that is published: the single item's, or the carousel's. */
  containerId: z.string().nullish(),
  /** The published post. */
  mediaId: z.string().nullish(),
});

/** What a message calls the thing refused: 'picture', 'video', 'post' or 'request'. */
type TSubject = string;

/** A platform message fit for a creator: no links (they carry Muse's signatures), no "(#100)". */
function plain(words: string | undefined): string {
  return (words ?? '')
    .replace(/https?:\/\/\S+/g, 'the link')
    .replace(/^\(#\d+\)\s*/, '')
    .trim();
}

/**
 * When a rate-limited account may call again: Instagram's business use case header gives the
 * minutes (`estimated_time_to_regain_access`), else an hour, Meta's usual window.
 */
function retryAtOf(headers: Headers): Date {
  let minutes = 0;
  try {
    const usage = JSON.parse(headers.get('x-business-use-case-usage') ?? '{}') as Record<
      string,
      { estimated_time_to_regain_access?: number }[]
    >;
    for (const entries of Object.values(usage))
      for (const entry of entries ?? [])
        minutes = Math.max(minutes, Number(entry.estimated_time_to_regain_access) || 0);
  } catch {
    // A header that is not JSON says nothing.
  }
  return new Date(Date.now() + (minutes > 0 ? minutes * 60_000 : HOUR_MS));
}

function graphError(
  error: z.infer<typeof ZGraphError>['error'],
  answer: THttpAnswer,
  subject: TSubject,
): PlatformError {
  const code = error.code ?? 0;
  const subcode = error.error_subcode;
  const details = {
    platformCode: subcode ? `${code}/${subcode}` : String(code),
    status: answer.status,
  };
  const words = plain(error.error_user_msg || error.message) || 'no reason given';
  if (code === 190) {
    // 463: the token's time ran out; 458, 460 and the rest: removed, password changed, invalid.
    if (subcode === 463)
      return new PlatformError('expired', 'The connection to Instagram has expired', details);
    return new PlatformError(
      'auth',
      'Instagram no longer accepts Muse’s connection to this account: connect it again',
      details,
    );
  }
  if (code === 10 || (code >= 200 && code < 300))
    return new PlatformError(
      'auth',
      'Instagram has not given Muse the permission it needs: connect the account again',
      details,
    );
  if (RATE_LIMIT_CODES.has(code))
    return new PlatformError(
      'rate_limited',
      subcode === 2207042
        ? 'This account has reached Instagram’s limit of posts a day'
        : 'Instagram limits how often Muse may call for this account: it tries again later',
      { ...details, retryAt: retryAtOf(answer.headers) },
    );
  if (code === 9004 || subcode === 2207052)
    return new PlatformError(
      'refused',
      `Instagram could not download the ${subject} from Muse: ${words}`,
      details,
    );
  // 9007: a container not ready yet; 1 and 2: Meta's own failures.
  if (answer.status >= 500 || error.is_transient || code === 1 || code === 2 || code === 9007)
    return new PlatformError('unavailable', 'Instagram is not available right now', details);
  // The rest refuse this post: 36003 and subcode 2207009 (the picture's shape), 2207026 and 352
  // (the video's format), 100 (a parameter it will not take), and what Meta adds.
  return new PlatformError('refused', `Instagram refused the ${subject}: ${words}`, details);
}

function refusalOf(subject: TSubject) {
  return (answer: THttpAnswer): PlatformError | null => {
    const graph = ZGraphError.safeParse(answer.body);
    if (graph.success) return graphError(graph.data.error, answer, subject);
    const oauth = ZOAuthError.safeParse(answer.body);
    if (oauth.success)
      return new PlatformError(
        'auth',
        `Instagram refused the connection: ${plain(oauth.data.error_message) || 'no reason given'}`,
        { platformCode: oauth.data.error_type, status: answer.status },
      );
    return null;
  };
}

/** An ERROR container's `status` ("Error: … 2207026") in words a creator reads. */
function processingFailure(status: string | undefined, subject: TSubject): PlatformError {
  const subcode = /2207\d{3}/.exec(status ?? '')?.[0];
  const known: Record<string, string> = {
    '2207003': 'it took too long to download',
    '2207004': 'the file is too large',
    '2207005': 'its format is not one Instagram takes',
    '2207009': 'its shape (aspect ratio) is not one Instagram takes',
    '2207026': 'its video format is not one Instagram takes',
    '2207052': 'Instagram could not download it from Muse',
  };
  const words = (subcode && known[subcode]) || plain(status).replace(/^error:?\s*/i, '');
  return new PlatformError(
    'failed',
    words
      ? `Instagram could not process the ${subject}: ${words}`
      : `Instagram could not process the ${subject}`,
    { platformCode: subcode ?? 'ERROR' },
  );
}

function scopesOf(permissions: string[] | string | undefined): string[] {
  if (permissions === undefined) return [...SCOPES];
  const list = Array.isArray(permissions) ? permissions : permissions.split(',');
  return list.map((scope) => scope.trim()).filter(Boolean);
}

function subjectOf(media: readonly TPublishMedia[]): TSubject {
  if (media.length !== 1) return 'post';
  return media[0]!.kind === 'image' ? 'picture' : 'video';
}

export function createInstagramPublisher(options: TPublisherOptions): TPublisher {
  const url = (address: string) => platformUrl(options.apiUrl, address);

  /** A call to the versioned Graph API with the account's token. */
  function graph<TSchema extends z.ZodType>(
    path: string,
    schema: TSchema,
    call: {
      accessToken: string;
      method?: 'GET' | 'POST';
      query?: Record<string, string>;
      form?: Record<string, string>;
      subject?: TSubject;
      signal?: AbortSignal;
    },
  ): Promise<z.output<TSchema>> {
    const query = call.query ? `?${new URLSearchParams(call.query).toString()}` : '';
    return fetchJson(url(`${GRAPH}/${INSTAGRAM_API_VERSION}${path}${query}`), schema, {
      platform: 'Instagram',
      method: call.method ?? 'GET',
      // The Graph API takes the token as a header or as `access_token`: a header stays out of
      // every log of URLs.
      headers: { authorization: `Bearer ${call.accessToken}` },
      form: call.form,
      signal: call.signal,
      refusal: refusalOf(call.subject ?? 'request'),
    });
  }

  /** The long-lived token's own endpoints take it in the query, and no version. */
  async function longLived(path: string, query: Record<string, string>): Promise<TPlatformTokens> {
    const answer = await fetchJson(
      url(`${GRAPH}${path}?${new URLSearchParams(query).toString()}`),
      ZLongToken,
      {
        platform: 'Instagram',
        refusal: (refused) => {
          const error = refusalOf('connection')(refused);
          // A token that ran out cannot be exchanged any more: only connecting again helps.
          return error?.kind === 'expired'
            ? new PlatformError(
                'auth',
                'The connection to Instagram has expired: connect the account again',
                error.details,
              )
            : error;
        },
      },
    );
    return {
      accessToken: answer.access_token,
      refreshToken: null,
      accessExpiresAt: new Date(Date.now() + answer.expires_in * 1000),
      refreshExpiresAt: null,
      scopes: [],
    };
  }

  async function publish(request: TPublishRequest) {
    const { accessToken, account, media, signal } = request;
    if (media.length === 0) throw new PlatformError('refused', 'A post needs a picture or a video');
    const saved = ZProgress.parse(request.progress);
    const state = {
      children: [...(saved.children ?? [])],
      containerId: saved.containerId ?? null,
      mediaId: saved.mediaId ?? null,
    };
    /** Keeps a step's ids: the caller's copy is its own (the state goes on changing). */
    const save = async (patch: Partial<typeof state>) => {
      Object.assign(state, patch, patch.children ? { children: [...patch.children] } : {});
      await request.saveProgress(patch);
    };
    const subject = subjectOf(media);
    const user = `/${encodeURIComponent(account.accountId)}`;

    const create = async (form: Record<string, string>, item: TSubject) =>
      (
        await graph(`${user}/media`, ZId, {
          accessToken,
          method: 'POST',
          form,
          subject: item,
          signal,
        })
      ).id;

    /** Polls a container until Instagram is done with it: FINISHED, PUBLISHED or EXPIRED. */
    const settled = async (containerId: string, item: TSubject) => {
      const deadline = Date.now() + MAX_PROCESSING_MS;
      for (;;) {
        const answer = await graph(`/${encodeURIComponent(containerId)}`, ZStatus, {
          accessToken,
          query: { fields: 'status_code,status' },
          subject: item,
          signal,
        });
        if (['FINISHED', 'PUBLISHED', 'EXPIRED'].includes(answer.status_code))
          return answer.status_code as 'FINISHED' | 'PUBLISHED' | 'EXPIRED';
        if (answer.status_code === 'ERROR') throw processingFailure(answer.status, item);
        if (Date.now() > deadline)
          throw new PlatformError(
            'unavailable',
            `Instagram is still processing the ${item}: Muse looks again later`,
          );
        await pause(request.pollIntervalMs, signal);
      }
    };

    /** The carousel's item containers, each made once and FINISHED. */
    const children = async (): Promise<string[]> => {
      for (let round = 0; ; round += 1) {
        for (const [index, item] of media.entries()) {
          if (state.children[index]) continue;
          const id = await create(
            item.kind === 'image'
              ? { is_carousel_item: 'true', image_url: item.url }
              : { is_carousel_item: 'true', media_type: 'VIDEO', video_url: item.url },
            item.kind === 'image' ? 'picture' : 'video',
          );
          state.children[index] = id;
          await save({ children: [...state.children] });
        }
        let expired = false;
        for (const [index, item] of media.entries()) {
          const status = await settled(
            state.children[index]!,
            item.kind === 'image' ? 'picture' : 'video',
          );
          if (status === 'EXPIRED') {
            state.children[index] = null;
            expired = true;
          }
        }
        if (!expired) return state.children.slice(0, media.length) as string[];
        if (round + 1 >= MAX_CONTAINER_TRIES)
          throw new PlatformError('unavailable', 'Instagram let the post’s items expire');
        await save({ children: [...state.children] });
      }
    };

    /** The container to publish, made once (again only if it expired), and ready. */
    const ready = async (): Promise<string> => {
      for (let round = 0; round < MAX_CONTAINER_TRIES; round += 1) {
        if (!state.containerId) {
          const item = media[0]!;
          const form: Record<string, string> =
            media.length > 1
              ? { media_type: 'CAROUSEL', children: (await children()).join(',') }
              : item.kind === 'image'
                ? { image_url: item.url }
                : { media_type: 'REELS', video_url: item.url };
          form.caption = request.caption;
          await save({ containerId: await create(form, subject) });
        }
        const status = await settled(state.containerId!, subject);
        // PUBLISHED: an earlier try published it and stopped before it kept the post's id.
        if (status !== 'EXPIRED') return state.containerId!;
        // Its items expired with it: all are made again.
        await save({ containerId: null, children: [] });
      }
      throw new PlatformError('unavailable', `Instagram let the ${subject} expire`);
    };

    signal.throwIfAborted();
    if (!state.mediaId) {
      const creationId = await ready();
      // For a container already PUBLISHED the real API refuses this call; the saved `mediaId`
      // is what keeps a retry from reaching it in the first place.
      const published = await graph(`${user}/media_publish`, ZId, {
        accessToken,
        method: 'POST',
        form: { creation_id: creationId },
        subject,
        signal,
      });
      await save({ mediaId: published.id });
    }
    const mediaId = state.mediaId!;
    const { permalink } = await graph(`/${encodeURIComponent(mediaId)}`, ZPermalink, {
      accessToken,
      query: { fields: 'permalink' },
      subject,
      signal,
    });
    return { remoteId: mediaId, url: permalink };
  }

  return {
    platform: 'instagram',
    scopes: SCOPES,
    canRemove: false,

    // Instagram has no PKCE: the state, which Muse binds to the browser, is what ties the
    // callback to this flow. The verifier is taken and not used.
    async authorizationUrl({ state, redirectUri }) {
      const query = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: SCOPES.join(','),
        state,
      });
      return new URL(url(`https://www.instagram.com/oauth/authorize?${query.toString()}`));
    },

    async exchangeCode({ code, redirectUri }) {
      // A short-lived token (an hour), then at once the long-lived one (60 days).
      const short = await fetchJson(
        url('https://api.instagram.com/oauth/access_token'),
        ZShortTokenAnswer,
        {
          platform: 'Instagram',
          method: 'POST',
          form: {
            client_id: options.clientId,
            client_secret: options.clientSecret,
            grant_type: 'authorization_code',
            redirect_uri: redirectUri,
            code,
          },
          refusal: refusalOf('connection'),
        },
      );
      const tokens = await longLived('/access_token', {
        grant_type: 'ig_exchange_token',
        client_secret: options.clientSecret,
        access_token: short.access_token,
      });
      return { ...tokens, scopes: scopesOf(short.permissions) };
    },

    // A long-lived token is exchanged for a new one while it still works (Instagram refuses an
    // expired one: the account is then connected again). The answer lists no permissions: a
    // refreshed token has those of the token it replaces, so the ones asked for stand in.
    async refresh({ accessToken }) {
      const tokens = await longLived('/refresh_access_token', {
        grant_type: 'ig_refresh_token',
        access_token: accessToken,
      });
      return { ...tokens, scopes: [...SCOPES] };
    },

    async profile(accessToken) {
      const me = await graph('/me', ZProfile, {
        accessToken,
        query: { fields: 'user_id,username,name,profile_picture_url,account_type' },
      });
      return {
        accountId: me.user_id,
        username: me.username,
        displayName: me.name || me.username,
        pictureUrl: me.profile_picture_url ?? null,
        profileUrl: `https://www.instagram.com/${encodeURIComponent(me.username)}/`,
        details: {},
      };
    },

    async nextSlot(accessToken, account) {
      const { data } = await graph(
        `/${encodeURIComponent(account.accountId)}/content_publishing_limit`,
        ZLimit,
        { accessToken, query: { fields: 'config,quota_usage' } },
      );
      const limit = data[0];
      if (!limit?.config || (limit.quota_usage ?? 0) < limit.config.quota_total) return null;
      // The quota is a rolling window: its whole length is an honest latest time.
      return new Date(Date.now() + limit.config.quota_duration * 1000);
    },

    publish,

    async counts(accessToken, _account, remoteId): Promise<TPostCounts> {
      const media = `/${encodeURIComponent(remoteId)}`;
      try {
        const { data } = await graph(`${media}/insights`, ZInsights, {
          accessToken,
          query: { metric: 'views,likes,comments,shares' },
          subject: 'post',
        });
        const value = (name: string) => {
          const metric = data.find((entry) => entry.name === name);
          const found = metric?.total_value?.value ?? metric?.values?.[0]?.value;
          return typeof found === 'number' ? found : null;
        };
        return {
          views: value('views'),
          likes: value('likes'),
          comments: value('comments'),
          shares: value('shares'),
        };
      } catch (error) {
        // Insights need instagram_business_manage_insights, which Muse does not ask for (yet):
        // refused with code 10, the post itself still tells its likes and comments.
        if (!(error instanceof PlatformError) || error.details.platformCode !== '10') throw error;
      }
      const post = await graph(media, ZMediaCounts, {
        accessToken,
        query: { fields: 'like_count,comments_count' },
        subject: 'post',
      });
      return {
        views: null,
        likes: post.like_count ?? null,
        comments: post.comments_count ?? null,
        shares: null,
      };
    },

    // Meta deletes a post only for apps on the Instagram API with Facebook Login (`DELETE
    // /<IG_MEDIA_ID>` on graph.facebook.com, with `instagram_manage_contents` and a linked
    // Facebook Page). The Instagram Login that Muse connects with has no delete: the creator
    // deletes the post in Instagram (docs/product/platform-rules.md).
    async remove() {
      return 'unsupported';
    },

    // The Instagram API with Instagram Login has no endpoint that revokes a token: the account
    // removes Muse in its Instagram settings, and an unused token runs out in 60 days.
    async revoke() {},
  };
}
