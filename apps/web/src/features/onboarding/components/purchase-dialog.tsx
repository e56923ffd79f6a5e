import { ONBOARDING_TEXTS, formatUsd, type TOnboardingOffer, type TPlan } from '@muse/shared';
import { Check, Loader2, Lock } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import {
  monthlyPrice,
  onboardingPlanLines,
  onboardingPlanTitle,
  planOffer,
} from '../onboarding-plans';

/**
 * The purchase modal (docs/product/onboarding.md): the chosen plan ('Pro Plan · Launch') and the
 * price that will be charged (under the first-month offer: the first month's, then the monthly);
 * 'Continue to Checkout' shows 'Processing...' and is disabled while the checkout starts; the modal
 * can be closed (not while the browser is leaving for the checkout).
 */
export function PurchaseDialog({
  plan,
  offer,
  influencerName,
  busy,
  onClose,
  onCheckout,
}: {
  plan: TPlan | null;
  /** The first-month offer while it runs. */
  offer: TOnboardingOffer | null;
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
          title={onboardingPlanTitle(plan)}
          description={`Launch ${influencerName} with ${plan.creditsPerMonth} credits every month.`}
        >
          <div className="mt-5 rounded-2xl border border-ink-700 bg-ink-800/50 p-4">
            <OfferPrice plan={plan} offer={offer} />
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
            Cancel anytime. Your credits and influencer slots never reset.
          </p>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** What paying charges: the plan's monthly price, or the first month under the offer. */
function OfferPrice({ plan, offer }: { plan: TPlan; offer: TOnboardingOffer | null }) {
  const offered = planOffer(plan, offer);
  if (!offered) {
    return (
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-sm text-zinc-400">Billed monthly</span>
        <p className="flex items-baseline gap-1.5">
          <span className="text-3xl font-bold tracking-tight text-white">{monthlyPrice(plan)}</span>
          <span className="text-sm text-zinc-400">per month</span>
        </p>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
      <span className="text-sm text-zinc-400">Due today</span>
      <div className="text-right">
        <p className="flex items-baseline justify-end gap-1.5">
          <s className="text-sm text-zinc-400">
            <span className="sr-only">instead of </span>
            {formatUsd(offered.fullCents)}
          </s>
          <span className="text-3xl font-bold tracking-tight text-white">
            {formatUsd(offered.priceCents)}
          </span>
        </p>
        <p className="text-sm text-zinc-400">
          {ONBOARDING_TEXTS.offerFirstMonth(formatUsd(offered.fullCents))}
        </p>
      </div>
    </div>
  );
}
