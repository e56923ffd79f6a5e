import { ZTestCheckoutResponse, type TTestCheckoutSession } from '@muse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { BILLING_QUERY_KEY } from '../../../lib/subscription';

/** GET /api/payments/test-checkout/:id (test mode, the session's owner only). */
export async function getTestCheckout(
  id: string,
  signal?: AbortSignal,
): Promise<TTestCheckoutSession> {
  const answer = await api(`/payments/test-checkout/${encodeURIComponent(id)}`, {
    schema: ZTestCheckoutResponse,
    signal,
  });
  return answer.session;
}

export function testCheckoutQuery(id: string) {
  return queryOptions({
    queryKey: [...BILLING_QUERY_KEY, 'test-checkout', id],
    queryFn: ({ signal }) => getTestCheckout(id, signal),
    // A session's state changes on another tab's Pay or Cancel: always read it fresh.
    staleTime: 0,
  });
}

export function useTestCheckout(id: string) {
  return useQuery(testCheckoutQuery(id));
}
