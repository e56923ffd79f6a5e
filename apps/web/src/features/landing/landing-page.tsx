import { Suspense } from 'react';
import { usePageTitle } from '../../lib/use-page-title';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';
import { FinalCtaSection } from './final-cta-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { NumbersSection } from './numbers-section';
import { PricingSection } from './pricing-section';
import { ShowcaseSection } from './showcase-section';

const DESCRIPTION =
  'Create, customise and monetise AI influencers with Muse: claim one of 70+ ready-made models or train your own, generate photos and videos, and sell pay-per-view content.';

export function LandingPage() {
  usePageTitle('Muse', DESCRIPTION);
  // Each section below the hero hydrates in a task of its own (a Suspense boundary is where
  // React may pause hydrating), so the prerendered page never blocks a tap for long
  // (docs/decisions/0034-prerendered-public-pages.md). Nothing here suspends.
  return (
    <>
      <HeroSection />
      {[
        <FeaturesSection key="features" />,
        <ShowcaseSection key="showcase" />,
        <HowItWorksSection key="how-it-works" />,
        <NumbersSection key="numbers" />,
        <PricingSection key="pricing" />,
        <FaqSection key="faq" />,
        <FinalCtaSection key="final-cta" />,
      ].map((section) => (
        <Suspense key={section.key}>{section}</Suspense>
      ))}
    </>
  );
}
