import { influencerNicheLabel, type TInfluencer } from '@muse/shared';
import { useId } from 'react';
import { initialsOf } from '../../../lib/initials';

/** A recent influencer: picture (or initials), name and niche. */
export function RecentInfluencerCard({ influencer }: { influencer: TInfluencer }) {
  const nameId = useId();
  const picture = influencer.thumbnail ?? influencer.image;
  return (
    <article
      aria-labelledby={nameId}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-ink-800 bg-ink-900/70"
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-ink-950">
        {picture ? (
          <img
            src={picture}
            alt={influencer.name}
            loading="lazy"
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <div
            aria-hidden="true"
            className="grid size-full place-items-center bg-gradient-to-br from-brand-500/25 via-ink-900 to-accent-500/25"
          >
            <span className="grid size-16 place-items-center rounded-full border border-white/10 bg-ink-950/60 text-xl font-semibold text-white">
              {initialsOf(influencer.name)}
            </span>
          </div>
        )}
      </div>
      <div className="space-y-0.5 p-3">
        <h3 id={nameId} className="truncate text-sm font-semibold text-white">
          {influencer.name}
        </h3>
        <p className="truncate text-xs text-zinc-400">{influencerNicheLabel(influencer.niche)}</p>
      </div>
    </article>
  );
}
