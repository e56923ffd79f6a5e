import {
  ZCreateWebhookEndpointResponse,
  type TCreateWebhookEndpointRequest,
  type TCreateWebhookEndpointResponse,
} from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateWebhookEndpoints } from './keys';

/** POST /api/v1/webhook-endpoints: a new endpoint; the answer holds its signing secret, once. */
export async function createWebhookEndpoint(
  request: TCreateWebhookEndpointRequest,
): Promise<TCreateWebhookEndpointResponse> {
  return api('/v1/webhook-endpoints', {
    method: 'POST',
    body: request,
    schema: ZCreateWebhookEndpointResponse,
  });
}

/** As with keys, the secret stays out of the query cache; the page resets it once put away. */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    onSettled: () => invalidateWebhookEndpoints(queryClient),
  });
}
