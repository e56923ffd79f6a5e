import { PageHeading } from '../../components/layout/page-heading';

export function ToolsPage() {
  return <PageHeading title="Tools" />;
}
