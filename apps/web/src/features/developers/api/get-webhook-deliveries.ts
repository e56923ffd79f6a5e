import { ZWebhookDeliveriesResponse, type TWebhookDelivery } from '@muse/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { webhookDeliveriesKey } from './keys';

/** GET /api/v1/webhook-endpoints/{id}/deliveries: the endpoint's newest 50 deliveries. */
export async function getWebhookDeliveries(
  endpointId: string,
  signal?: AbortSignal,
): Promise<TWebhookDelivery[]> {
  const answer = await api(`/v1/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries`, {
    schema: ZWebhookDeliveriesResponse,
    signal,
  });
  return answer.deliveries;
}

/** Read only while the endpoint's list of deliveries is open (`enabled`). */
export function useWebhookDeliveries(endpointId: string, enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: webhookDeliveriesKey(user?.id ?? '', endpointId),
    queryFn: ({ signal }) => getWebhookDeliveries(endpointId, signal),
    enabled: enabled && user !== null,
  });
}
