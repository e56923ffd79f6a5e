import { ZSubscriptionResponse, type TSubscriptionSummary } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { invalidateBilling, subscriptionQuery } from '../../../lib/subscription';

/** POST /api/payments/cancel-subscription: ends the plan at the end of its paid period. */
export async function cancelSubscription(): Promise<TSubscriptionSummary> {
  const answer = await api('/payments/cancel-subscription', {
    method: 'POST',
    schema: ZSubscriptionResponse,
  });
  return answer.data;
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async (summary) => {
      // The answer is the new state: shown at once, and every billing view refetches.
      if (user) queryClient.setQueryData(subscriptionQuery(user.id).queryKey, summary);
      await invalidateBilling(queryClient);
    },
  });
}
