import { ZDashboardResponse, type TDashboard } from '@muse/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api';
import { useAuth } from './auth';
import { BILLING_QUERY_KEY } from './subscription';

/**
 * The workspace's figures (balance, influencer and product usage) live under the billing key,
 * so a purchase refreshes them and a change to influencers or products refreshes the shell's
 * balance too.
 */
export const WORKSPACE_QUERY_KEY = [...BILLING_QUERY_KEY, 'workspace'] as const;

export async function getDashboard(signal?: AbortSignal): Promise<TDashboard> {
  return (await api('/users/dashboard', { schema: ZDashboardResponse, signal })).dashboard;
}

export function dashboardQuery(userId: string) {
  return queryOptions({
    queryKey: [...WORKSPACE_QUERY_KEY, 'dashboard', userId],
    queryFn: ({ signal }) => getDashboard(signal),
  });
}

/** GET /api/users/dashboard for the signed-in account. */
export function useDashboard() {
  const { user } = useAuth();
  return useQuery({ ...dashboardQuery(user?.id ?? ''), enabled: user !== null });
}

/** After an influencer or a product changed: lists, counts and the dashboard are refetched. */
export function invalidateWorkspace(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: WORKSPACE_QUERY_KEY });
}
