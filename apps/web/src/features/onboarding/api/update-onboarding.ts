import { ZOnboardingResponse, type TUpdateOnboardingRequest } from '@muse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { onboardingQuery, toSnapshot, type TOnboardingSnapshot } from '../../../lib/onboarding';

/** PUT /api/onboarding: saves the step the creator is on and the answers so far. */
export async function updateOnboarding(
  request: TUpdateOnboardingRequest,
): Promise<TOnboardingSnapshot> {
  return toSnapshot(
    await api('/onboarding', { method: 'PUT', body: request, schema: ZOnboardingResponse }),
  );
}

export function useUpdateOnboarding() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: updateOnboarding,
    onSuccess: (snapshot) => {
      if (user) queryClient.setQueryData(onboardingQuery(user.id).queryKey, snapshot);
    },
  });
}
