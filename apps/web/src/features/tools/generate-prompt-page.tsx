import { PageHeading } from '../../components/layout/page-heading';

export function GeneratePromptPage() {
  return <PageHeading title="Generate Prompt" />;
}
