import { ZCheckoutResponse } from '@muse/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/payments/test-checkout/:id/pay: fulfils the purchase; answers the success URL. */
export async function payTestCheckout(id: string): Promise<string> {
  const answer = await api(`/payments/test-checkout/${encodeURIComponent(id)}/pay`, {
    method: 'POST',
    schema: ZCheckoutResponse,
  });
  return answer.url;
}

export function usePayTestCheckout() {
  return useMutation({ mutationFn: payTestCheckout });
}
