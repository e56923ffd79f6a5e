import { PublicPage } from '../../components/layout/public-layout';
import { PageHeading } from '../../components/layout/page-heading';

export function MarketplacePage() {
  return (
    <PublicPage>
      <PageHeading title="Marketplace" />
    </PublicPage>
  );
}
