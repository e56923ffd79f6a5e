import { BILLING_TEXTS } from '@muse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../components/ui/toaster';
import { invalidateBilling } from './subscription';

/**
 * The return from a checkout carries payment=success or payment=cancelled.
 * The page says so in a toast, refreshes the balance after a payment, and drops the flag from
 * the address so a reload does not say it again.
 */
export function usePaymentFlag(): void {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const flag = params.get('payment');

  useEffect(() => {
    if (flag !== 'success' && flag !== 'cancelled') return;
    // A fixed id: a repeated effect (React's strict mode) updates the toast, never doubles it.
    if (flag === 'success') {
      toast.success(BILLING_TEXTS.paymentSuccess, { id: 'payment-success' });
      void invalidateBilling(queryClient);
    } else {
      toast.info(BILLING_TEXTS.paymentCancelled, { id: 'payment-cancelled' });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('payment');
        return next;
      },
      { replace: true },
    );
  }, [flag, setParams, queryClient]);
}
