import type { TPublicConfig } from '@muse/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api';
import { seedFromPage } from './page-data';

/** GET /api/config: whether Google sign-in is set up, and the support address. */
export const publicConfigQuery = queryOptions({
  queryKey: ['config'],
  queryFn: async ({ signal }) => {
    // Loaded here, not with the page: a public page's first load builds no schema
    // (docs/decisions/0036-schemas-on-first-use.md).
    const { ZPublicConfig } = await import('./lazy-schemas');
    return api('/config', { schema: ZPublicConfig, signal });
  },
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

function isPublicConfig(answer: unknown): answer is TPublicConfig {
  if (typeof answer !== 'object' || answer === null) return false;
  const { success, googleSignIn, supportEmail } = answer as Record<string, unknown>;
  return success === true && typeof googleSignIn === 'boolean' && typeof supportEmail === 'string';
}

/**
 * Puts the settings a page arrived with in the query's place. The server wrote them into the
 * page from the answer GET /api/config gives, so they are taken as they are: no schema is built
 * for a first visit (docs/decisions/0036-schemas-on-first-use.md).
 */
export function seedPublicConfig(queryClient: QueryClient, answer: unknown): void {
  if (!isPublicConfig(answer)) throw new Error('The page carries no settings');
  queryClient.setQueryData(publicConfigQuery.queryKey, answer);
}

/** The settings carried by this page, if the server rendered it with them. */
export function seedPublicConfigFromPage(queryClient: QueryClient, page: Document): void {
  seedFromPage(page, PUBLIC_CONFIG_DATA_ID, (answer) => seedPublicConfig(queryClient, answer));
}
