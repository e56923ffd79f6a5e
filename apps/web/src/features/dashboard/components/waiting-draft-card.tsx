import { ONBOARDING_TEXTS, type TOnboardingState } from '@muse/shared';
import { ArrowRight, Hourglass } from 'lucide-react';
import { Link } from 'react-router';
import { BUTTON_BASE, BUTTON_SIZES, BUTTON_VARIANTS } from '../../../components/ui/button-styles';
import { cn } from '../../../lib/cn';

/**
 * The persona a finished onboarding keeps while the account has no free influencer slot
 * (docs/product/onboarding.md): a draft, said so, with what to do next.
 */
export function WaitingDraftCard({ onboarding }: { onboarding: TOnboardingState }) {
  const name = onboarding.aiName.trim();
  const custom = onboarding.creationMethod === 'custom';
  return (
    <section
      aria-labelledby="waiting-draft-heading"
      className="flex flex-col gap-4 rounded-2xl border border-amber-400/25 bg-ink-900/70 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div className="flex min-w-0 items-start gap-4">
        <span
          aria-hidden="true"
          className="grid size-12 shrink-0 place-items-center rounded-2xl bg-amber-400/10 text-amber-200 ring-1 ring-amber-400/25 ring-inset"
        >
          <Hourglass className="size-6" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="rounded-full bg-amber-400/10 px-2.5 py-0.5 text-xs font-bold tracking-wider text-amber-200 ring-1 ring-amber-400/30 ring-inset">
              {ONBOARDING_TEXTS.draftBadge}
            </span>
            <span className="text-xs font-medium text-zinc-400">
              {ONBOARDING_TEXTS.waitingHeading}
            </span>
          </p>
          <h3
            id="waiting-draft-heading"
            className="mt-1.5 text-lg font-semibold [overflow-wrap:anywhere] text-white"
          >
            {name}
          </h3>
          <p className="mt-1 max-w-2xl text-sm text-zinc-300">
            {custom
              ? ONBOARDING_TEXTS.waitingCustom(name)
              : ONBOARDING_TEXTS.waitingMarketplace(name)}
          </p>
        </div>
      </div>
      <Link
        to="/credits"
        className={cn(BUTTON_BASE, BUTTON_VARIANTS.primary, BUTTON_SIZES.md, 'shrink-0')}
      >
        {ONBOARDING_TEXTS.choosePlan}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}
