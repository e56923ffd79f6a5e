import type { QueryClient } from '@tanstack/react-query';

/**
 * The developer pages' reads, per account, so another account on the same tab never sees them.
 * A change refreshes only what it touched.
 */
export const DEVELOPERS_QUERY_KEY = ['developers'] as const;

export const apiKeysKey = (userId: string) =>
  [...DEVELOPERS_QUERY_KEY, 'api-keys', userId] as const;

export const webhookEndpointsKey = (userId: string) =>
  [...DEVELOPERS_QUERY_KEY, 'webhook-endpoints', userId] as const;

export const webhookDeliveriesKey = (userId: string, endpointId: string) =>
  [...DEVELOPERS_QUERY_KEY, 'webhook-deliveries', userId, endpointId] as const;

export function invalidateApiKeys(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...DEVELOPERS_QUERY_KEY, 'api-keys'] });
}

export function invalidateWebhookEndpoints(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: [...DEVELOPERS_QUERY_KEY, 'webhook-endpoints'],
  });
}
