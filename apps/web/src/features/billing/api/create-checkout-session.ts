import { ZCheckoutResponse, type TCreateCheckoutRequest } from '@muse/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

// The answer is read leniently: a missing url is the spec's own error ('No checkout URL received').
const ZCheckoutAnswer = ZCheckoutResponse.partial({ url: true });

/**
 * POST /api/payments/create-checkout-session: the URL of the checkout to send the browser to
 * (Stripe's page, Muse's TEST MODE page, or straight back when a live plan changed in place).
 * Resolves to null when the answer carries no URL.
 */
export async function createCheckoutSession(
  request: TCreateCheckoutRequest,
): Promise<string | null> {
  const answer = await api('/payments/create-checkout-session', {
    method: 'POST',
    body: request,
    schema: ZCheckoutAnswer,
  });
  return answer.url || null;
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
