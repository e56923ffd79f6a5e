import { PageHeading } from '../../components/layout/page-heading';

export function SubscriptionsPage() {
  return <PageHeading title="Manage Subscriptions" />;
}
