import { PageHeading } from '../../components/layout/page-heading';

export function GeneratePage() {
  return <PageHeading title="Generate" />;
}
