import { PublicPage } from '../../components/layout/public-layout';
import { PageHeading } from '../../components/layout/page-heading';

export function TermsPage() {
  return (
    <PublicPage>
      <PageHeading title="Terms of Service" />
    </PublicPage>
  );
}
