import { ZPlatformsResponse, type TPlatformsResponse } from '@muse/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PUBLISHING_QUERY_KEY } from './keys';

export type TPlatformInfo = TPlatformsResponse['platforms'][number];

/** GET /api/platforms: which platforms this Muse publishes to, and what turns the others on. */
export async function getPlatforms(signal?: AbortSignal): Promise<TPlatformInfo[]> {
  return (await api('/platforms', { schema: ZPlatformsResponse, signal })).platforms;
}

export function usePlatforms() {
  return useQuery({
    queryKey: [...PUBLISHING_QUERY_KEY, 'platforms'],
    queryFn: ({ signal }) => getPlatforms(signal),
    // Set by the server's configuration: it does not change while the app runs.
    staleTime: Infinity,
  });
}
