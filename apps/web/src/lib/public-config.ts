import { ZPublicConfig } from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

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
