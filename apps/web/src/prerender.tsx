import { PRERENDERED_ROUTES, prerenderedFile, type TPrerenderedRoute } from '@muse/shared';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { loadRouteModules } from './app/load-route-modules';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { LANDING_PLACE, LandingRoot } from './features/landing/landing-root';
import { withRenderedHead, type TPageHead } from './lib/use-page-title';

/**
 * Renders a public page to HTML at build time, signed out and without data, as the browser's
 * first render of it will be: the landing as landing-main.tsx hydrates it, every other page
 * through the app's routes and providers as main.tsx hydrates it. scripts/prerender.mjs writes
 * the pages (docs/decisions/0034-prerendered-public-pages.md).
 */
export async function renderPage(
  route: TPrerenderedRoute,
): Promise<{ markup: string; head: TPageHead }> {
  if (route === '/') {
    return withRenderedHead(() =>
      renderToString(<LandingRoot place={LANDING_PLACE} move={() => {}} />),
    );
  }
  await loadRouteModules(routes, route);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(route, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${route} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return withRenderedHead(() =>
    renderToString(
      <StrictMode>
        <Providers>
          {/* No inline script with the router's state: there is no loader data to carry. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StrictMode>,
    ),
  );
}

export { PRERENDERED_ROUTES, prerenderedFile };
