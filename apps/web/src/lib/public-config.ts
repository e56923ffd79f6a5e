import { ZPublicConfig } from '@muse/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api';
import { seedFromPage } from './page-data';

/** GET /api/config: whether Google sign-in is set up, and the support address. */
export const publicConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: ({ signal }) => api('/config', { schema: ZPublicConfig, signal }),
  // The server's settings only change when it restarts.
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}

/**
 * The element in which a page rendered by the server carries the server's public settings, as
 * GET /api/config answers them (docs/decisions/0034-prerendered-public-pages.md): the sign-in
 * pages arrive with or without 'Continue with Google' as the server has it, and the support
 * address is in the page.
 */
export const PUBLIC_CONFIG_DATA_ID = 'public-config';

/** Puts the settings a page arrived with in the query's place, read as the API call reads them. */
export function seedPublicConfig(queryClient: QueryClient, answer: unknown): void {
  queryClient.setQueryData(publicConfigQuery.queryKey, ZPublicConfig.parse(answer));
}

/** The settings carried by this page, if the server rendered it with them. */
export function seedPublicConfigFromPage(queryClient: QueryClient, page: Document): void {
  seedFromPage(page, PUBLIC_CONFIG_DATA_ID, (answer) => seedPublicConfig(queryClient, answer));
}
