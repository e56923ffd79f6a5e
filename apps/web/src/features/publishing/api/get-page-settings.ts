import { ZPageSettingsResponse, type TPageSettings } from '@muse/shared';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PUBLISHING_QUERY_KEY } from './keys';

export const pageSettingsKey = (influencerId: string) =>
  [...PUBLISHING_QUERY_KEY, 'page', influencerId] as const;

/** GET /api/influencers/:id/page: the influencer's public page, null before it has a handle. */
export async function getPageSettings(
  influencerId: string,
  signal?: AbortSignal,
): Promise<TPageSettings | null> {
  const answer = await api(`/influencers/${encodeURIComponent(influencerId)}/page`, {
    schema: ZPageSettingsResponse,
    signal,
  });
  return answer.page;
}

export function pageSettingsQuery(influencerId: string) {
  return queryOptions({
    queryKey: pageSettingsKey(influencerId),
    queryFn: ({ signal }) => getPageSettings(influencerId, signal),
  });
}

export function usePageSettings(influencerId: string) {
  return useQuery(pageSettingsQuery(influencerId));
}

/** The pages of several influencers (the composer offers only those with a handle). */
export function usePagesOf(influencerIds: readonly string[]) {
  return useQueries({ queries: influencerIds.map((id) => pageSettingsQuery(id)) });
}
