import { ZCheckoutResponse } from '@muse/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/payments/test-checkout/:id/cancel: abandons the checkout; answers the cancel URL. */
export async function cancelTestCheckout(id: string): Promise<string> {
  const answer = await api(`/payments/test-checkout/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
    schema: ZCheckoutResponse,
  });
  return answer.url;
}

export function useCancelTestCheckout() {
  return useMutation({ mutationFn: cancelTestCheckout });
}
