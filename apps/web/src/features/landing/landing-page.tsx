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
  return (
    <>
      <HeroSection />
      <FeaturesSection />
      <ShowcaseSection />
      <HowItWorksSection />
      <NumbersSection />
      <PricingSection />
      <FaqSection />
      <FinalCtaSection />
    </>
  );
}
