import { Info, Loader2 } from 'lucide-react';
import type { TPurchaseReturn } from '../../lib/purchase-return';
import { FAN_TEXTS } from '../../lib/fan-texts';

/**
 * What the page says on the way back from a checkout: nothing loud after a cancel (a quiet
 * line), and while a payment is still being confirmed, that it is.
 */
export function PurchaseNotes({ purchase }: { purchase: TPurchaseReturn }) {
  let text: string | null = null;
  if (purchase.cancelled) text = FAN_TEXTS.purchaseCancelled;
  else if (purchase.slow) text = FAN_TEXTS.slowConfirmation;
  if (purchase.confirming) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-zinc-300">
        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        {FAN_TEXTS.confirming}
      </p>
    );
  }
  if (!text) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-xl border border-ink-700 bg-ink-900/70 px-3 py-2.5 text-sm text-zinc-300"
    >
      <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-400" />
      {text}
    </p>
  );
}
