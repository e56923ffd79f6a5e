import { PageHeading } from '../../components/layout/page-heading';

export function InfluencersPage() {
  return <PageHeading title="Manage Influencers" />;
}
