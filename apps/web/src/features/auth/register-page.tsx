import { PublicPage } from '../../components/layout/public-layout';
import { PageHeading } from '../../components/layout/page-heading';

export function RegisterPage() {
  return (
    <PublicPage>
      <PageHeading title="Create your account" />
    </PublicPage>
  );
}
