import { ZPlatformAccountsResponse, type TPlatformAccountsResponse } from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PUBLISHING_QUERY_KEY } from './keys';

export const platformAccountsKey = (influencerId: string) =>
  [...PUBLISHING_QUERY_KEY, 'platform-accounts', influencerId] as const;

/**
 * GET /api/influencers/:id/platform-accounts: the influencer's connected accounts, and every
 * platform in the order to offer them (the ones chosen in onboarding first).
 */
export async function getPlatformAccounts(
  influencerId: string,
  signal?: AbortSignal,
): Promise<TPlatformAccountsResponse> {
  return api(`/influencers/${encodeURIComponent(influencerId)}/platform-accounts`, {
    schema: ZPlatformAccountsResponse,
    signal,
  });
}

export function platformAccountsQuery(influencerId: string) {
  return queryOptions({
    queryKey: platformAccountsKey(influencerId),
    queryFn: ({ signal }) => getPlatformAccounts(influencerId, signal),
  });
}

export function usePlatformAccounts(
  influencerId: string,
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({ ...platformAccountsQuery(influencerId), enabled: enabled && !!influencerId });
}
