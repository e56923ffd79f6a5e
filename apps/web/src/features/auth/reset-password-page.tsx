import { PublicPage } from '../../components/layout/public-layout';
import { PageHeading } from '../../components/layout/page-heading';

export function ResetPasswordPage() {
  return (
    <PublicPage>
      <PageHeading title="Choose a new password" />
    </PublicPage>
  );
}
