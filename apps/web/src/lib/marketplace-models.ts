import type { TMarketplaceModel, TMarketplaceModelsResponse } from '@muse/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api';
import { seedFromPage } from './page-data';

/**
 * GET /api/marketplace/models (public): the models with their licence counts, ids in order.
 * One query under one key for every page that shows them (the marketplace, the onboarding's
 * model step), so a claim or a refresh on one is seen by the other.
 */
export async function getMarketplaceModels(signal?: AbortSignal): Promise<TMarketplaceModel[]> {
  // Loaded here, not with the page: the marketplace's first load builds no schema
  // (docs/decisions/0036-schemas-on-first-use.md).
  const { ZMarketplaceModelsResponse } = await import('./lazy-schemas');
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

function isModelsAnswer(answer: unknown): answer is TMarketplaceModelsResponse {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    (answer as { success?: unknown }).success === true &&
    Array.isArray((answer as { models?: unknown }).models)
  );
}

/**
 * Puts a list the page arrived with in the query's place, so the page's first render shows the
 * models the server rendered instead of asking for them again. The server wrote the list into
 * the page from the answer it validated for the API, so it is taken as it is: no schema is built
 * for a first visit (docs/decisions/0036-schemas-on-first-use.md). Anything else is left out.
 */
export function seedMarketplaceModels(queryClient: QueryClient, answer: unknown): void {
  if (!isModelsAnswer(answer)) throw new Error('The page carries no list of models');
  queryClient.setQueryData(marketplaceModelsQuery.queryKey, answer.models);
}

/** The list carried by this page, if the server rendered it with one. */
export function seedMarketplaceModelsFromPage(queryClient: QueryClient, page: Document): void {
  seedFromPage(page, MARKETPLACE_MODELS_DATA_ID, (answer) =>
    seedMarketplaceModels(queryClient, answer),
  );
}
