import { Link } from 'react-router';
import { PublicPage } from '../../components/layout/public-layout';
import { Button } from '../../components/ui/button';
import { usePageTitle } from '../../lib/use-page-title';

export function LandingPage() {
  usePageTitle('Muse');
  return (
    <PublicPage>
      <section className="flex flex-col items-center gap-6 py-12 text-center sm:py-20">
        <p className="rounded-full border border-ink-700 bg-ink-900 px-4 py-1 text-sm text-brand-300">
          70+ ready-made AI models
        </p>
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-white sm:text-6xl">
          Create, customise and monetise{' '}
          <span className="bg-gradient-to-r from-brand-400 to-accent-400 bg-clip-text text-transparent">
            AI influencers
          </span>
        </h1>
        <p className="max-w-2xl text-lg text-zinc-400">
          Claim a persona from the marketplace or train one on your own photos, then generate photos
          and videos and sell pay-per-view content.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/register">Get Started</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/marketplace">Browse the Marketplace</Link>
          </Button>
        </div>
      </section>
    </PublicPage>
  );
}
