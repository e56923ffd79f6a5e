import { TOOL_LIST, type TToolRoute } from './tool-list';
import { PUBLIC_PAGE_PREFIX } from './public-page-path';
import { UUID_PATTERN } from './uuid';

/**
 * Every client route of the product (docs/product/public-site.md, docs/product/workspace.md). The web
 * router and the server's history fallback (`isClientRoute`) both read these lists, so a
 * route exists in exactly one place.
 */
export const PUBLIC_ROUTES = [
  '/',
  '/marketplace',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/confirm-email',
  '/support',
  '/terms',
  '/privacy',
  '/oauth-callback',
] as const;

/** The protected pages that are not a tool's; each tool's page (`path`) is added below. */
export const PROTECTED_PAGE_ROUTES = [
  '/onboarding',
  '/dashboard',
  '/influencers',
  '/products',
  '/tools',
  '/view-all',
  '/gallery',
  '/credits',
  '/subscriptions',
  '/calendar',
  '/approvals',
  '/activity',
  '/earnings',
  '/purchases',
  '/settings',
  '/settings/api-keys',
  '/settings/webhooks',
] as const;

export type TPublicRoute = (typeof PUBLIC_ROUTES)[number];
export type TProtectedPageRoute = (typeof PROTECTED_PAGE_ROUTES)[number];
export type TProtectedRoute = TProtectedPageRoute | TToolRoute;

/** Every page behind sign-in: the pages above and each tool's page, read from its descriptor. */
export const PROTECTED_ROUTES: readonly TProtectedRoute[] = [
  ...new Set<TProtectedRoute>([...PROTECTED_PAGE_ROUTES, ...TOOL_LIST.map((tool) => tool.path)]),
];
export type TAppRoute = TPublicRoute | TProtectedRoute;

/**
 * The public pages rendered to HTML when the web app is built, each served at its path as that
 * HTML (docs/decisions/0034-prerendered-public-pages.md); they are also the pages of the
 * sitemap. The other public pages render in the browser only: they carry a link's one-time
 * token or a step of a sign-in.
 */
export const PRERENDERED_ROUTES = [
  '/',
  '/marketplace',
  '/login',
  '/register',
  '/support',
  '/terms',
  '/privacy',
] as const satisfies readonly TPublicRoute[];

export type TPrerenderedRoute = (typeof PRERENDERED_ROUTES)[number];

/** The file, in the build's `prerendered/` folder, that holds a prerendered page. */
export function prerenderedFile(route: TPrerenderedRoute): string {
  return route === '/' ? 'index.html' : `${route.slice(1)}.html`;
}

/**
 * The template of an influencer's public page, `/i/<handle>`, in the web build's `server/` folder
 * beside the other pages' templates: a page of its own entry, which the server renders with the
 * page's posts (`renderPublicPage`, docs/decisions/0058-public-page-for-fans.md).
 */
export const PUBLIC_PAGE_TEMPLATE = 'public-page.html';

/** Muse's own TEST MODE checkout page, `/checkout/test/<session id>` (without Stripe keys). */
export const TEST_CHECKOUT_ROUTE = '/checkout/test';

/** An influencer's own page, `/influencers/<id>`: its persona (docs/product/personas.md). */
export const INFLUENCER_PAGE_ROUTE = '/influencers';

// An influencer's public page, `/i/<handle>`, and its posts: PUBLIC_PAGE_PREFIX, in
// public-page-path.ts.

/**
 * An invitation link, `/invitations/<token>` (docs/product/teams.md): whom it invites where, and
 * joining. Open before signing in; the token is the link's one-time secret.
 */
export const INVITATION_ROUTE = '/invitations';

/**
 * The operators' console (docs/product/reports-and-takedown.md): a page of the app for everyone,
 * which shows an operator the console and anyone else what an unknown address shows.
 */
export const OPERATOR_ROUTE = '/operator';

/**
 * Whether a path is a page of the web app: one of the routes above (a trailing slash allowed),
 * an influencer's page, a public page or post, a test checkout or an invitation link. The server
 * answers these with the app and sends any other path to `/`.
 */
export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path.startsWith(`${INFLUENCER_PAGE_ROUTE}/`))
    return UUID_PATTERN.test(path.slice(INFLUENCER_PAGE_ROUTE.length + 1));
  if (path.startsWith(`${PUBLIC_PAGE_PREFIX}/`)) {
    const [handle, posts, postId, ...rest] = path.slice(PUBLIC_PAGE_PREFIX.length + 1).split('/');
    if (rest.length > 0 || !handle || !/^[a-z0-9._]{1,30}$/i.test(handle)) return false;
    if (posts === undefined) return true;
    return posts === 'posts' && postId !== undefined && UUID_PATTERN.test(postId);
  }
  if (path.startsWith(`${TEST_CHECKOUT_ROUTE}/`))
    return /^[\w-]+$/.test(path.slice(TEST_CHECKOUT_ROUTE.length + 1));
  if (path.startsWith(`${INVITATION_ROUTE}/`))
    return /^[\w-]{1,200}$/.test(path.slice(INVITATION_ROUTE.length + 1));
  return (
    path === OPERATOR_ROUTE ||
    (PUBLIC_ROUTES as readonly string[]).includes(path) ||
    (PROTECTED_ROUTES as readonly string[]).includes(path)
  );
}

/** Paths treated as public when a request answers 401 (docs/product/accounts.md). */
export const UNAUTHORISED_IGNORED_PATHS = ['/login', '/register', '/'] as const;
