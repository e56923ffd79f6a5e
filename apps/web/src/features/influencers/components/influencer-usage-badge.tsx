import { formatUsage, type TUsage } from '@muse/shared';
import { Users } from 'lucide-react';

/** The real '<used>/<limit> Influencers'; a placeholder while it loads. */
export function InfluencerUsageBadge({ usage }: { usage: TUsage | undefined }) {
  if (!usage) {
    return (
      <span className="inline-block h-9 w-36 animate-pulse rounded-full bg-ink-800">
        <span className="sr-only">Loading</span>
      </span>
    );
  }
  const full = usage.used >= usage.limit;
  return (
    <p
      className={
        full
          ? 'inline-flex h-9 items-center gap-2 rounded-full border border-ink-700 bg-ink-900 px-3.5 text-sm font-semibold text-zinc-300'
          : 'inline-flex h-9 items-center gap-2 rounded-full border border-brand-400/30 bg-brand-500/10 px-3.5 text-sm font-semibold text-brand-300'
      }
    >
      <Users aria-hidden="true" className="size-4" />
      <span>{formatUsage(usage, 'Influencers')}</span>
    </p>
  );
}
