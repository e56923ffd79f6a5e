import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './app';
import { errorCodeOf } from './error-answers';
import { apiRoutes } from './routes';

/** The routes anyone may call; every other route of the API must want a session. */
const PUBLIC_ROUTES = [
  'GET /api/health',
  'GET /api/config',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/verify-email',
  'POST /api/auth/confirm-email-change',
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  'POST /api/auth/google-callback',
  'GET /api/marketplace/models',
  'GET /api/marketplace/models/:id',
  'GET /api/marketplace/models/:id/images/:position',
  'GET /api/payments/pricing-plans',
  'GET /api/files/*',
  'GET /api/public/pages/:handle',
  // An account's export: the mailed token is the credential, signed in or not.
  'GET /api/account/exports/:id/download',
  'GET /api/public/pages/:handle/posts/:id',
  'GET /api/public/pages/:handle/picture',
  // 'Report' on a public page or post, for visitors too.
  'POST /api/reports',
  'GET /api/invitations/:token',
  // The operators' console answers 404, not 401, to anyone but an operator (operator.test.ts).
  'GET /api/operator/reports',
  'GET /api/operator/reports/:id',
  'GET /api/operator/reports/:id/consent-document',
  'POST /api/operator/reports/:id/hide-post',
  'POST /api/operator/reports/:id/hide-page',
  'POST /api/operator/reports/:id/suspend',
  'POST /api/operator/reports/:id/dismiss',
  'GET /api/operator/refusals',
  'POST /api/operator/refusals/:id/review',
  'GET /api/operator/audit',
  // A browser back from a platform's consent screen (the state bound to it says whose flow).
  'GET /api/platforms/:platform/callback',
  'GET /api/dev/mailbox',
  // The public API's description: what a program reads to know how to call it.
  'GET /api/v1/openapi.json',
];

let app: FastifyInstance;
let routes: string[];

beforeAll(async () => {
  ({ app } = await createTestApp());
  routes = apiRoutes(app);
});

describe('the protected scope', () => {
  it('reads the whole route tree', () => {
    expect(routes).toEqual(expect.arrayContaining(PUBLIC_ROUTES));
    expect(routes).toEqual(
      expect.arrayContaining(['GET /api/auth/me', 'POST /api/jobs', 'GET /api/jobs/:id/events']),
    );
  });

  it('every route that is not public answers 401 without a token, and with a wrong one', async () => {
    const protectedRoutes = routes.filter((route) => !PUBLIC_ROUTES.includes(route));
    expect(protectedRoutes.length).toBeGreaterThan(25);
    for (const route of protectedRoutes) {
      const [method, path] = route.split(' ') as [string, string];
      const url = path.replace(/:\w+/g, '1').replace('*', 'x');
      for (const headers of [{}, { authorization: `Bearer ${'x'.repeat(43)}` }]) {
        const response = await app.inject({ method: method as 'GET', url, headers });
        expect({ route, status: response.statusCode }).toEqual({ route, status: 401 });
        expect({ route, code: errorCodeOf(response) }).toEqual({ route, code: 'UNAUTHORISED' });
      }
    }
  });
});
