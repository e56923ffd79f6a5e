import { PageHeading } from '../../components/layout/page-heading';

export function GenerateVideoPage() {
  return <PageHeading title="Generate Video" />;
}
