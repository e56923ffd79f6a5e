import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidatePublishing } from './keys';

/** POST /api/earnings/payouts: the whole available balance, to Stripe or recorded in TEST MODE. */
export async function requestPayout(): Promise<void> {
  await api('/earnings/payouts', { method: 'POST', body: {} });
}

export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    // Sent or failed, the balance and the history are read again.
    onSettled: () => invalidatePublishing(queryClient),
  });
}
