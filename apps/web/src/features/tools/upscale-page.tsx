import { PageHeading } from '../../components/layout/page-heading';

export function UpscalePage() {
  return <PageHeading title="Upscale" />;
}
