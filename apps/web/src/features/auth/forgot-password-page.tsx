import { PublicPage } from '../../components/layout/public-layout';
import { PageHeading } from '../../components/layout/page-heading';

export function ForgotPasswordPage() {
  return (
    <PublicPage>
      <PageHeading title="Forgot your password?" />
    </PublicPage>
  );
}
