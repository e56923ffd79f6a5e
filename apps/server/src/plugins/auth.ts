import type { FastifyInstance } from 'fastify';
import { API_KEY_PREFIX } from '@muse/shared';
import { AppError, unauthorised } from '../lib/errors';
import { bearerToken } from '../lib/tokens';
import type { TAuthenticated } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user and session; set on every route of the protected scope. */
    auth: TAuthenticated;
  }
}

/**
 * Makes `scope` the protected scope: every route registered inside it answers 401 without a
 * valid, live session, and its handlers find the session in `request.auth`. Called once, by
 * app.ts, so route files never opt in or out themselves.
 */
export function registerAuthentication(scope: FastifyInstance): void {
  scope.decorateRequest('auth', null as unknown as TAuthenticated);
  // Callback hooks, not async ones: a session found in memory (the usual case) costs no promise
  // on the hottest path of the API.
  scope.addHook('onRequest', (request, _reply, done) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return done(unauthorised());
    // A program's key calls /api/v1 only; the web app's routes, key management among them, need
    // a person signed in.
    if (token.startsWith(API_KEY_PREFIX)) return done(sessionRequired());
    const found = scope.sessionCache.find(token);
    if (!(found instanceof Promise)) {
      request.auth = found;
      return done();
    }
    found.then((found) => {
      if (!found) return done(unauthorised());
      request.auth = found;
      done();
    }, done);
  });
  // Whatever a signed-in request changes about its own account shows in its next request on
  // this instance; other instances learn it from the database (docs/decisions/0031-session-cache-and-hot-reads.md).
  scope.addHook('onSend', (request, _reply, payload, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && request.auth) {
      scope.sessionCache.forget(request.auth.user.id);
      scope.dashboardCache.forget(request.auth.user.id);
      scope.calendarCache.forget(request.auth.user.id);
    }
    done(null, payload);
  });
}

/** The refusal of an API key outside /api/v1. */
export const sessionRequired = () =>
  new AppError(
    403,
    'This call needs a signed-in session: API keys call /api/v1, and are managed from Settings',
    'SESSION_REQUIRED',
  );
