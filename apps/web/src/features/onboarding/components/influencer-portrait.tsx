import type { TMarketplaceModel } from '@muse/shared';
import { Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/**
 * The persona's picture: the chosen template's first image, or, for a custom model, a
 * placeholder that says what comes next (`placeholder`).
 */
export function InfluencerPortrait({
  model,
  name,
  placeholder,
  loading = false,
  className,
  children,
}: {
  model: TMarketplaceModel | null;
  name: string;
  placeholder?: string;
  /** The chosen template is still loading: a quiet block instead of the placeholder. */
  loading?: boolean;
  className?: string;
  /** Badges laid over the picture. */
  children?: ReactNode;
}) {
  const cover = model?.images[0];
  return (
    <div
      className={cn(
        'relative aspect-[3/4] overflow-hidden rounded-2xl border border-ink-700 bg-gradient-to-br from-ink-800 via-ink-900 to-ink-950',
        className,
      )}
    >
      {cover ? (
        <img
          src={cover.card}
          width={cover.width}
          height={cover.height}
          alt={`Portrait of ${name}`}
          className="size-full object-cover"
        />
      ) : loading ? (
        <div aria-hidden="true" className="size-full animate-pulse bg-ink-800" />
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-3 bg-[radial-gradient(80%_60%_at_50%_35%,rgba(236,72,153,0.18),transparent_70%)] p-4 text-center">
          <span
            aria-hidden="true"
            className="flex size-16 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-accent-500 text-2xl font-bold text-white shadow-lg shadow-brand-500/25"
          >
            {name.trim().charAt(0).toUpperCase() || '?'}
          </span>
          {placeholder ? (
            <p className="flex items-center gap-1.5 text-sm text-zinc-300">
              <Upload aria-hidden="true" className="size-4 shrink-0" />
              {placeholder}
            </p>
          ) : null}
        </div>
      )}
      {/* A drawing is never passed off as a photo beside the style it will be made in. */}
      {cover && model?.imageKind === 'illustration' ? (
        <span className="absolute bottom-2 left-2 rounded-full bg-ink-950/80 px-2 py-0.5 text-[11px] font-semibold text-zinc-200">
          Illustration
        </span>
      ) : null}
      {children}
    </div>
  );
}
