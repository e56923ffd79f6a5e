import { PageHeading } from '../../components/layout/page-heading';

export function DashboardPage() {
  return <PageHeading title="Discover" />;
}
