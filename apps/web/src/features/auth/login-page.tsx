import { PublicPage } from '../../components/layout/public-layout';
import { PageHeading } from '../../components/layout/page-heading';

export function LoginPage() {
  return (
    <PublicPage>
      <PageHeading title="Sign In" />
    </PublicPage>
  );
}
