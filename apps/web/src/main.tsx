import '@fontsource-variable/inter';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { nextTask } from './after-first-paint';
import { loadRouteModules } from './app/load-route-modules';
import { Providers, makeQueryClient } from './app/providers';
import { createRouter, routes } from './app/router';
import { PageHydrated, hydratingPage } from './components/layout/use-hydrated';
import { seedMarketplaceModelsFromPage } from './lib/marketplace-models';
import { seedPublicConfigFromPage } from './lib/public-config';

// zod compiles its parsers with `new Function` where a page allows it. Muse's content security
// policy does not (apps/server/src/plugins/security.ts), and zod's probe for it shows as a
// policy violation in the browser: parse without compiling. zod reads its settings from this
// global when it loads, which is later, with the first schema a page uses: none is built on a
// public page's first load (docs/decisions/0036-schemas-on-first-use.md).
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  jitless: true,
};

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// A public page arrives rendered with the server's settings (and the marketplace with its
// models), and carries them for its first render.
const queryClient = makeQueryClient();
seedPublicConfigFromPage(queryClient, document);
seedMarketplaceModelsFromPage(queryClient, document);

const app = (router: ReturnType<typeof createRouter>) => (
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

/**
 * A public page arrives prerendered (`data-prerendered` names its path) and hydrates; any other
 * page renders here. The prerendered HTML was rendered without a query string: with one (a
 * return path, say), the page renders afresh over it
 * (docs/decisions/0034-prerendered-public-pages.md). The landing has an entry of its own,
 * landing-main.tsx.
 */
const { pathname, search } = window.location;
if (container.dataset.prerendered === pathname && search === '') {
  // Not a top-level await: the page's route modules import the chunk this module ships in,
  // which would wait for itself. The start is cut into tasks (loading the page's modules, making
  // the router, hydrating), and hydration is a transition, which yields to the browser every few
  // milliseconds instead of holding the page for the whole of it
  // (docs/decisions/0034-prerendered-public-pages.md, docs/decisions/0036-schemas-on-first-use.md).
  const hydration = hydratingPage();
  void (async () => {
    await nextTask();
    await loadRouteModules(routes, pathname);
    const router = createRouter();
    await nextTask();
    startTransition(() => {
      hydrateRoot(
        container,
        <>
          {app(router)}
          <PageHydrated done={hydration.done} />
        </>,
      );
    });
  })();
} else {
  createRoot(container).render(app(createRouter()));
}
