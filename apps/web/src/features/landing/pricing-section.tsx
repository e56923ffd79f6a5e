import {
  BILLING_PERIODS,
  PAYMENT_METHODS,
  PLAN_LIST,
  formatUsd,
  planFeatures,
  priceCents,
  type TBillingPeriod,
  type TPlan,
  type TPlanKey,
} from '@muse/shared';
import { clsx } from 'clsx';
import { Check, CreditCard, Minus, RefreshCw, Wallet } from 'lucide-react';
import { useState } from 'react';
import { LinkButton } from '../../components/layout/link-button';
import { useHydrated } from '../../components/layout/use-hydrated';
import { yearlySavingPercent } from './figures';
import { Section, SectionHeading } from './section';

const TAGLINES: Record<TPlanKey, string> = {
  builder: 'For getting started with photo tools.',
  launch: 'For creators posting photos and video every week.',
  growth: 'For agencies and creators running several personas.',
};

const PERIOD_LABELS: Record<TBillingPeriod, string> = { monthly: 'Monthly', yearly: 'Yearly' };

const bestYearlySaving = Math.max(...PLAN_LIST.map(yearlySavingPercent));

export function PricingSection() {
  const [period, setPeriod] = useState<TBillingPeriod>('monthly');
  // The toggle is live once the prerendered landing has hydrated.
  const hydrated = useHydrated();

  return (
    <Section id="pricing">
      <SectionHeading id="pricing" eyebrow="Pricing" title="Plans that grow with you">
        Credits and influencer slots arrive every month: each influencer training on a plan is one
        slot, an influencer trained from your photos or claimed from the marketplace. Benefits
        accumulate on every renewal and upgrade and never reset.
      </SectionHeading>

      <div className="mt-10 flex justify-center">
        <div
          role="group"
          aria-label="Billing period"
          className="inline-flex rounded-full border border-white/10 bg-ink-900 p-1"
        >
          {BILLING_PERIODS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={period === option}
              disabled={!hydrated}
              onClick={() => setPeriod(option)}
              className="flex h-10 items-center gap-2 rounded-full px-5 text-sm font-semibold text-zinc-400 transition-colors hover:text-white aria-pressed:bg-white aria-pressed:text-ink-950"
            >
              {PERIOD_LABELS[option]}
              {option === 'yearly' ? (
                <span
                  className={clsx(
                    'rounded-full px-2 py-0.5 text-xs font-semibold',
                    period === 'yearly'
                      ? 'bg-pink-100 text-pink-700'
                      : 'bg-brand-500/15 text-brand-300',
                  )}
                >
                  Save up to {bestYearlySaving}%
                </span>
              ) : null}
            </button>
          ))}
        </div>
      </div>

      <ul className="mx-auto mt-12 grid max-w-md gap-6 lg:max-w-none lg:grid-cols-3 lg:items-stretch">
        {PLAN_LIST.map((plan) => (
          <li key={plan.key} className="flex">
            <PlanCard plan={plan} period={period} />
          </li>
        ))}
      </ul>

      <div className="mt-12 flex flex-col items-center justify-center gap-x-8 gap-y-3 text-center text-sm text-zinc-400 sm:flex-row">
        <p className="flex items-center gap-2">
          <span className="flex items-center gap-1 text-zinc-300" aria-hidden="true">
            <CreditCard className="size-4" />
            <Wallet className="size-4" />
          </span>
          {PAYMENT_METHODS.join(' and ')} accepted
        </p>
        <p className="flex items-center gap-2">
          <RefreshCw aria-hidden="true" className="size-4 text-zinc-300" />
          Credits and influencer slots add up on every renewal and upgrade
        </p>
      </div>
    </Section>
  );
}

function PlanCard({ plan, period }: { plan: TPlan; period: TBillingPeriod }) {
  const titleId = `plan-${plan.key}`;
  return (
    <article
      aria-labelledby={titleId}
      className={clsx(
        'relative flex w-full flex-col rounded-3xl border p-7',
        plan.mostPopular
          ? 'border-brand-400/40 bg-gradient-to-b from-brand-500/[0.12] via-ink-900 to-ink-900 shadow-2xl shadow-brand-500/10 lg:-my-3 lg:py-10'
          : 'border-white/[0.07] bg-ink-900/70',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={titleId} className="text-lg font-semibold text-white">
          {plan.name}
        </h3>
        {plan.mostPopular ? (
          <span className="rounded-full border border-brand-400/30 bg-brand-500/15 px-3 py-1 text-xs font-semibold text-brand-300">
            Most Popular
          </span>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-zinc-400 lg:min-h-10">{TAGLINES[plan.key]}</p>

      <p className="mt-7 flex items-baseline gap-1.5">
        <span data-testid="plan-price" className="text-5xl font-bold tracking-tight text-white">
          {formatUsd(priceCents(plan, period))}
        </span>
        <span className="text-sm text-zinc-400">/month</span>
      </p>
      <p data-testid="plan-billing" className="mt-2 h-5 text-sm text-zinc-400">
        {period === 'yearly' ? (
          <>
            Billed yearly{' '}
            <span className="font-medium text-zinc-200">{formatUsd(plan.yearlyTotalCents)}</span>
          </>
        ) : (
          'Billed monthly'
        )}
      </p>

      <LinkButton
        to="/register"
        variant={plan.mostPopular ? 'primary' : 'secondary'}
        className="mt-7 w-full"
      >
        Get Credits
      </LinkButton>

      <ul className="mt-8 space-y-3 border-t border-white/[0.06] pt-7 text-sm">
        {planFeatures(plan).map((feature) => {
          const excluded = /\bno\b/.test(feature);
          const Icon = excluded ? Minus : Check;
          return (
            <li key={feature} className="flex gap-3">
              <Icon
                aria-hidden="true"
                className={clsx(
                  'mt-0.5 size-4 shrink-0',
                  excluded ? 'text-zinc-500' : 'text-brand-400',
                )}
              />
              <span className={excluded ? 'text-zinc-400' : 'text-zinc-200'}>{feature}</span>
            </li>
          );
        })}
      </ul>
    </article>
  );
}
