import { ZPostsResponse, type TPostsResponse } from '@muse/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { PUBLISHING_QUERY_KEY } from './keys';

/** What GET /api/posts is asked: two instants, the quota's month, and the creator's zone. */
export type TPostsParams = {
  from: string;
  to: string;
  /** 'YYYY-MM' in `timeZone`. */
  month: string;
  timeZone: string;
};

export function postsQueryString(params: TPostsParams): string {
  const query = new URLSearchParams({
    from: params.from,
    to: params.to,
    month: params.month,
    timeZone: params.timeZone,
  });
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
    queryKey: [...PUBLISHING_QUERY_KEY, 'posts', userId, params],
    queryFn: ({ signal }) => getPosts(params, signal),
    // Stepping to another month keeps the last one on screen until the new one is in.
    placeholderData: keepPreviousData,
  });
}

export function usePosts(params: TPostsParams, { enabled = true }: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({ ...postsQuery(user?.id ?? '', params), enabled: user !== null && enabled });
}
