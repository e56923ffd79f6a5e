import { ZPostsResponse, type TPost, type TPostsResponse } from '@muse/shared';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { hasTargetsUnderWay, WATCH_INTERVAL_MS } from '../post-targets';
import { PUBLISHING_QUERY_KEY } from './keys';

const POSTS_KEY = [...PUBLISHING_QUERY_KEY, 'posts'] as const;

/** What GET /api/posts is asked: two instants, the quota's month, and the creator's zone. */
export type TPostsParams = {
  from: string;
  to: string;
  /** 'YYYY-MM' in `timeZone`. */
  month: string;
  timeZone: string;
  /** At most this many posts a day, with every day's count (the month table). */
  perDay?: number;
};

export function postsQueryString(params: TPostsParams): string {
  const query = new URLSearchParams({
    from: params.from,
    to: params.to,
    month: params.month,
    timeZone: params.timeZone,
  });
  if (params.perDay) query.set('perDay', String(params.perDay));
  return `?${query.toString()}`;
}

/** GET /api/posts: the account's posts going out between `from` and `to`, and the month's quota. */
export async function getPosts(
  params: TPostsParams,
  signal?: AbortSignal,
): Promise<TPostsResponse> {
  return api(`/posts${postsQueryString(params)}`, { schema: ZPostsResponse, signal });
}

export function postsQuery(userId: string, params: TPostsParams) {
  return queryOptions({
    queryKey: [...POSTS_KEY, userId, params],
    queryFn: ({ signal }) => getPosts(params, signal),
    // Stepping to another month keeps the last one on screen until the new one is in.
    placeholderData: keepPreviousData,
    // While a post goes out to a platform (or is about to), its states are read again every
    // few seconds, so they change on screen without a reload.
    refetchInterval: (query) =>
      query.state.data && hasTargetsUnderWay(query.state.data.posts, Date.now())
        ? WATCH_INTERVAL_MS
        : false,
  });
}

/** Puts a post the server just answered with into every list that shows it. */
export function replacePost(queryClient: QueryClient, post: TPost): void {
  queryClient.setQueriesData<TPostsResponse>({ queryKey: POSTS_KEY }, (answer) =>
    answer?.posts.some((shown) => shown.id === post.id)
      ? { ...answer, posts: answer.posts.map((shown) => (shown.id === post.id ? post : shown)) }
      : answer,
  );
}

export function usePosts(params: TPostsParams, { enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({ ...postsQuery(user?.id ?? '', params), enabled: user !== null && enabled });
}
