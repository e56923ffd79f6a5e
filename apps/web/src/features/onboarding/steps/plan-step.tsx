import {
  ONBOARDING_TEXTS,
  PLAN_LIST,
  formatUsd,
  type TMarketplaceModel,
  type TOnboardingAnswers,
  type TOnboardingOffer,
  type TPlan,
} from '@muse/shared';
import { Crown, Gem, Timer, Zap, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { CheckList } from '../../../components/ui/check-list';
import { cn } from '../../../lib/cn';
import { InfluencerPortrait } from '../components/influencer-portrait';
import { Eyebrow, StepHeader } from '../components/step-header';
import { formatCountdown } from '../onboarding-format';
import { monthlyPrice, onboardingPlanLines, planOffer } from '../onboarding-plans';
import { personaLine } from './summary-step';

const PLAN_ICONS: Record<TPlan['key'], LucideIcon> = { builder: Zap, launch: Crown, growth: Gem };

/**
 * Step 7 'Final Step / Choose Plan': the influencer, ACTIVE and ready (a custom model: a draft,
 * and what it still needs); the offer's countdown while the server's offer runs; the three plan
 * cards (choosing one opens the purchase modal, which the page holds).
 */
export function PlanStep({
  answers,
  model,
  modelLoading,
  offer,
  secondsLeft,
  slotFree,
  onChoosePlan,
}: {
  answers: TOnboardingAnswers;
  model: TMarketplaceModel | null;
  modelLoading: boolean;
  /** The first-month offer while it runs; null once it has ended or been used. */
  offer: TOnboardingOffer | null;
  secondsLeft: number;
  /** Whether the account has a free influencer slot (null while unknown). */
  slotFree: boolean | null;
  onChoosePlan: (plan: TPlan) => void;
}) {
  const name = answers.aiName.trim();
  const custom = answers.creationMethod === 'custom';
  return (
    <>
      <StepHeader eyebrow={<Eyebrow>Final Step</Eyebrow>} title="Choose Plan">
        Pick a plan to put {name} to work. Credits and influencer slots arrive every month: each
        model token below is one influencer slot.
      </StepHeader>

      <div className={cn('mt-8 grid gap-4', offer && 'md:grid-cols-[1fr_auto] md:items-stretch')}>
        <section
          aria-label="Your influencer"
          className="flex items-center gap-4 rounded-3xl border border-ink-800 bg-ink-900/70 p-4"
        >
          <InfluencerPortrait
            model={model}
            name={name}
            loading={modelLoading}
            className="w-20 shrink-0 rounded-xl sm:w-24"
          />
          <div className="min-w-0">
            {custom ? (
              // A custom model is a persona draft: it still needs training photos (and a slot).
              <span className="inline-flex items-center gap-1.5 rounded-full bg-amber-400/10 px-2.5 py-0.5 text-xs font-bold tracking-wider text-amber-200 ring-1 ring-amber-400/30 ring-inset">
                <span aria-hidden="true" className="size-1.5 rounded-full bg-amber-300" />
                {ONBOARDING_TEXTS.draftBadge}
              </span>
            ) : (
              <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-400/10 px-2.5 py-0.5 text-xs font-bold tracking-wider text-emerald-300 ring-1 ring-emerald-400/30 ring-inset">
                <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-400" />
                ACTIVE
              </span>
            )}
            <h2 className="mt-2 text-lg font-bold [overflow-wrap:anywhere] text-white sm:text-xl">
              {custom ? ONBOARDING_TEXTS.draftSaved(name) : `${name} is Ready`}
            </h2>
            <p className="mt-0.5 text-sm text-zinc-400">{personaLine(answers)}</p>
            {custom ? (
              <p className="mt-1.5 text-sm text-zinc-300">
                {slotFree
                  ? ONBOARDING_TEXTS.draftNeedsPhotos
                  : ONBOARDING_TEXTS.draftNeedsSlotAndPhotos}
              </p>
            ) : null}
          </div>
        </section>

        {offer ? (
          <div className="flex flex-col items-center justify-center gap-1 rounded-3xl border border-brand-400/30 bg-[radial-gradient(120%_120%_at_50%_0%,rgba(236,72,153,0.16),transparent_70%)] bg-ink-900/70 px-6 py-4 text-center">
            <p className="flex items-center gap-1.5 text-sm font-medium text-brand-300">
              <Timer aria-hidden="true" className="size-4" />
              Offer ends in
            </p>
            <p
              role="timer"
              aria-label="Offer ends in"
              className="text-3xl font-bold tracking-tight text-white tabular-nums sm:text-4xl"
            >
              {formatCountdown(secondsLeft)}
            </p>
          </div>
        ) : null}
      </div>

      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        {PLAN_LIST.map((plan) => (
          <OnboardingPlanCard
            key={plan.key}
            plan={plan}
            offer={offer}
            selected={answers.selectedPlan === plan.key}
            onChoose={() => onChoosePlan(plan)}
          />
        ))}
      </div>
    </>
  );
}

function OnboardingPlanCard({
  plan,
  offer,
  selected,
  onChoose,
}: {
  plan: TPlan;
  offer: TOnboardingOffer | null;
  selected: boolean;
  onChoose: () => void;
}) {
  const headingId = useId();
  const Icon = PLAN_ICONS[plan.key];
  const offered = planOffer(plan, offer);
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        'group relative flex flex-col rounded-3xl p-px transition-transform has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400 has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-ink-950',
        plan.mostPopular
          ? 'bg-gradient-to-b from-brand-400/80 via-accent-500/50 to-ink-700 shadow-2xl shadow-brand-500/15'
          : selected
            ? 'bg-brand-400/60'
            : 'bg-ink-800 hover:bg-ink-600',
      )}
    >
      <div
        className={cn(
          'flex flex-1 flex-col rounded-[23px] bg-ink-900 p-5 sm:p-6',
          plan.mostPopular &&
            'bg-[radial-gradient(120%_60%_at_50%_0%,rgba(236,72,153,0.14),transparent_70%)] bg-ink-900',
        )}
      >
        <div className="flex items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className={cn(
                'flex size-10 items-center justify-center rounded-xl',
                plan.mostPopular
                  ? 'bg-gradient-to-br from-brand-500 to-accent-500 text-white'
                  : 'bg-ink-800 text-brand-300',
              )}
            >
              <Icon className="size-5" />
            </span>
            <h3 id={headingId} className="text-lg font-semibold text-white">
              {plan.onboardingName}
              <span className="font-normal whitespace-nowrap text-zinc-400"> · {plan.name}</span>
            </h3>
          </div>
          {plan.mostPopular ? (
            // On the card's top edge, so the plan's two names keep the heading's line.
            <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-gradient-to-r from-brand-500 to-accent-500 px-2.5 py-1 text-[11px] font-bold tracking-wider whitespace-nowrap text-white shadow-lg shadow-brand-500/20">
              MOST POPULAR
            </span>
          ) : null}
        </div>

        {offered ? (
          <div className="mt-5">
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <span className="text-4xl font-bold tracking-tight text-white">
                {formatUsd(offered.priceCents)}
              </span>
              <s className="text-base text-zinc-400">
                <span className="sr-only">instead of </span>
                {formatUsd(offered.fullCents)}
              </s>
              <span className="rounded-md bg-emerald-400/15 px-2 py-0.5 text-xs font-bold text-emerald-300">
                {offered.saveText}
              </span>
            </div>
            <p className="mt-1 text-sm text-zinc-400">
              {ONBOARDING_TEXTS.offerFirstMonth(formatUsd(offered.fullCents))}
            </p>
          </div>
        ) : (
          <div className="mt-5 flex flex-wrap items-baseline gap-x-2 gap-y-1">
            <span className="text-4xl font-bold tracking-tight text-white">
              {monthlyPrice(plan)}
            </span>
            <span className="text-sm text-zinc-400">/month</span>
          </div>
        )}

        <CheckList
          items={onboardingPlanLines(plan)}
          highlighted={plan.mostPopular}
          className="mt-5"
        />

        <button
          type="button"
          aria-haspopup="dialog"
          onClick={onChoose}
          className={cn(
            // The button's click area covers the whole card.
            "mt-6 inline-flex h-11 w-full cursor-pointer items-center justify-center rounded-xl text-sm font-semibold transition-colors after:absolute after:inset-0 after:rounded-3xl after:content-[''] focus-visible:outline-none",
            plan.mostPopular
              ? 'bg-gradient-to-r from-brand-500 to-accent-500 text-white shadow-lg shadow-brand-500/20 group-hover:from-brand-400 group-hover:to-accent-400'
              : 'bg-ink-700 text-zinc-100 group-hover:bg-ink-600',
          )}
        >
          Choose {plan.onboardingName}
        </button>
      </div>
    </article>
  );
}
