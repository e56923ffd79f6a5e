import { influencerNicheLabel, type TInfluencer } from '@muse/shared';
import { useId } from 'react';
import { InfluencerPicture } from '../../../components/workspace/influencer-picture';

/** A recent influencer: picture (or initials), name and niche. */
export function RecentInfluencerCard({ influencer }: { influencer: TInfluencer }) {
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-ink-800 bg-ink-900/70"
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-ink-950">
        <InfluencerPicture influencer={influencer} initialsClassName="text-2xl" />
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
