import { BILLING_TEXTS, ZCheckoutResponse, type TCreateCheckoutRequest } from '@muse/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from './api';

// The answer is read leniently: a missing url is its own error ('No checkout URL received').
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

/**
 * A failed checkout shows the server's error text, else 'Failed to start payment
 * process'; an exception (a dropped connection, say) shows its own message.
 */
export function checkoutErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverError) return error.serverError;
    return error.code === 'UNREACHABLE' ? error.message : BILLING_TEXTS.failedToStartPayment;
  }
  if (error instanceof Error && error.message) return error.message;
  return BILLING_TEXTS.failedToStartPayment;
}

/**
 * Sends the browser to a checkout, or back from one. When the redirect fails, the
 * page opens in a new tab instead.
 */
export function redirectTo(url: string): void {
  try {
    window.location.assign(url);
  } catch {
    window.open(url, '_blank', 'noopener');
  }
}
