import { QueryError } from '../../../components/ui/query-error';
import { useMarketplaceModels } from '../../../lib/marketplace-models';
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
      <QueryError
        query={models}
        title="The models could not be loaded."
        detail={models.error.message}
        className="py-14"
      />
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
