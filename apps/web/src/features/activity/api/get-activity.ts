import { ZActivityResponse, type TActivityResponse } from '@muse/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { WORKSPACE_QUERY_KEY } from '../../../lib/workspace';

/** The lines the server answers at most per page; a shorter page is the last. */
export const ACTIVITY_PAGE = 100;

/** GET /api/workspace/activity: the newest lines before `before` (the newest of all without). */
export async function getActivity(
  before: string | undefined,
  signal?: AbortSignal,
): Promise<TActivityResponse> {
  const query = before ? `?${new URLSearchParams({ before }).toString()}` : '';
  return api(`/workspace/activity${query}`, { schema: ZActivityResponse, signal });
}

export function activityQuery(userId: string) {
  return infiniteQueryOptions({
    queryKey: [...WORKSPACE_QUERY_KEY, 'activity', userId],
    queryFn: ({ pageParam, signal }) => getActivity(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // The next page starts before the oldest line shown.
    getNextPageParam: (last) =>
      last.activity.length >= ACTIVITY_PAGE ? last.activity.at(-1)?.at : undefined,
    // Every visit shows what the team did since the last.
    staleTime: 0,
  });
}

/** The open workspace's activity, newest first, a page at a time. */
export function useActivity() {
  const { user } = useAuth();
  return useInfiniteQuery({ ...activityQuery(user?.id ?? ''), enabled: user !== null });
}
