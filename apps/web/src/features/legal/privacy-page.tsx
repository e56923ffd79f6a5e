import { PublicPage } from '../../components/layout/public-layout';
import { PageHeading } from '../../components/layout/page-heading';

export function PrivacyPage() {
  return (
    <PublicPage>
      <PageHeading title="Privacy Policy" />
    </PublicPage>
  );
}
