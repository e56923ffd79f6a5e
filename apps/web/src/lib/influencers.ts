import { MAX_PAGE_SIZE, ZInfluencersResponse, type TInfluencersResponse } from '@muse/shared';
import { queryOptions, useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from './api';
import { useAuth } from './auth';
import { WORKSPACE_QUERY_KEY } from './workspace';

/**
 * GET /api/influencers: a page of the account's influencers (newest first, after `cursor`) and
 * its slot usage, which counts them all.
 */
export async function getInfluencerPage(
  { cursor, limit }: { cursor?: string | null; limit?: number },
  signal?: AbortSignal,
): Promise<TInfluencersResponse> {
  const query = new URLSearchParams();
  if (limit) query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  const text = query.toString();
  return api(`/influencers${text ? `?${text}` : ''}`, { schema: ZInfluencersResponse, signal });
}

/**
 * Every influencer of the account, for the pickers of the tools, the gallery and the composer:
 * the pages read one after the other (an account holds as many as its plan's slots).
 */
export async function getInfluencers(signal?: AbortSignal): Promise<TInfluencersResponse> {
  let page = await getInfluencerPage({ limit: MAX_PAGE_SIZE }, signal);
  const influencers = [...page.influencers];
  while (page.nextCursor) {
    page = await getInfluencerPage({ cursor: page.nextCursor, limit: MAX_PAGE_SIZE }, signal);
    influencers.push(...page.influencers);
  }
  return { ...page, influencers, nextCursor: null };
}

/** Under the workspace key, so every create, edit and delete refreshes the list and its count. */
export function influencersQuery(userId: string) {
  return queryOptions({
    queryKey: [...WORKSPACE_QUERY_KEY, 'influencers', userId],
    queryFn: ({ signal }) => getInfluencers(signal),
  });
}

/** All of them at once, for a picker. */
export function useInfluencers() {
  const { user } = useAuth();
  return useQuery({ ...influencersQuery(user?.id ?? ''), enabled: user !== null });
}

/** The influencers of the pages loaded, with the count of all of them (the first page's). */
const loadedInfluencers = (data: InfiniteData<TInfluencersResponse>) => ({
  influencers: data.pages.flatMap((page) => page.influencers),
  used: data.pages[0]?.used ?? 0,
  limit: data.pages[0]?.limit ?? 0,
});

/**
 * The 'Manage Influencers' list, a page at a time with 'Load more'; `used` and `limit` count all
 * of them, whatever the pages loaded.
 */
export function useInfluencerPages() {
  const { user } = useAuth();
  return useInfiniteQuery({
    queryKey: [...WORKSPACE_QUERY_KEY, 'influencer-pages', user?.id ?? ''],
    queryFn: ({ pageParam, signal }) => getInfluencerPage({ cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    select: loadedInfluencers,
    enabled: user !== null,
  });
}
