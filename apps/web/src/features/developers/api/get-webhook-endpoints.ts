import { ZWebhookEndpointsResponse, type TWebhookEndpoint } from '@muse/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { webhookEndpointsKey } from './keys';

/** GET /api/v1/webhook-endpoints: the account's endpoints, never their secrets. */
export async function getWebhookEndpoints(signal?: AbortSignal): Promise<TWebhookEndpoint[]> {
  return (await api('/v1/webhook-endpoints', { schema: ZWebhookEndpointsResponse, signal }))
    .endpoints;
}

export function useWebhookEndpoints() {
  const { user } = useAuth();
  return useQuery({
    queryKey: webhookEndpointsKey(user?.id ?? ''),
    queryFn: ({ signal }) => getWebhookEndpoints(signal),
    enabled: user !== null,
  });
}
