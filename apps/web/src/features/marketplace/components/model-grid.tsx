import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { QueryError } from '../../../components/ui/query-error';
import { useMarketplaceModels } from '../../../lib/marketplace-models';
import { ComingSoonCard } from './coming-soon-card';
import { ModelCard } from './model-card';
import { ModelCardSkeleton } from './model-card-skeleton';

const GRID = 'grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4';
const SKELETON_CARDS = 8;
/** Cards hydrated together; each group is a task of its own (a Suspense boundary). */
const HYDRATION_GROUP = 4;
/** Cards from this one on start below the first screen, on a phone and on a desktop alike. */
const BELOW_FOLD_FROM = 8;

/** The marketplace's models: skeleton cards while they load, a retry when they cannot. */
export function ModelGrid() {
  const models = useMarketplaceModels();

  if (models.isPending) {
    return (
      <div role="status" aria-label="Loading models" className={GRID}>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <ModelCardSkeleton key={index} />
        ))}
      </div>
    );
  }

  if (models.isError) {
    return (
      <QueryError
        query={models}
        title="The models could not be loaded."
        detail={models.error.message}
        className="py-14"
      />
    );
  }

  // The server renders the cards into the page (docs/decisions/0034-prerendered-public-pages.md):
  // hydrating them a few at a time keeps the page answering taps while it hydrates. Nothing
  // here suspends.
  const groups = Array.from({ length: Math.ceil(models.data.length / HYDRATION_GROUP) }, (_, i) =>
    models.data.slice(i * HYDRATION_GROUP, (i + 1) * HYDRATION_GROUP),
  );
  return (
    <ul aria-label="Models" className={GRID}>
      {groups.map((group, groupIndex) => (
        <Suspense key={group[0]!.id}>
          {group.map((model, i) => {
            const index = groupIndex * HYDRATION_GROUP + i;
            const card = model.isBlackedOut ? (
              <ComingSoonCard model={model} />
            ) : (
              <ModelCard model={model} index={index} />
            );
            return index >= BELOW_FOLD_FROM ? (
              <BelowFoldItem key={model.id}>{card}</BelowFoldItem>
            ) : (
              <li key={model.id}>{card}</li>
            );
          })}
        </Suspense>
      ))}
    </ul>
  );
}

/**
 * A card below the first screen: the browser skips drawing it until the visitor scrolls near
 * (`below-fold`, docs/decisions/0034-prerendered-public-pages.md), and once drawn it stays drawn.
 * Skipped again after the visitor has scrolled past it, a card's text leaves the page's text (what
 * is read, copied or searched as text): on a phone, whose grid of two columns is twice as tall,
 * the cards scrolled past were missing from the list at its end.
 */
function BelowFoldItem({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLLIElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const item = ref.current;
    if (!item || drawn) return;
    // Drawn already before the page's scripts ran (the visitor scrolled while they loaded), or a
    // browser without checkVisibility, older than content-visibility too: nothing is skipped.
    if (!('checkVisibility' in item) || item.checkVisibility({ contentVisibilityAuto: true })) {
      setDrawn(true);
      return;
    }
    const onChange = (event: Event) => {
      if (!(event as ContentVisibilityAutoStateChangeEvent).skipped) setDrawn(true);
    };
    item.addEventListener('contentvisibilityautostatechange', onChange);
    return () => item.removeEventListener('contentvisibilityautostatechange', onChange);
  }, [drawn]);
  return (
    <li ref={ref} className={drawn ? undefined : 'below-fold [--below-fold-height:26rem]'}>
      {children}
    </li>
  );
}
