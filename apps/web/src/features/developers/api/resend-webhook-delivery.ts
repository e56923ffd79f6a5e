import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { webhookDeliveriesKey } from './keys';

export type TResendDeliveryInput = { endpointId: string; deliveryId: string };

/** POST /api/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/resend: sends the event again. */
export async function resendWebhookDelivery({
  endpointId,
  deliveryId,
}: TResendDeliveryInput): Promise<void> {
  await api(
    `/v1/webhook-endpoints/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
    { method: 'POST' },
  );
}

export function useResendWebhookDelivery() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSettled: (_answer, _error, { endpointId }) =>
      queryClient.invalidateQueries({
        queryKey: webhookDeliveriesKey(user?.id ?? '', endpointId),
      }),
  });
}
