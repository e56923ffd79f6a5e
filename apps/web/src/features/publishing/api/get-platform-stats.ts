import { ZPlatformStatsResponse, type TPlatformStatsResponse } from '@muse/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PUBLISHING_QUERY_KEY } from './keys';

export type TPlatformStats = TPlatformStatsResponse['platforms'][number];

export const platformStatsKey = (influencerId: string) =>
  [...PUBLISHING_QUERY_KEY, 'platform-stats', influencerId] as const;

/** GET /api/influencers/:id/platform-stats: each platform's published posts and their totals. */
export async function getPlatformStats(
  influencerId: string,
  signal?: AbortSignal,
): Promise<TPlatformStats[]> {
  const answer = await api(`/influencers/${encodeURIComponent(influencerId)}/platform-stats`, {
    schema: ZPlatformStatsResponse,
    signal,
  });
  return answer.platforms;
}

export function usePlatformStats(influencerId: string, { enabled = true } = {}) {
  return useQuery({
    queryKey: platformStatsKey(influencerId),
    queryFn: ({ signal }) => getPlatformStats(influencerId, signal),
    enabled,
  });
}
