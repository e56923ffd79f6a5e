import type { TMarketplaceModel } from '@muse/shared';
import { Hourglass } from 'lucide-react';
import { useId } from 'react';
import { TierBadge, VersionBadge } from './model-badges';

/** A blacked-out placeholder (models 5, 11, 12): a dimmed silhouette, not clickable. */
export function ComingSoonCard({ model }: { model: TMarketplaceModel }) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      aria-disabled="true"
      className="relative flex h-full flex-col overflow-hidden rounded-2xl border border-dashed border-ink-700 bg-ink-900/60"
    >
      <div className="relative aspect-[3/4] overflow-hidden bg-ink-900">
        <Silhouette />
        <div className="absolute inset-x-0 top-0 flex flex-wrap items-start justify-between gap-1 p-2 sm:gap-2 sm:p-3">
          <VersionBadge className="opacity-70" />
          <TierBadge tier={model.tier} />
        </div>
        <div className="absolute inset-x-0 bottom-0 flex justify-center p-3">
          <p className="inline-flex items-center gap-1.5 rounded-full border border-white/10 bg-ink-950/80 px-3 py-1 text-[11px] font-medium text-zinc-200 sm:text-xs">
            <Hourglass className="size-3.5 text-accent-400" aria-hidden="true" />
            In training
          </p>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2.5 p-3 sm:gap-3 sm:p-4">
        <h2 id={headingId} className="text-sm leading-5 font-semibold text-zinc-300 sm:text-base">
          {model.name}
        </h2>
        <p className="text-xs leading-5 text-zinc-400">
          A new persona is on its way. Details and licenses open at launch.
        </p>
      </div>
    </article>
  );
}

/** A designed head-and-shoulders silhouette over a dim gradient, in place of a portrait. */
function Silhouette() {
  const gradientId = useId();
  return (
    <div
      role="img"
      aria-label="Silhouette of a model coming soon"
      className="size-full bg-[radial-gradient(circle_at_50%_35%,rgba(139,92,246,0.35),transparent_60%),linear-gradient(160deg,#1c1928,#0b0a10)] opacity-60"
    >
      <svg viewBox="0 0 120 160" aria-hidden="true" className="size-full">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#f9a8d4" />
            <stop offset="1" stopColor="#a78bfa" />
          </linearGradient>
        </defs>
        {/* Each layer is drawn opaque and faded as a whole, so overlaps do not show. */}
        <path
          fill={`url(#${gradientId})`}
          opacity="0.14"
          d="M60 34c-21 0-29 18-28 38 1 18-4 32-9 44h74c-5-12-10-26-9-44 1-20-7-38-28-38Z"
        />
        <g fill={`url(#${gradientId})`} opacity="0.22">
          <ellipse cx="60" cy="66" rx="19" ry="23" />
          <path d="M51 84h18v22H51z" />
          <path d="M14 160c2-30 20-50 46-50s44 20 46 50Z" />
        </g>
      </svg>
    </div>
  );
}
