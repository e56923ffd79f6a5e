import { ZMarketplaceClaimsResponse, type TMarketplaceClaim } from '@muse/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { WORKSPACE_QUERY_KEY } from '../../../lib/workspace';

/** GET /api/marketplace/claims: the models the signed-in creator holds, with their influencer. */
export async function getClaims(signal?: AbortSignal): Promise<TMarketplaceClaim[]> {
  return (await api('/marketplace/claims', { schema: ZMarketplaceClaimsResponse, signal })).claims;
}

/**
 * The signed-in creator's claims; nothing for a visitor. Kept under the workspace's key, so a
 * claim or a deleted influencer refreshes it (invalidateWorkspace).
 */
export function useClaims() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...WORKSPACE_QUERY_KEY, 'marketplace-claims', user?.id ?? ''],
    queryFn: ({ signal }) => getClaims(signal),
    enabled: user !== null,
  });
}
