import { ZMarketplaceModelsResponse, type TMarketplaceModel } from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

/**
 * GET /api/marketplace/models (public): the models with their licence counts, ids in order.
 * One query under one key for every page that shows them (the marketplace, the onboarding's
 * model step), so a claim or a refresh on one is seen by the other.
 */
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

export function useMarketplaceModels({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...marketplaceModelsQuery, enabled });
}
