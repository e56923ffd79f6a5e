import { ONBOARDING_OFFER_SECONDS } from '@muse/shared';
import { useEffect, useState } from 'react';

/**
 * The step 7 offer counts down each second to 0. The end comes from the server
 * (`offerEndsAt`, set the first time step 7 is saved) and is read against the server's clock
 * (`clockOffsetMs`), so a reload or another device continues the same countdown. Until the
 * server has set the end, the full offer is shown.
 */
export function useOfferCountdown(offerEndsAt: string | null, clockOffsetMs: number): number {
  const endsAtMs = offerEndsAt === null ? null : Date.parse(offerEndsAt);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAtMs === null) return;
    let timer: number | undefined;
    const schedule = (delay: number) => {
      timer = window.setTimeout(() => {
        const current = Date.now();
        setNow(current);
        const remainingMs = endsAtMs - (current + clockOffsetMs);
        // Wake just after the next whole second of the remaining time, so none is skipped.
        if (remainingMs > 0) schedule((remainingMs % 1000) + 20);
      }, delay);
    };
    schedule(0);
    return () => window.clearTimeout(timer);
  }, [endsAtMs, clockOffsetMs]);

  if (endsAtMs === null) return ONBOARDING_OFFER_SECONDS;
  const seconds = Math.ceil((endsAtMs - (now + clockOffsetMs)) / 1000);
  return Math.min(ONBOARDING_OFFER_SECONDS, Math.max(0, seconds));
}
