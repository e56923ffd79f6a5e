import {
  formatCount,
  formatUsd,
  planFeatures,
  priceCents,
  type TBillingPeriod,
  type TPlan,
} from '@muse/shared';
import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { CheckList } from '../../../components/ui/check-list';
import { cn } from '../../../lib/cn';
import { PlanIcon } from './plan-icon';

export type TPlanCardAction = {
  label: string;
  disabled: boolean;
  busy: boolean;
  onSelect: () => void;
};

/**
 * One plan (docs/product/plans-and-credits.md): its name, the price per month for the chosen period
 * (yearly: the per-month price and the yearly total), its monthly credits and trainings, its
 * features and the button that starts its checkout (none without `action`: a role that may not
 * buy plans for the workspace).
 */
export function PlanCard({
  plan,
  billing,
  isCurrentPlan,
  action,
}: {
  plan: TPlan;
  billing: TBillingPeriod;
  /** The account is on this plan (of either period). */
  isCurrentPlan: boolean;
  action: TPlanCardAction | null;
}) {
  const headingId = useId();
  // The per-month allowances have their own figures above the list.
  const features = planFeatures(plan).filter((line) => !line.endsWith('per month'));
  const yearly = billing === 'yearly';

  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'relative flex flex-col rounded-2xl p-px',
        plan.mostPopular
          ? 'bg-gradient-to-b from-brand-400/70 via-accent-500/40 to-ink-700 shadow-2xl shadow-brand-500/15'
          : 'bg-ink-800',
      )}
    >
      <div
        className={cn(
          'flex flex-1 flex-col rounded-[15px] p-6',
          plan.mostPopular
            ? 'bg-[radial-gradient(120%_60%_at_50%_0%,rgba(236,72,153,0.12),transparent_70%)] bg-ink-900'
            : 'bg-ink-900',
        )}
      >
        <div className="flex items-start justify-between gap-3">
          <div className="flex items-center gap-3">
            <PlanIcon plan={plan.key} />
            <h3 id={headingId} className="text-lg font-semibold text-white">
              {plan.name}
            </h3>
          </div>
          <div className="flex flex-wrap justify-end gap-1.5">
            {isCurrentPlan ? (
              <span className="rounded-full border border-emerald-400/30 bg-emerald-400/10 px-2.5 py-0.5 text-xs font-semibold text-emerald-300">
                Your plan
              </span>
            ) : null}
            {plan.mostPopular ? (
              <span className="rounded-full bg-gradient-to-r from-brand-500 to-accent-500 px-2.5 py-0.5 text-xs font-semibold text-white">
                Most Popular
              </span>
            ) : null}
          </div>
        </div>

        <div className="mt-6">
          <p className="flex items-baseline gap-2">
            <span className="text-4xl font-bold tracking-tight text-white">
              {formatUsd(priceCents(plan, billing))}
            </span>
            {yearly ? (
              <span className="text-base text-zinc-400 line-through">
                <span className="sr-only">instead of </span>
                {formatUsd(plan.monthlyPriceCents)}
              </span>
            ) : null}
            <span className="text-sm text-zinc-400">/month</span>
          </p>
          <p className="mt-1 text-sm text-zinc-400">
            {yearly ? `Billed yearly ${formatUsd(plan.yearlyTotalCents)}` : 'Billed monthly'}
          </p>
        </div>

        <dl className="mt-6 grid grid-cols-2 gap-3">
          <div className="rounded-xl border border-ink-700/80 bg-ink-800/50 px-3 py-2.5">
            <dt className="text-xs text-zinc-400">Credits / month</dt>
            <dd className="mt-0.5 text-lg font-semibold text-white">
              {formatCount(plan.creditsPerMonth)}
            </dd>
          </div>
          <div className="rounded-xl border border-ink-700/80 bg-ink-800/50 px-3 py-2.5">
            <dt
              className="text-xs text-zinc-400"
              title="One influencer each (an influencer training), trained from your photos or claimed from the marketplace"
            >
              Influencer slots / month
            </dt>
            <dd className="mt-0.5 text-lg font-semibold text-white">
              {formatCount(plan.trainingsPerMonth)}
            </dd>
          </div>
        </dl>

        <CheckList items={features} highlighted={plan.mostPopular} className="mt-6" />

        {action ? (
          <Button
            variant={plan.mostPopular ? 'primary' : 'secondary'}
            className="mt-8 w-full"
            disabled={action.disabled}
            aria-describedby={headingId}
            onClick={action.onSelect}
          >
            {action.busy ? (
              <>
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                Processing...
              </>
            ) : (
              action.label
            )}
          </Button>
        ) : null}
      </div>
    </article>
  );
}
