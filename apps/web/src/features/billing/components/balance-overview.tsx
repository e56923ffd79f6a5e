import { formatCount, type TSubscriptionSummary } from '@muse/shared';
import { ArrowRight, Coins, Crown, Sparkles, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format-date';

/** What the account holds now: credits, unused influencer slots and the plan in force. */
export function BalanceOverview({ summary }: { summary: TSubscriptionSummary | undefined }) {
  const subscription = summary?.subscription;
  const live = summary?.plan ? subscription : null;
  let planNote: ReactNode = 'No active plan. Pick one below.';
  if (live) {
    planNote = live.cancelAtPeriodEnd
      ? `Ends on ${formatDate(live.currentPeriodEnd)}`
      : `Renews on ${formatDate(live.currentPeriodEnd)}`;
  }

  return (
    <section aria-labelledby="balance-heading">
      <h2 id="balance-heading" className="sr-only">
        Your balance
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        <Tile
          icon={Coins}
          label="Credits"
          value={summary ? formatCount(summary.credits) : null}
          note="Spent on every generation, upscale and edit"
          highlight
        />
        <Tile
          icon={Sparkles}
          label={
            <>
              <span className="sm:hidden">Slots</span>
              <span className="hidden sm:inline">Influencer slots</span>
            </>
          }
          value={summary ? formatCount(summary.modelTokens) : null}
          note={
            summary
              ? `Unused, of ${formatCount(summary.influencerSlots)} in total: each is one influencer, trained or claimed`
              : null
          }
        />
        <Tile
          icon={Crown}
          label="Plan"
          value={summary ? summary.planLabel : null}
          note={
            summary ? (
              <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <span>{planNote}</span>
                <Link
                  to="/subscriptions"
                  className="inline-flex items-center gap-1 font-medium text-brand-300 hover:text-brand-400"
                >
                  Manage
                  <ArrowRight aria-hidden="true" className="size-3.5" />
                </Link>
              </span>
            ) : null
          }
        />
      </dl>
    </section>
  );
}

function Tile({
  icon: Icon,
  label,
  value,
  note,
  highlight = false,
}: {
  icon: LucideIcon;
  label: ReactNode;
  /** null while loading: a placeholder, never a wrong figure. */
  value: string | null;
  note: ReactNode;
  highlight?: boolean;
}) {
  return (
    <div
      className={cn(
        'relative overflow-hidden rounded-2xl border p-4 sm:p-5',
        highlight && 'col-span-2 sm:col-span-1',
        highlight
          ? 'border-brand-400/25 bg-[radial-gradient(140%_120%_at_0%_0%,rgba(236,72,153,0.16),transparent_60%)] bg-ink-900'
          : 'border-ink-800 bg-ink-900/70',
      )}
    >
      <dt className="flex items-center gap-2 text-sm font-medium text-zinc-400">
        <Icon
          aria-hidden="true"
          className={cn('size-4', highlight ? 'text-brand-300' : 'text-zinc-500')}
        />
        {label}
      </dt>
      <dd className="mt-3">
        {value === null ? (
          <span className="block h-9 w-24 animate-pulse rounded-lg bg-ink-800">
            <span className="sr-only">Loading</span>
          </span>
        ) : (
          <span className="block text-3xl font-bold tracking-tight text-white">{value}</span>
        )}
        <span className="mt-1.5 block min-h-5 text-sm text-zinc-400">{note}</span>
      </dd>
    </div>
  );
}
