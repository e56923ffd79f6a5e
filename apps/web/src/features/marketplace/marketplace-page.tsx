import { PublicPage } from '../../components/layout/public-layout';
import { usePageTitle } from '../../lib/use-page-title';
import { MarketplaceHeader } from './components/marketplace-header';
import { ModelGrid } from './components/model-grid';

/** The public marketplace: the models as cards; an available one opens its details. */
export function MarketplacePage() {
  usePageTitle(
    'Marketplace',
    'Browse 50+ ready-made AI influencer models on Muse. Each persona is licensed to at most five creators: claim one and start creating photos and videos today.',
  );
  return (
    <PublicPage>
      <MarketplaceHeader />
      <ModelGrid />
    </PublicPage>
  );
}
