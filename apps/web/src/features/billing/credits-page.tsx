import { PageHeading } from '../../components/layout/page-heading';

export function CreditsPage() {
  return <PageHeading title="Get Credits" />;
}
