import {
  PRERENDERED_ROUTES,
  PUBLIC_PAGE_TEMPLATE,
  prerenderedFile,
  type TPrerenderedRoute,
} from '@muse/shared';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { loadRouteModules } from './app/load-route-modules';
import { Providers, makeQueryClient } from './app/providers';
import { routes } from './app/router';
import { LANDING_PLACE, LandingRoot } from './features/landing/landing-root';
import { FanPageRoot } from './features/public-page/fan-page-root';
import { PUBLIC_PAGE_DATA_ID, pageAnswerOf } from './features/public-page/page-answer';
import { MARKETPLACE_MODELS_DATA_ID, seedMarketplaceModels } from './lib/marketplace-models';
import { pageDataScript } from './lib/page-data';
import { PUBLIC_CONFIG_DATA_ID, seedPublicConfig } from './lib/public-config';
import { withRenderedHead, type TPageHead } from './lib/use-page-title';

/**
 * What a page is rendered with beyond its address, as the API answers it: the server's public
 * settings (GET /api/config) and, for the marketplace, its list.
 */
export type TPageData = { publicConfig?: unknown; marketplaceModels?: unknown };

/**
 * Renders a public page to HTML, signed out, as the browser's first render of it will be: the
 * landing as landing-main.tsx hydrates it, every other page through the app's routes and
 * providers as main.tsx hydrates it. scripts/prerender.mjs writes the pages at build time,
 * without data; the server renders them again with its settings, and the marketplace with its
 * models whenever they change (`renderServedPage`; docs/decisions/0034-prerendered-public-pages.md).
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
  if (data.publicConfig) seedPublicConfig(queryClient, data.publicConfig);
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

/** Where a page's template (written by scripts/prerender.mjs) takes the page. */
export const PAGE_MARKUP = '<!--muse:markup-->';
/** Where it takes the data the page was rendered from. */
export const PAGE_DATA = '<!--muse:data-->';

/** The API's answers a page is rendered from, as JSON, as the server sends them. */
export type TServedData = { publicConfig: string; marketplaceModels?: string };

/**
 * A public page of the app as the server answers it: `template` is the page's prerendered HTML
 * with `PAGE_MARKUP` inside its #root and `PAGE_DATA` after it; the page is rendered from the
 * server's public settings (and the marketplace from its list) and carries them, so its scripts
 * hydrate the same page instead of asking for them again.
 */
export async function renderServedPage(
  route: Exclude<TPrerenderedRoute, '/'>,
  template: string,
  data: TServedData,
): Promise<string> {
  const carried: [string, string][] = [[PUBLIC_CONFIG_DATA_ID, data.publicConfig]];
  if (data.marketplaceModels !== undefined) {
    carried.push([MARKETPLACE_MODELS_DATA_ID, data.marketplaceModels]);
  }
  const { markup } = await renderPage(route, {
    publicConfig: JSON.parse(data.publicConfig),
    marketplaceModels:
      data.marketplaceModels === undefined ? undefined : JSON.parse(data.marketplaceModels),
  });
  const scripts = carried.map(([id, json]) => pageDataScript(id, json)).join('');
  return template.replace(PAGE_MARKUP, () => markup).replace(PAGE_DATA, () => scripts);
}

/** The API's answers an influencer's public page is rendered from, as JSON, as the server has them. */
export type TPublicPageData = {
  /** GET /api/config's answer. */
  publicConfig: string;
  /** GET /api/public/pages/:handle's answer to a visitor without a session (`TPublicPageResponse`). */
  page: string;
};

/**
 * An influencer's public page, `/i/<handle>`, as the server answers it
 * (docs/decisions/0058-public-page-for-fans.md): `template` is the page's own entry
 * (`PUBLIC_PAGE_TEMPLATE`, written by scripts/prerender.mjs) with `PAGE_MARKUP` inside its #root and
 * `PAGE_DATA` after it. The page is rendered as a signed-out visitor sees it, locked posts as their
 * blurred previews only, and carries the answer it was rendered from (and the server's settings),
 * so its scripts (public-page-main.tsx) hydrate the same page without asking for it again. The
 * head is the template's: the server writes the page's link preview into it.
 */
export async function renderPublicPage(template: string, data: TPublicPageData): Promise<string> {
  const answer = pageAnswerOf(JSON.parse(data.page));
  if (!answer) throw new Error('The page is not an answer of GET /api/public/pages/:handle');
  // Every visitor gets this page and its data: an answer for a viewer (a locked post's original,
  // a post bought or their own) is refused, never rendered.
  const forViewer = answer.posts.some(
    (post) =>
      post.own ||
      post.purchased ||
      (post.locked && post.items.some((item) => item.url !== null || item.thumbnailUrl !== null)),
  );
  if (forViewer) throw new Error("The page is not a visitor's answer: it shows a viewer's posts");
  const markup = renderToString(<FanPageRoot answer={answer} />);
  const scripts = [
    pageDataScript(PUBLIC_PAGE_DATA_ID, data.page),
    pageDataScript(PUBLIC_CONFIG_DATA_ID, data.publicConfig),
  ].join('');
  return template.replace(PAGE_MARKUP, () => markup).replace(PAGE_DATA, () => scripts);
}

export { PRERENDERED_ROUTES, PUBLIC_PAGE_TEMPLATE, prerenderedFile };
