import { PublicPage } from '../../components/layout/public-layout';
import { PageHeading } from '../../components/layout/page-heading';

export function SupportPage() {
  return (
    <PublicPage>
      <PageHeading title="Support" />
    </PublicPage>
  );
}
