import { PRERENDERED_ROUTES, prerenderedFile, type TPrerenderedRoute } from '@muse/shared';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { loadRouteModules } from './app/load-route-modules';
import { Providers, makeQueryClient } from './app/providers';
import { routes } from './app/router';
import { LANDING_PLACE, LandingRoot } from './features/landing/landing-root';
import { MARKETPLACE_MODELS_DATA_ID, seedMarketplaceModels } from './lib/marketplace-models';
import { withRenderedHead, type TPageHead } from './lib/use-page-title';

/** What a page is rendered with beyond its address: the marketplace's list, as the API answers it. */
export type TPageData = { marketplaceModels?: unknown };

/**
 * Renders a public page to HTML, signed out, as the browser's first render of it will be: the
 * landing as landing-main.tsx hydrates it, every other page through the app's routes and
 * providers as main.tsx hydrates it. scripts/prerender.mjs writes the pages at build time,
 * without data; the server renders the marketplace again with its models whenever they change
 * (`renderMarketplacePage`; docs/decisions/0034-prerendered-public-pages.md).
 */
export async function renderPage(
  route: TPrerenderedRoute,
  data: TPageData = {},
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
  const queryClient = makeQueryClient();
  if (data.marketplaceModels) seedMarketplaceModels(queryClient, data.marketplaceModels);
  return withRenderedHead(() =>
    renderToString(
      <StrictMode>
        <Providers queryClient={queryClient}>
          {/* No inline script with the router's state: there is no loader data to carry. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </Providers>
      </StrictMode>,
    ),
  );
}

/** Where the marketplace's page template (written by scripts/prerender.mjs) takes the page. */
export const PAGE_MARKUP = '<!--muse:markup-->';
/** Where it takes the data the page was rendered from. */
export const PAGE_DATA = '<!--muse:data-->';

/**
 * The marketplace page with its models, for the server to answer: `template` is the page's
 * prerendered HTML with `PAGE_MARKUP` inside its #root and `PAGE_DATA` after it, `answer` the
 * list as GET /api/marketplace/models sends it (JSON). The page carries the answer, so its scripts
 * hydrate the same cards instead of asking for them again.
 */
export async function renderMarketplacePage(template: string, answer: string): Promise<string> {
  const { markup } = await renderPage('/marketplace', { marketplaceModels: JSON.parse(answer) });
  // JSON in a script element: `<` escaped, so no text of the list can close the element.
  const data = `<script type="application/json" id="${MARKETPLACE_MODELS_DATA_ID}">${answer.replace(/</g, '\\u003c')}</script>`;
  return template.replace(PAGE_MARKUP, () => markup).replace(PAGE_DATA, () => data);
}

export { PRERENDERED_ROUTES, prerenderedFile };
