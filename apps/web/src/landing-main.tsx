import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PageHydrated, hydratingPage } from './components/layout/use-hydrated';
import { LandingInBrowser } from './features/landing/landing-root';

/**
 * The landing's scripts, which landing-boot.ts (the entry of landing.html) loads once the
 * prerendered landing has painted: they hydrate it with the landing alone, so a first visit loads
 * neither the app's router nor its data layer (docs/decisions/0034-prerendered-public-pages.md).
 * Any other page loads main.tsx.
 */
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// As a transition, hydration yields to the browser every few milliseconds.
if (container.hasChildNodes()) {
  const hydration = hydratingPage();
  startTransition(() => {
    hydrateRoot(
      container,
      <>
        <LandingInBrowser />
        <PageHydrated done={hydration.done} />
      </>,
    );
  });
} else createRoot(container).render(<LandingInBrowser />);
