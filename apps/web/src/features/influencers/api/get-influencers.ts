import { ZInfluencersResponse, type TInfluencersResponse } from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { WORKSPACE_QUERY_KEY } from '../../../lib/workspace';

/** GET /api/influencers: the account's influencers (newest first) and its slot usage. */
export async function getInfluencers(signal?: AbortSignal): Promise<TInfluencersResponse> {
  return api('/influencers', { schema: ZInfluencersResponse, signal });
}

/** Under the workspace key, so every create, edit and delete refreshes the list and its count. */
export function influencersQuery(userId: string) {
  return queryOptions({
    queryKey: [...WORKSPACE_QUERY_KEY, 'influencers', userId],
    queryFn: ({ signal }) => getInfluencers(signal),
  });
}

export function useInfluencers() {
  const { user } = useAuth();
  return useQuery({ ...influencersQuery(user?.id ?? ''), enabled: user !== null });
}
