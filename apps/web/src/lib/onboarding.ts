import { ZOnboardingResponse, type TOnboardingResponse, type TOnboardingState } from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';
import { useAuth } from './auth';

/**
 * The onboarding as the server last answered it, with how far this device's clock is behind
 * the server's (serverTime minus Date.now() when the answer arrived): the step 7 countdown
 * reads the server's time, not the device's.
 */
export type TOnboardingSnapshot = {
  onboarding: TOnboardingState;
  clockOffsetMs: number;
};

export function toSnapshot(response: TOnboardingResponse): TOnboardingSnapshot {
  return {
    onboarding: response.onboarding,
    clockOffsetMs: Date.parse(response.serverTime) - Date.now(),
  };
}

/** GET /api/onboarding: the step the account is on and its answers so far. */
export async function getOnboarding(signal?: AbortSignal): Promise<TOnboardingSnapshot> {
  return toSnapshot(await api('/onboarding', { schema: ZOnboardingResponse, signal }));
}

/** Keyed by the account, so a second account on the same tab never resumes the first's answers. */
export function onboardingQuery(userId: string) {
  return queryOptions({
    queryKey: ['onboarding', userId],
    queryFn: ({ signal }) => getOnboarding(signal),
    // Another device may have moved on: a visit always reads the server's state.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** `refetchOnMount: false` follows the cached answer without asking the server again. */
export function useOnboarding({ refetchOnMount = true }: { refetchOnMount?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({ ...onboardingQuery(user?.id ?? ''), enabled: user !== null, refetchOnMount });
}
