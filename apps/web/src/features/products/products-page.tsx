import { PageHeading } from '../../components/layout/page-heading';

export function ProductsPage() {
  return <PageHeading title="Products" />;
}
