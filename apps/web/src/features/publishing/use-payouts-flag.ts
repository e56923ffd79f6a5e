import type { TEarnings } from '@muse/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../components/ui/toaster';
import { useAuth } from '../../lib/auth';
import { earningsKey } from './api/get-earnings';
import { WEB_PUBLISHING_TEXTS } from './publishing-texts';

/**
 * The way back from Stripe Connect's onboarding carries payouts=return (the creator finished or
 * left it) or payouts=refresh (its link expired). The page reads the account again, says where
 * it stands, and drops the flag so a reload does not say it twice.
 */
export function usePayoutsFlag(): void {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const flag = params.get('payouts');
  const userId = user?.id ?? '';

  useEffect(() => {
    if (flag !== 'return' && flag !== 'refresh') return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('payouts');
        return next;
      },
      { replace: true },
    );
    if (flag === 'refresh') {
      // A fixed id: a repeated effect (React's strict mode) updates the toast, never doubles it.
      toast.info(WEB_PUBLISHING_TEXTS.payoutsRefresh, { id: 'payouts-refresh' });
      return;
    }
    const key = earningsKey(userId);
    void queryClient.invalidateQueries({ queryKey: key }).then(() => {
      const earnings = queryClient.getQueryData<TEarnings>(key);
      if (earnings?.payoutAccount.ready)
        toast.success(WEB_PUBLISHING_TEXTS.payoutsReady, { id: 'payouts-return' });
      else toast.info(WEB_PUBLISHING_TEXTS.payoutsReturned, { id: 'payouts-return' });
    });
  }, [flag, setParams, queryClient, userId]);
}
