import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the route modules a path shows and puts them in place of their `lazy` loaders, so a
 * router made afterwards renders that path at once. A prerendered page needs it: hydration must
 * render the page as the server did, not the loading spinner first (React Router's guide to
 * lazy routes with server rendering; docs/decisions/0034-prerendered-public-pages.md).
 */
export async function loadRouteModules(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
