import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../components/ui/toaster';
import { PURCHASES_QUERY_KEY } from './purchases';
import { PUBLIC_PAGES_QUERY_KEY } from './public-pages';
import { FAN_TEXTS } from './fan-texts';

/** How often, and for how long, the post page asks again while a payment is being confirmed. */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_PATIENCE_MS = 60_000;

type TReturn = 'success' | 'cancelled';

export type TPurchaseReturn = {
  /** Back from paying, the post not unlocked yet: `refetch` runs every 2 seconds meanwhile. */
  confirming: boolean;
  /** The confirmation took longer than a minute: the page says so and stops asking. */
  slow: boolean;
  /** Back from a cancelled checkout: a quiet note, the post stays locked. */
  cancelled: boolean;
};

/**
 * The return from a post's checkout carries `?purchase=success` or `?purchase=cancelled`. After a
 * payment the pages read again, and 'Post unlocked' shows once `unlocked` is true; Stripe's
 * webhook may land a moment after the fan does, so until then `refetch` runs again, for a minute
 * at most. `unlocked` null means the page cannot tell which post was bought (the page's grid): the
 * toast shows at once. The flag leaves the address, so a reload does not say it again.
 */
export function usePurchaseReturn(
  unlocked: boolean | null,
  refetch?: () => Promise<unknown>,
): TPurchaseReturn {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const flag = params.get('purchase');
  // What the address said, kept after the flag leaves it.
  const [returned, setReturned] = useState<TReturn | null>(null);
  const [slow, setSlow] = useState(false);
  const announced = useRef(false);

  if ((flag === 'success' || flag === 'cancelled') && flag !== returned) setReturned(flag);

  useEffect(() => {
    if (flag !== 'success' && flag !== 'cancelled') return;
    if (flag === 'success') {
      void queryClient.invalidateQueries({ queryKey: PUBLIC_PAGES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PURCHASES_QUERY_KEY });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('purchase');
        return next;
      },
      { replace: true },
    );
  }, [flag, setParams, queryClient]);

  const paid = returned === 'success';
  useEffect(() => {
    if (!paid || unlocked === false || announced.current) return;
    announced.current = true;
    // A fixed id as well: a repeated effect (React's strict mode) never doubles the toast.
    toast.success(FAN_TEXTS.postUnlocked, { id: 'post-unlocked' });
  }, [paid, unlocked]);

  const confirming = paid && unlocked === false && !slow;
  useEffect(() => {
    if (!confirming) return;
    const poll = refetch ? window.setInterval(() => void refetch(), CONFIRM_POLL_MS) : undefined;
    const patience = window.setTimeout(() => setSlow(true), CONFIRM_PATIENCE_MS);
    return () => {
      window.clearInterval(poll);
      window.clearTimeout(patience);
    };
  }, [confirming, refetch]);

  return {
    confirming,
    slow: paid && slow && unlocked === false,
    cancelled: returned === 'cancelled',
  };
}
