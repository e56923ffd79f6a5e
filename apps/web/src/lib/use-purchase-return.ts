import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PURCHASES_QUERY_KEY } from './purchases';
import { PUBLIC_PAGES_QUERY_KEY } from './public-pages';
import {
  PURCHASE_RETURN_PARAM,
  usePurchaseReturnOf,
  type TPurchaseReturn,
} from './purchase-return';

export type { TPurchaseReturn } from './purchase-return';

/**
 * The return from a post's checkout carries `?purchase=success` or `?purchase=cancelled`
 * (purchase-return.ts), read here through the app's router: after a payment the public pages and
 * the fan's purchases are read again, and the flag leaves the address.
 */
export function usePurchaseReturn(
  unlocked: boolean | null,
  refetch?: () => Promise<unknown>,
): TPurchaseReturn {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const clearFlag = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(PURCHASE_RETURN_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onPaid = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: PUBLIC_PAGES_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: PURCHASES_QUERY_KEY });
  }, [queryClient]);
  return usePurchaseReturnOf(
    params.get(PURCHASE_RETURN_PARAM),
    { clearFlag, onPaid },
    unlocked,
    refetch,
  );
}
