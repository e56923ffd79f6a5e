import { PageHeading } from '../../components/layout/page-heading';

export function EditImagePage() {
  return <PageHeading title="Edit Image" />;
}
