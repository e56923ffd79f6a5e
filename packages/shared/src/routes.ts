/**
 * Every client route of the product (docs/product/api.md). The web router and the server's
 * history fallback both read this list, so a route exists in exactly one place.
 */
export const PUBLIC_ROUTES = [
  '/',
  '/marketplace',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/support',
  '/terms',
  '/privacy',
  '/oauth-callback',
] as const;

export const PROTECTED_ROUTES = [
  '/onboarding',
  '/dashboard',
  '/influencers',
  '/products',
  '/tools',
  '/view-all',
  '/generate',
  '/generate-video',
  '/upscale',
  '/edit-image',
  '/generate-prompt',
  '/credits',
  '/subscriptions',
] as const;

export type TPublicRoute = (typeof PUBLIC_ROUTES)[number];
export type TProtectedRoute = (typeof PROTECTED_ROUTES)[number];
export type TAppRoute = TPublicRoute | TProtectedRoute;

/** Paths treated as public when a request answers 401. */
export const UNAUTHORISED_IGNORED_PATHS = ['/login', '/register', '/'] as const;
