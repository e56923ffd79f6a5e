import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { DEVELOPERS_QUERY_KEY, invalidateWebhookEndpoints } from './keys';

/** DELETE /api/v1/webhook-endpoints/{id}: Muse stops calling the endpoint. */
export async function deleteWebhookEndpoint(id: string): Promise<void> {
  await api(`/v1/webhook-endpoints/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: (_answer, id) =>
      // Its deliveries went with it.
      queryClient.removeQueries({
        predicate: (query) =>
          query.queryKey[0] === DEVELOPERS_QUERY_KEY[0] &&
          query.queryKey[1] === 'webhook-deliveries' &&
          query.queryKey[3] === id,
      }),
    onSettled: () => invalidateWebhookEndpoints(queryClient),
  });
}
