import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useMarketplaceModels } from '../api/get-marketplace-models';
import { ComingSoonCard } from './coming-soon-card';
import { ModelCard } from './model-card';
import { ModelCardSkeleton } from './model-card-skeleton';

const GRID = 'grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4';
const SKELETON_CARDS = 8;

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
      <div
        role="alert"
        className="flex flex-col items-center gap-4 rounded-2xl border border-ink-800 bg-ink-900/60 px-6 py-14 text-center"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-red-500/10 text-red-300">
          <AlertTriangle className="size-6" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <p className="font-semibold text-white">The models could not be loaded.</p>
          <p className="text-sm text-zinc-400">{models.error.message}</p>
        </div>
        <Button
          variant="outline"
          onClick={() => void models.refetch()}
          disabled={models.isFetching}
        >
          <RotateCw
            className={models.isFetching ? 'size-4 animate-spin' : 'size-4'}
            aria-hidden="true"
          />
          Try again
        </Button>
      </div>
    );
  }

  return (
    <ul aria-label="Models" className={GRID}>
      {models.data.map((model, index) => (
        <li key={model.id}>
          {model.isBlackedOut ? (
            <ComingSoonCard model={model} />
          ) : (
            <ModelCard model={model} index={index} />
          )}
        </li>
      ))}
    </ul>
  );
}
