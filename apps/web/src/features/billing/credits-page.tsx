import { BILLING_TEXTS, PLAN_LIST, type TBillingPeriod, type TPlan } from '@muse/shared';
import { useState } from 'react';
import { PageHeading } from '../../components/layout/page-heading';
import { toast } from '../../components/ui/toaster';
import { getStoredToken } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useSubscription } from '../../lib/subscription';
import { checkoutErrorMessage, redirectTo, useCreateCheckoutSession } from '../../lib/checkout';
import { BalanceOverview } from './components/balance-overview';
import { BillingPeriodToggle } from './components/billing-period-toggle';
import { CreditHistory } from './components/credit-history';
import { PlanCard, type TPlanCardAction } from './components/plan-card';
import { PlanNotes } from './components/plan-notes';
import { usePaymentFlag } from '../../lib/use-payment-flag';
import { useCan } from '../../lib/workspaces';
import { RoleNote } from '../../components/workspace/role-note';

const PLAN_ORDER = PLAN_LIST.map((plan) => plan.key);

/**
 * Get Credits (docs/product/plans-and-credits.md): the Monthly/Yearly toggle, three plan cards, the
 * note on benefit accumulation and the payment=success|cancelled flags; with the balance and its
 * history.
 */
export function CreditsPage() {
  const { user } = useAuth();
  const [billing, setBilling] = useState<TBillingPeriod>('monthly');
  const subscription = useSubscription();
  const checkout = useCreateCheckoutSession();
  // The plan whose checkout is starting; it stays set while the browser leaves for the checkout.
  const [startingPlan, setStartingPlan] = useState<TPlan['key'] | null>(null);
  usePaymentFlag();
  // Plans are bought for the workspace by its owners (the 'billing' right).
  const canBuy = useCan('billing');

  const livePlan = subscription.data?.plan ?? null;
  const liveBilling = livePlan ? subscription.data?.subscription?.billing : undefined;

  function startCheckout(plan: TPlan) {
    // A purchase needs a signed-in user or a stored token.
    if (!user && !getStoredToken()) {
      toast.error(BILLING_TEXTS.pleaseLogIn);
      return;
    }
    setStartingPlan(plan.key);
    // The credits page passes the plan, the period and no promo code.
    checkout.mutate(
      { plan: plan.key, billing, promoCode: null },
      {
        onSuccess: (url) => {
          if (!url) {
            setStartingPlan(null);
            toast.error(BILLING_TEXTS.noCheckoutUrl);
            return;
          }
          redirectTo(url);
        },
        onError: (error) => {
          setStartingPlan(null);
          toast.error(checkoutErrorMessage(error));
        },
      },
    );
  }

  function actionFor(plan: TPlan): TPlanCardAction | null {
    if (!canBuy) return null;
    const current = plan.key === livePlan && billing === liveBilling;
    let label = `Choose ${plan.name}`;
    if (current) label = 'Current plan';
    else if (plan.key === livePlan) label = `Switch to ${billing}`;
    else if (livePlan) {
      const higher = PLAN_ORDER.indexOf(plan.key) > PLAN_ORDER.indexOf(livePlan);
      label = `${higher ? 'Upgrade' : 'Switch'} to ${plan.name}`;
    }
    return {
      label,
      // A starting checkout disables every plan button.
      disabled: current || startingPlan !== null || subscription.isPending,
      busy: startingPlan === plan.key,
      onSelect: () => startCheckout(plan),
    };
  }

  return (
    <>
      <PageHeading title="Get Credits">
        Choose a plan for monthly credits and influencer slots. Switch or cancel anytime.
      </PageHeading>

      <BalanceOverview summary={subscription.data} />

      <section aria-labelledby="plans-heading" className="space-y-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="plans-heading" className="text-xl font-semibold text-white">
              Plans
            </h2>
            <p className="text-sm text-zinc-400">
              Credits and influencer slots arrive every month, on top of what you already have. Each
              influencer slot (also called an influencer training) is one influencer, trained from
              your photos or claimed from the marketplace.
            </p>
          </div>
          <BillingPeriodToggle value={billing} onChange={setBilling} />
        </div>
        {canBuy ? null : <RoleNote />}
        <div className="grid gap-5 md:grid-cols-3 md:gap-4 xl:gap-6">
          {PLAN_LIST.map((plan) => (
            <PlanCard
              key={plan.key}
              plan={plan}
              billing={billing}
              isCurrentPlan={plan.key === livePlan}
              action={actionFor(plan)}
            />
          ))}
        </div>
        <PlanNotes />
      </section>

      <CreditHistory />
    </>
  );
}
