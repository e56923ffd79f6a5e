import { useEffect, useRef, useState } from 'react';
import { toast } from '../components/ui/toaster';
import { FAN_TEXTS } from './fan-texts';

export { PURCHASE_RETURN_PARAM } from './public-pages';

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

/** What the page does with the return's flag: take it out of the address, read again after paying. */
export type TPurchaseReturnActions = {
  clearFlag: () => void;
  /** Back from paying: what the page shows (and the fan's purchases) is read again. */
  onPaid: () => void;
};

/**
 * The return from a post's checkout, `flag` being the address's `?purchase=` (see
 * use-purchase-return.ts, which reads it through the app's router). After a payment the page
 * reads again, and 'Post unlocked' shows once `unlocked` is true; Stripe's webhook may land a
 * moment after the fan does, so until then `refetch` runs again, for a minute at most. `unlocked`
 * null means the page cannot tell which post was bought (the page's grid): the toast shows at
 * once. The flag leaves the address, so a reload does not say it again. Without the app's router
 * and query client: an influencer's public page loads it, on its first visit, only when the
 * address carries the flag (docs/decisions/0058-public-page-for-fans.md).
 */
export function usePurchaseReturnOf(
  flag: string | null,
  { clearFlag, onPaid }: TPurchaseReturnActions,
  unlocked: boolean | null,
  refetch?: () => Promise<unknown>,
): TPurchaseReturn {
  // What the address said, kept after the flag leaves it.
  const [returned, setReturned] = useState<TReturn | null>(null);
  const [slow, setSlow] = useState(false);
  const announced = useRef(false);

  if ((flag === 'success' || flag === 'cancelled') && flag !== returned) setReturned(flag);

  useEffect(() => {
    if (flag !== 'success' && flag !== 'cancelled') return;
    if (flag === 'success') onPaid();
    clearFlag();
  }, [flag, clearFlag, onPaid]);

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
