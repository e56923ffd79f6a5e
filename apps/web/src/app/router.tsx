import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import {
  INFLUENCER_PAGE_ROUTE,
  INVITATION_ROUTE,
  OPERATOR_ROUTE,
  PUBLIC_PAGE_PREFIX,
  TEST_CHECKOUT_ROUTE,
  TOOLS,
  type TProtectedPageRoute,
  type TPublicRoute,
} from '@muse/shared';
import { PublicLayout } from '../components/layout/public-layout';
import { PageSpinner } from '../components/ui/spinner';
import { TOOL_PAGE_KEYS } from '../features/tools/page-keys.gen';
import { ProtectedRoute } from './protected-route';

type TPageModule = Record<string, unknown>;

/** Each page is its own chunk, loaded when its route is first visited. */
function page<M extends TPageModule>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as React.ComponentType });
}

const publicPages: Record<Exclude<TPublicRoute, '/'>, RouteObject['lazy']> = {
  '/marketplace': page(() => import('../features/marketplace/marketplace-page'), 'MarketplacePage'),
  '/login': page(() => import('../features/auth/login-page'), 'LoginPage'),
  '/register': page(() => import('../features/auth/register-page'), 'RegisterPage'),
  '/forgot-password': page(
    () => import('../features/auth/forgot-password-page'),
    'ForgotPasswordPage',
  ),
  '/reset-password': page(
    () => import('../features/auth/reset-password-page'),
    'ResetPasswordPage',
  ),
  '/verify-email': page(() => import('../features/auth/verify-email-page'), 'VerifyEmailPage'),
  '/confirm-email': page(
    () => import('../features/account/confirm-email-page'),
    'ConfirmEmailPage',
  ),
  '/oauth-callback': page(
    () => import('../features/auth/oauth-callback-page'),
    'OAuthCallbackPage',
  ),
  '/support': page(() => import('../features/support/support-page'), 'SupportPage'),
  '/terms': page(() => import('../features/legal/terms-page'), 'TermsPage'),
  '/privacy': page(() => import('../features/legal/privacy-page'), 'PrivacyPage'),
};

const tools = () => import('../features/tools/pages');

/** Every tool with a page in features/tools, at its descriptor's path, all in one chunk. */
const toolPages: Record<string, RouteObject['lazy']> = Object.fromEntries(
  TOOL_PAGE_KEYS.map((key) => [
    TOOLS[key].path,
    async () => ({ Component: (await tools()).TOOL_PAGES[key] }),
  ]),
);

// The onboarding is a full page of its own, without the app shell (see the routes below).
const protectedPages: Record<Exclude<TProtectedPageRoute, '/onboarding'>, RouteObject['lazy']> = {
  '/dashboard': page(() => import('./routes/dashboard'), 'DashboardRoute'),
  '/influencers': page(() => import('../features/influencers/influencers-page'), 'InfluencersPage'),
  '/products': page(() => import('./routes/products'), 'ProductsRoute'),
  '/tools': page(tools, 'ToolsPage'),
  '/view-all': page(tools, 'ToolsPage'),
  '/gallery': page(() => import('../features/gallery/gallery-page'), 'GalleryPage'),
  '/credits': page(() => import('../features/billing/pages'), 'CreditsPage'),
  '/subscriptions': page(() => import('../features/billing/pages'), 'SubscriptionsPage'),
  '/calendar': page(() => import('../features/publishing/calendar-page'), 'CalendarPage'),
  '/approvals': page(() => import('../features/approvals/approvals-page'), 'ApprovalsPage'),
  '/activity': page(() => import('../features/activity/activity-page'), 'ActivityPage'),
  '/earnings': page(() => import('../features/publishing/earnings-page'), 'EarningsPage'),
  '/purchases': page(() => import('../features/purchases/purchases-page'), 'PurchasesPage'),
  '/settings': page(() => import('../features/account/settings-page'), 'SettingsPage'),
  '/settings/api-keys': page(() => import('../features/developers/api-keys-page'), 'ApiKeysPage'),
  '/settings/webhooks': page(() => import('../features/developers/webhooks-page'), 'WebhooksPage'),
};

const publicPage = () => import('../features/public-page/public-page-routes');

export const routes: RouteObject[] = [
  {
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            index: true,
            lazy: page(() => import('../features/landing/landing-page'), 'LandingPage'),
          },
          ...Object.entries(publicPages).map(([path, lazy]) => ({ path, lazy })),
          // An invitation link: readable signed out, joined once signed in (docs/product/teams.md).
          {
            path: `${INVITATION_ROUTE}/:token`,
            lazy: page(() => import('../features/account/invitation-page'), 'InvitationPage'),
          },
        ],
      },
      // An influencer's public page and its posts: open to all, in a slim layout of their own
      // made for fans on phones (features/public-page/components/fan-layout.tsx).
      {
        path: `${PUBLIC_PAGE_PREFIX}/:handle`,
        lazy: page(publicPage, 'PublicInfluencerPage'),
      },
      {
        path: `${PUBLIC_PAGE_PREFIX}/:handle/posts/:postId`,
        lazy: page(publicPage, 'PublicPostPage'),
      },
      // The operators' console: it decides itself who sees it, and sends anyone else to / as an
      // unknown path is (docs/product/reports-and-takedown.md).
      {
        path: OPERATOR_ROUTE,
        lazy: page(() => import('../features/operator/operator-page'), 'OperatorPage'),
      },
      {
        element: <ProtectedRoute />,
        children: [
          {
            lazy: page(() => import('../components/layout/app-shell/app-shell'), 'AppShell'),
            children: [
              ...Object.entries({ ...protectedPages, ...toolPages }).map(([path, lazy]) => ({
                path,
                lazy,
              })),
              {
                path: `${INFLUENCER_PAGE_ROUTE}/:id`,
                lazy: page(() => import('./routes/persona'), 'PersonaRoute'),
              },
            ],
          },
          // The 7-step onboarding, a full page of its own, no app shell.
          {
            path: '/onboarding' satisfies TProtectedPageRoute,
            lazy: page(() => import('../features/onboarding/onboarding-page'), 'OnboardingPage'),
          },
          // Muse's own TEST MODE checkout (no Stripe keys): a full page of its own, no app shell.
          {
            path: `${TEST_CHECKOUT_ROUTE}/:sessionId`,
            lazy: page(() => import('../features/billing/pages'), 'TestCheckoutPage'),
          },
        ],
      },
      // Any unknown path redirects to / (docs/product/api.md).
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
