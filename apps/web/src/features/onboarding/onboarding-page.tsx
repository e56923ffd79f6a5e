import { PageHeading } from '../../components/layout/page-heading';

export function OnboardingPage() {
  return <PageHeading title="Onboarding" />;
}
