import { PublicPage } from '../../components/layout/public-layout';
import { PageHeading } from '../../components/layout/page-heading';

export function OAuthCallbackPage() {
  return (
    <PublicPage>
      <PageHeading title="Signing you in" />
    </PublicPage>
  );
}
