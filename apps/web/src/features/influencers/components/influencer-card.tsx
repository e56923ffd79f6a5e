import { influencerNicheLabel, type TInfluencer } from '@muse/shared';
import { CalendarDays, Upload } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { EditDeleteButtons } from '../../../components/ui/edit-delete-buttons';
import { InfluencerPicture } from '../../../components/workspace/influencer-picture';
import { PersonaStatusBadge } from '../../../components/workspace/persona-status-badge';
import { VerifiedLikenessBadge } from '../../../components/workspace/verified-likeness-badge';
import { formatDate } from '../../../lib/format-date';

/**
 * One influencer of the grid (docs/product/workspace.md): its picture or initials, name, niche,
 * description, personality, target audience and created date, with Edit and Delete for a role
 * that may edit (without `onEdit` and `onDelete`, neither shows).
 */
export function InfluencerCard({
  influencer,
  onEdit,
  onDelete,
}: {
  influencer: TInfluencer;
  onEdit?: () => void;
  onDelete?: () => void;
}) {
  const headingId = useId();

  return (
    <article
      aria-labelledby={headingId}
      className="flex w-full flex-col overflow-hidden rounded-2xl border border-ink-800 bg-ink-900/70 transition-colors hover:border-ink-700"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-ink-950">
        <InfluencerPicture influencer={influencer} initialsClassName="text-5xl" whole />
        <span className="absolute top-3 left-3 rounded-full border border-white/10 bg-ink-950/75 px-2.5 py-1 text-xs font-semibold text-zinc-100 backdrop-blur">
          {influencerNicheLabel(influencer.niche)}
        </span>
        <div className="absolute top-3 right-3 flex flex-col items-end gap-1.5">
          <PersonaStatusBadge status={influencer.personaStatus} />
          <VerifiedLikenessBadge likeness={influencer.likeness} />
        </div>
      </div>

      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="space-y-1.5">
          <h3 id={headingId} className="truncate text-lg font-semibold text-white">
            <Link
              to={`/influencers/${influencer.id}`}
              className="hover:text-brand-300 focus-visible:outline-2 focus-visible:outline-brand-400"
            >
              {influencer.name}
            </Link>
          </h3>
          <p className="flex items-center gap-1.5 text-xs text-zinc-400">
            <CalendarDays aria-hidden="true" className="size-3.5 shrink-0" />
            <span>
              Created{' '}
              <time dateTime={influencer.created_at}>{formatDate(influencer.created_at)}</time>
            </span>
          </p>
          <p className="pt-1 line-clamp-3 text-sm leading-relaxed text-zinc-300">
            {influencer.description}
          </p>
        </div>

        <dl className="space-y-3 text-sm">
          <Detail label="Personality" value={influencer.personality} />
          <Detail label="Target Audience" value={influencer.target_audience} />
        </dl>

        {influencer.personaStatus === 'needs-photos' ? (
          <Link
            to={`/influencers/${influencer.id}`}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-300 hover:text-brand-400"
          >
            <Upload aria-hidden="true" className="size-4" />
            Upload training photos
          </Link>
        ) : null}
        {onEdit && onDelete ? (
          <EditDeleteButtons name={influencer.name} onEdit={onEdit} onDelete={onDelete} />
        ) : null}
      </div>
    </article>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-zinc-400 uppercase">{label}</dt>
      <dd className={value ? 'mt-0.5 line-clamp-2 text-zinc-300' : 'mt-0.5 text-zinc-400 italic'}>
        {value || 'Not set'}
      </dd>
    </div>
  );
}
