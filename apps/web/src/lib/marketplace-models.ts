import { ZMarketplaceModelsResponse, type TMarketplaceModel } from '@muse/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api';
import { seedFromPage } from './page-data';

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

/**
 * The element in which the marketplace page, rendered by the server, carries the list it was
 * rendered from: the API's answer, as JSON (docs/decisions/0034-prerendered-public-pages.md).
 */
export const MARKETPLACE_MODELS_DATA_ID = 'marketplace-models';

/**
 * Puts a list the page arrived with in the query's place, read as the API call reads it, so the
 * page's first render shows the models the server rendered instead of asking for them again.
 */
export function seedMarketplaceModels(queryClient: QueryClient, answer: unknown): void {
  const { models } = ZMarketplaceModelsResponse.parse(answer);
  queryClient.setQueryData(marketplaceModelsQuery.queryKey, models);
}

/** The list carried by this page, if the server rendered it with one. */
export function seedMarketplaceModelsFromPage(queryClient: QueryClient, page: Document): void {
  seedFromPage(page, MARKETPLACE_MODELS_DATA_ID, (answer) =>
    seedMarketplaceModels(queryClient, answer),
  );
}
