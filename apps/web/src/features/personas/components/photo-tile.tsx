import type { TPersonaPhoto } from '@muse/shared';
import { CircleAlert, CircleCheck, Loader2, X } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** One photo of the set with its verdict: a green 'Passes', or each problem in words. */
export function PhotoTile({
  photo,
  onRemove,
  removing,
}: {
  photo: TPersonaPhoto;
  onRemove: () => void;
  removing: boolean;
}) {
  const licensed = photo.source === 'marketplace';
  return (
    <li
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border bg-ink-900/70',
        photo.verdict.ok ? 'border-ink-700' : 'border-red-500/40',
      )}
    >
      <div className="relative aspect-[3/4] bg-ink-950">
        <img
          src={photo.thumbnail}
          alt={`Photo ${photo.number}`}
          loading="lazy"
          className="absolute inset-0 size-full object-contain"
        />
        <span className="absolute top-2 left-2 rounded-full bg-ink-950/80 px-2 py-0.5 text-xs font-semibold text-zinc-100">
          #{photo.number}
        </span>
        <button
          type="button"
          onClick={onRemove}
          disabled={removing}
          aria-label={`Remove photo ${photo.number}`}
          className="absolute top-2 right-2 grid size-8 place-items-center rounded-full bg-ink-950/80 text-zinc-200 hover:bg-red-600 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400 disabled:opacity-50"
        >
          {removing ? (
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          ) : (
            <X aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
      <div className="space-y-1 p-2.5 text-xs leading-snug">
        {licensed ? (
          <p className="text-zinc-400">Portrait of the claimed model</p>
        ) : photo.verdict.ok ? (
          <p className="flex items-center gap-1 font-semibold text-emerald-300">
            <CircleCheck aria-hidden="true" className="size-3.5 shrink-0" />
            Passes
          </p>
        ) : (
          photo.verdict.problems.map((problem) => (
            <p key={problem.code} className="flex gap-1 text-red-200">
              <CircleAlert aria-hidden="true" className="mt-px size-3.5 shrink-0 text-red-400" />
              <span>{problem.message}</span>
            </p>
          ))
        )}
      </div>
    </li>
  );
}

/** A photo on its way: 'Checking…' until the server answers, or why it was refused. */
export function UploadTile({
  name,
  error,
  onDismiss,
}: {
  name: string;
  error: string | null;
  onDismiss: () => void;
}) {
  return (
    <li
      className={cn(
        'flex flex-col overflow-hidden rounded-xl border bg-ink-900/70',
        error ? 'border-red-500/40' : 'border-ink-700',
      )}
    >
      <div className="relative grid aspect-[3/4] place-items-center bg-ink-950 p-3 text-center">
        {error ? (
          <CircleAlert aria-hidden="true" className="size-8 text-red-400" />
        ) : (
          <Loader2 aria-hidden="true" className="size-8 animate-spin text-brand-300" />
        )}
        {error ? (
          <button
            type="button"
            onClick={onDismiss}
            aria-label={`Dismiss ${name}`}
            className="absolute top-2 right-2 grid size-8 place-items-center rounded-full bg-ink-950/80 text-zinc-200 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-400"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </div>
      <div className="space-y-1 p-2.5 text-xs leading-snug">
        <p className="truncate text-zinc-300">{name}</p>
        <p role={error ? 'alert' : 'status'} className={error ? 'text-red-200' : 'text-zinc-400'}>
          {error ?? 'Checking…'}
        </p>
      </div>
    </li>
  );
}
