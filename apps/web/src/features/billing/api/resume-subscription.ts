import { ZSubscriptionResponse, type TSubscriptionSummary } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { invalidateBilling, subscriptionQuery } from '../../../lib/subscription';

/** POST /api/payments/resume-subscription: undoes a cancellation before the period ends. */
export async function resumeSubscription(): Promise<TSubscriptionSummary> {
  const answer = await api('/payments/resume-subscription', {
    method: 'POST',
    schema: ZSubscriptionResponse,
  });
  return answer.data;
}

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: async (summary) => {
      if (user) queryClient.setQueryData(subscriptionQuery(user.id).queryKey, summary);
      await invalidateBilling(queryClient);
    },
  });
}
