import type { FastifyInstance } from 'fastify';
import {
  API_KEY_PREFIX,
  isUuid,
  roleCan,
  WORKSPACE_TEXTS,
  type TWorkspaceRight,
  type TWorkspaceRole,
} from '@muse/shared';
import { AppError, notFound, unauthorised } from '../lib/errors';
import { bearerToken } from '../lib/tokens';
import type { TAuthenticated, TSessionUser } from '../modules/auth/sessions';

/** The workspace a request works in, and the caller's role there (docs/product/teams.md). */
export type TRequestWorkspace = { id: string; role: TWorkspaceRole; personal: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user and session; set on every route of the protected scope. */
    auth: TAuthenticated;
    /** The workspace the request is for; set with `auth`. */
    workspace: TRequestWorkspace;
  }
  interface FastifyContextConfig {
    /**
     * The right in the request's workspace a route needs (docs/product/teams.md). A read needs
     * 'view', which every member has; every other route of the protected scope names its right,
     * or is `person`'s.
     */
    right?: TWorkspaceRight;
    /** A route about the signed-in person alone (their sessions, settings, purchases, data). */
    person?: boolean;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/** The right a route needs in the request's workspace; null for a person's own route. */
export function routeRight(
  method: string,
  config: { right?: TWorkspaceRight; person?: boolean },
): TWorkspaceRight | null {
  if (config.person) return null;
  return config.right ?? (READ_METHODS.has(method) ? 'view' : null);
}

/** The refusal of a call the caller's role lacks the right to. */
export const roleForbids = (role: TWorkspaceRole) =>
  new AppError(403, WORKSPACE_TEXTS.roleForbids(role), 'WORKSPACE_ROLE_FORBIDS');

/**
 * Refuses a route that changes something without naming its right: found when the app starts,
 * so no route of the protected scope (or of /api/v1) can leave the rights out.
 */
export function requireRouteRights(scope: FastifyInstance, where: string): void {
  scope.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { right?: TWorkspaceRight; person?: boolean };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (!READ_METHODS.has(method) && routeRight(method, config) === null && !config.person)
        throw new Error(`The ${where} route ${method} ${route.url} names no workspace right`);
    }
  });
}

/** The header the web app names the workspace of a request with. */
export const WORKSPACE_HEADER = 'x-muse-workspace';

const workspaceNotFound = () => notFound('There is no such workspace.', 'WORKSPACE_NOT_FOUND');

/**
 * The workspace `header` names, among the person's memberships; without a header, their
 * personal workspace (its id is theirs). Another person's workspace, one the person has left and
 * a malformed id all answer the same 404 (docs/decisions/0055-workspaces.md).
 */
export function requestWorkspace(
  user: Pick<TSessionUser, 'id' | 'memberships'>,
  header: string | string[] | undefined,
): TRequestWorkspace {
  const wanted = typeof header === 'string' && header !== '' ? header : user.id;
  if (!isUuid(wanted)) throw workspaceNotFound();
  const membership = user.memberships.find((one) => one.workspaceId === wanted);
  if (!membership) throw workspaceNotFound();
  return { id: wanted, role: membership.role, personal: wanted === user.id };
}

/**
 * Makes `scope` the protected scope: every route registered inside it answers 401 without a
 * valid, live session, and its handlers find the session in `request.auth`. Called once, by
 * app.ts, so route files never opt in or out themselves.
 */
export function registerAuthentication(scope: FastifyInstance): void {
  requireRouteRights(scope, 'protected');
  scope.decorateRequest('auth', null as unknown as TAuthenticated);
  scope.decorateRequest('workspace', null as unknown as TRequestWorkspace);
  // Callback hooks, not async ones: a session found in memory (the usual case) costs no promise
  // on the hottest path of the API.
  scope.addHook('onRequest', (request, _reply, done) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return done(unauthorised());
    // A program's key calls /api/v1 only; the web app's routes, key management among them, need
    // a person signed in.
    if (token.startsWith(API_KEY_PREFIX)) return done(sessionRequired());
    const signedIn = (found: TAuthenticated) => {
      request.auth = found;
      const right = routeRight(request.method, request.routeOptions.config);
      // A person's own route works whatever workspace the web app has open.
      if (right === null) {
        request.workspace = { id: found.user.id, role: 'owner', personal: true };
        return done();
      }
      try {
        request.workspace = requestWorkspace(found.user, request.headers[WORKSPACE_HEADER]);
      } catch (error) {
        return done(error as Error);
      }
      if (!roleCan(request.workspace.role, right)) return done(roleForbids(request.workspace.role));
      done();
    };
    const found = scope.sessionCache.find(token);
    if (!(found instanceof Promise)) return signedIn(found);
    found.then((found) => {
      if (!found) return done(unauthorised());
      signedIn(found);
    }, done);
  });
  // Whatever a signed-in request changes about its own account shows in its next request on
  // this instance; other instances learn it from the database (docs/decisions/0031-session-cache-and-hot-reads.md).
  scope.addHook('onSend', (request, _reply, payload, done) => {
    if (!READ_METHODS.has(request.method) && request.auth) {
      scope.sessionCache.forget(request.auth.user.id);
      scope.dashboardCache.forget(request.workspace.id);
      scope.calendarCache.forget(request.workspace.id);
      scope.publicPages.forgetWorkspace(request.workspace.id);
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
