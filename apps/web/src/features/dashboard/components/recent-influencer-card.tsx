import { influencerNicheLabel, type TInfluencer } from '@muse/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { InfluencerPicture } from '../../../components/workspace/influencer-picture';
import { PersonaStatusBadge } from '../../../components/workspace/persona-status-badge';

/** A recent influencer: picture (or initials), name and niche; it opens the influencer's page. */
export function RecentInfluencerCard({ influencer }: { influencer: TInfluencer }) {
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-ink-800 bg-ink-900/70 transition-colors focus-within:border-brand-400 hover:border-ink-700"
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-ink-950">
        <InfluencerPicture influencer={influencer} initialsClassName="text-2xl" whole />
        <PersonaStatusBadge status={influencer.personaStatus} className="absolute top-2 left-2" />
      </div>
      <div className="space-y-0.5 p-3">
        <h3 id={nameId} className="truncate text-sm font-semibold text-white">
          {/* The link covers the card: the whole card opens the influencer's page. */}
          <Link
            to={`/influencers/${influencer.id}`}
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {influencer.name}
          </Link>
        </h3>
        <p className="truncate text-xs text-zinc-400">{influencerNicheLabel(influencer.niche)}</p>
      </div>
    </article>
  );
}
