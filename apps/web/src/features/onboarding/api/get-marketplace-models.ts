import { ZMarketplaceModelsResponse, type TMarketplaceModel } from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/marketplace/models: every model with its licence counts, ids in order. */
export async function getMarketplaceModels(signal?: AbortSignal): Promise<TMarketplaceModel[]> {
  return (await api('/marketplace/models', { schema: ZMarketplaceModelsResponse, signal })).models;
}

export const onboardingModelsQuery = queryOptions({
  queryKey: ['onboarding', 'marketplace-models'],
  queryFn: ({ signal }) => getMarketplaceModels(signal),
});

/** The marketplace's models; step 3 picks from them and steps 6 and 7 show the chosen one. */
export function useMarketplaceModels({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...onboardingModelsQuery, enabled });
}
