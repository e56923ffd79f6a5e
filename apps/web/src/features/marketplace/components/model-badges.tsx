import { Sparkles } from 'lucide-react';
import { clsx } from 'clsx';

/*
 * The badges and the card join their classes with clsx, not tailwind-merge: its set-up is the
 * longest single step of the marketplace's first render on a phone
 * (docs/decisions/0036-schemas-on-first-use.md). A `className` given to them may only add what
 * their own classes leave unset (an opacity, a margin), never change them.
 */
const pill =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] leading-4 font-semibold tracking-wide whitespace-nowrap';

/** The 'V2 Model' badge every card and detail view carries. */
export function VersionBadge({ className }: { className?: string }) {
  return (
    <span
      className={clsx(
        pill,
        'bg-gradient-to-r from-brand-600 to-accent-600 text-white shadow-md shadow-black/30',
        className,
      )}
    >
      <Sparkles className="size-3 max-[379px]:hidden" aria-hidden="true" />
      V2 Model
    </span>
  );
}

/** The model's tier ('Classic'). */
export function TierBadge({ tier, className }: { tier: string; className?: string }) {
  return (
    <span className={clsx(pill, 'border border-white/15 bg-ink-950/80 text-zinc-100', className)}>
      {tier}
    </span>
  );
}

/** Shown in the detail view of a model that is live on a creator's channels. */
export function LiveMarker({ className }: { className?: string }) {
  return (
    <span
      className={clsx(
        pill,
        'border border-red-400/40 bg-red-500/15 text-red-100 uppercase',
        className,
      )}
    >
      <span aria-hidden="true" className="relative flex size-2">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-red-400 opacity-75 motion-reduce:hidden" />
        <span className="relative inline-flex size-2 rounded-full bg-red-500" />
      </span>
      LIVE
    </span>
  );
}

/** Hair, body and ethnicity as small tags. */
export function AttributeTags({ values, className }: { values: string[]; className?: string }) {
  return (
    <div className={clsx('flex flex-wrap gap-1.5', className)}>
      {values.map((value, index) => (
        <span
          key={index}
          className="rounded-md border border-ink-700 bg-ink-800/80 px-2 py-0.5 text-[11px] leading-4 text-zinc-300"
        >
          {value}
        </span>
      ))}
    </div>
  );
}
