import { ZSubscriptionResponse, type TSubscriptionSummary } from '@muse/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api';
import { useAuth } from './auth';
import { invalidateWorkspaces } from './workspaces';

/** Every billing query key starts with this, so one invalidation refreshes them all. */
export const BILLING_QUERY_KEY = ['billing'] as const;

/** GET /api/users/subscription: the open workspace's plan, balances and latest subscription. */
export async function getSubscription(signal?: AbortSignal): Promise<TSubscriptionSummary> {
  return (await api('/users/subscription', { schema: ZSubscriptionResponse, signal })).data;
}

/** Keyed by the account, so a second account signed in on the same tab never sees the first's plan. */
export function subscriptionQuery(userId: string) {
  return queryOptions({
    queryKey: [...BILLING_QUERY_KEY, 'subscription', userId],
    queryFn: ({ signal }) => getSubscription(signal),
  });
}

/** The signed-in account's subscription summary; the app shell and the billing pages share it. */
export function useSubscription() {
  const { user } = useAuth();
  return useQuery({ ...subscriptionQuery(user?.id ?? ''), enabled: user !== null });
}

/**
 * After a purchase or a cancellation: the plan, balances and history are refetched, and the list
 * of workspaces, which names each one's plan.
 */
export async function invalidateBilling(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY }),
    invalidateWorkspaces(queryClient),
  ]);
}
