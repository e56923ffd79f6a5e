import { ZOnboardingResponse } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { onboardingQuery, toSnapshot, type TOnboardingSnapshot } from '../../../lib/onboarding';

/**
 * POST /api/onboarding/complete: finishes the onboarding. The server creates the influencer
 * from the persona when the plan has a free slot, else keeps it as a draft.
 */
export async function completeOnboarding(): Promise<TOnboardingSnapshot> {
  return toSnapshot(
    await api('/onboarding/complete', { method: 'POST', schema: ZOnboardingResponse }),
  );
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: async (snapshot) => {
      if (!user) return;
      queryClient.setQueryData(onboardingQuery(user.id).queryKey, snapshot);
      // The influencer (or its draft) and the dashboard's figures changed; the session did not.
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== 'onboarding' && query.queryKey[0] !== 'auth',
      });
    },
  });
}
