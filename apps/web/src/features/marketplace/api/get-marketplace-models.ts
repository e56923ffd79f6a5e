import { ZMarketplaceModelsResponse, type TMarketplaceModel } from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** GET /api/marketplace/models (public): the models with their licence counts, ids in order. */
export async function getMarketplaceModels(signal?: AbortSignal): Promise<TMarketplaceModel[]> {
  const response = await api('/marketplace/models', {
    schema: ZMarketplaceModelsResponse,
    signal,
  });
  return response.models;
}

export const marketplaceModelsQuery = queryOptions({
  queryKey: ['marketplace', 'models'],
  queryFn: ({ signal }) => getMarketplaceModels(signal),
});

export function useMarketplaceModels() {
  return useQuery(marketplaceModelsQuery);
}
