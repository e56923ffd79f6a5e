import type { TMarketplaceModel } from '@muse/shared';
import { Loader2 } from 'lucide-react';
import { Suspense, lazy, useId, useState } from 'react';
import { useHydrated } from '../../../components/layout/use-hydrated';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { clsx } from 'clsx';
import { nameWithAge } from '../model-text';
import { ClaimMeter } from './claim-meter';
import { AttributeTags, TierBadge, VersionBadge } from './model-badges';

/**
 * The details and the claim (with everything a claim may need: the upgrade offer, the plans)
 * load when a visitor reaches for a card, not with the page: the page's first load is the cards.
 */
const loadDetails = () => import('./model-details-dialog');
const ModelDetailsDialogContent = lazy(async () => ({
  default: (await loadDetails()).ModelDetailsDialogContent,
}));
const preloadDetails = () => void loadDetails();

/** Cards in the first row load at once; the rest when they come near the viewport. */
const EAGER_CARDS = 4;

/**
 * A model in the grid (docs/product/marketplace.md). An available model's name is the button that
 * opens its details, with a click area that covers the whole card; a fully claimed model is dimmed,
 * says so, and offers nothing to press.
 */
export function ModelCard({ model, index }: { model: TMarketplaceModel; index: number }) {
  const headingId = useId();
  const title = nameWithAge(model);
  const cover = model.images[0];
  const disabled = !model.available;

  return (
    <article
      aria-labelledby={headingId}
      aria-disabled={disabled || undefined}
      className={clsx(
        'group relative flex h-full flex-col overflow-hidden rounded-2xl border border-ink-800 transition duration-300',
        disabled
          ? 'bg-ink-900/60'
          : 'bg-ink-900 hover:-translate-y-1 hover:border-brand-400/40 hover:shadow-2xl hover:shadow-brand-500/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400 has-[:focus-visible]:ring-offset-2 has-[:focus-visible]:ring-offset-ink-950 motion-reduce:hover:translate-y-0',
      )}
    >
      <div className="relative aspect-[3/4] overflow-hidden bg-gradient-to-b from-ink-800 to-ink-900">
        {cover ? (
          <img
            src={cover.card}
            width={cover.width}
            height={cover.height}
            alt={`Portrait of ${title}`}
            loading={index < EAGER_CARDS ? 'eager' : 'lazy'}
            decoding="async"
            className={clsx(
              'size-full object-cover transition duration-500',
              disabled
                ? 'opacity-40 grayscale'
                : 'group-hover:scale-[1.04] motion-reduce:transform-none',
            )}
          />
        ) : null}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-20 bg-gradient-to-b from-ink-950/60 to-transparent"
        />
        <div className="absolute inset-x-0 top-0 flex flex-wrap items-start justify-between gap-1 p-2 sm:gap-2 sm:p-3">
          <VersionBadge />
          <TierBadge tier={model.tier} />
        </div>
        {model.fullyClaimed ? <FullyClaimedNotice licences={model.licences} /> : null}
      </div>

      <div className="flex flex-1 flex-col gap-2.5 p-3 sm:gap-3 sm:p-4">
        <h2
          id={headingId}
          className={clsx(
            'text-sm leading-5 font-semibold sm:text-base',
            disabled ? 'text-zinc-300' : 'text-white',
          )}
        >
          {disabled ? title : <DetailsDialog model={model} title={title} />}
        </h2>
        <AttributeTags values={[model.hair, model.body, model.ethnicity]} />
        <ClaimMeter model={model} className="mt-auto pt-1" />
      </div>
    </article>
  );
}

/**
 * The card's name as the button that opens its details; on the prerendered page it is disabled
 * until the page's scripts have hydrated it, as a click before then would open nothing.
 */
function DetailsDialog({ model, title }: { model: TMarketplaceModel; title: string }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        disabled={!hydrated}
        onPointerEnter={preloadDetails}
        onFocus={preloadDetails}
        onTouchStart={preloadDetails}
        className="cursor-pointer text-left after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none"
      >
        {title}
      </DialogTrigger>
      {open ? (
        <Suspense
          fallback={
            <DialogContent title={title}>
              <Loader2
                aria-label="Loading"
                className="mx-auto my-10 size-6 animate-spin text-brand-300"
              />
            </DialogContent>
          }
        >
          <ModelDetailsDialogContent model={model} />
        </Suspense>
      ) : null}
    </Dialog>
  );
}

/** What a fully claimed card says over its dimmed portrait. */
function FullyClaimedNotice({ licences }: { licences: number }) {
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 bg-ink-950/40 p-3 text-center">
      <p className="rounded-full border border-white/20 bg-ink-950/85 px-2.5 py-1 text-[11px] font-bold tracking-[0.1em] whitespace-nowrap text-white sm:px-3 sm:text-xs sm:tracking-[0.14em]">
        FULLY CLAIMED
      </p>
      <p className="text-sm font-semibold text-white drop-shadow">All {licences} licenses taken</p>
      <p className="text-xs text-zinc-200 drop-shadow">Check back for new models</p>
    </div>
  );
}
