import { type TPlan } from '@muse/shared';
import { Check, Loader2, Lock } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { monthlyPrice, onboardingPlanLines } from '../onboarding-plans';

/**
 * The purchase modal (docs/product/onboarding.md): the chosen plan and the price charged per month;
 * 'Continue to Checkout' shows 'Processing...' and is disabled while the checkout starts; the modal
 * can be closed (not while the browser is leaving for the checkout).
 */
export function PurchaseDialog({
  plan,
  influencerName,
  busy,
  onClose,
  onCheckout,
}: {
  plan: TPlan | null;
  influencerName: string;
  busy: boolean;
  onClose: () => void;
  onCheckout: (plan: TPlan) => void;
}) {
  return (
    <Dialog
      open={plan !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
    >
      {plan ? (
        <DialogContent
          title={plan.onboardingName}
          description={`Launch ${influencerName} with ${plan.creditsPerMonth} credits every month.`}
        >
          <div className="mt-5 rounded-2xl border border-ink-700 bg-ink-800/50 p-4">
            <div className="flex items-baseline justify-between gap-3">
              <span className="text-sm text-zinc-400">Billed monthly</span>
              <p className="flex items-baseline gap-1.5">
                <span className="text-3xl font-bold tracking-tight text-white">
                  {monthlyPrice(plan)}
                </span>
                <span className="text-sm text-zinc-400">per month</span>
              </p>
            </div>
            <ul className="mt-4 space-y-2 border-t border-ink-700 pt-4 text-sm text-zinc-300">
              {onboardingPlanLines(plan).map((line) => (
                <li key={line} className="flex gap-2.5">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-400" />
                  {line}
                </li>
              ))}
            </ul>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="ghost" disabled={busy}>
                Not now
              </Button>
            </DialogClose>
            <Button disabled={busy} onClick={() => onCheckout(plan)} className="sm:min-w-52">
              {busy ? (
                <>
                  <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                  Processing...
                </>
              ) : (
                <>
                  <Lock aria-hidden="true" className="size-4" />
                  Continue to Checkout
                </>
              )}
            </Button>
          </div>
          <p className="mt-4 text-center text-xs text-zinc-400 sm:text-right">
            Cancel anytime. Your credits and model tokens never reset.
          </p>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
