import { ZPayoutAccountLinkResponse } from '@muse/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/earnings/payout-account: the address of Stripe Connect's onboarding. */
export async function createPayoutAccountLink(): Promise<string> {
  const answer = await api('/earnings/payout-account', {
    method: 'POST',
    body: {},
    schema: ZPayoutAccountLinkResponse,
  });
  return answer.url;
}

export function useSetUpPayouts() {
  return useMutation({ mutationFn: createPayoutAccountLink });
}
