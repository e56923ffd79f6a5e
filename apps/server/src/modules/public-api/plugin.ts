import {
  API_KEY_PREFIX,
  roleCan,
  type TApiScope,
  type TWorkspaceRight,
  type TWorkspaceRole,
} from '@muse/shared';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, unauthorised } from '../../lib/errors';
import { readMultipartForm, type TMultipartForm } from '../../lib/multipart';
import { bearerToken } from '../../lib/tokens';
import type { TApiKeyActor } from '../api-keys/service';
import { scopeMissing } from '../api-keys/service';
import { requestWorkspace, roleForbids, WORKSPACE_HEADER } from '../../plugins/auth';
import { webhookEndpointRoutes } from '../webhooks/routes';
import {
  checkIdempotencyKey,
  claimIdempotencyKey,
  completeIdempotencyKey,
  fingerprint,
} from './idempotency';
import { createKeyRateLimiter } from './key-rate-limit';
import type { TV1Multipart } from './multipart';
import { openApiOptions, openApiTransform, openApiTransformObject } from './openapi';
import { v1BillingRoutes } from './routes/billing';
import { v1GalleryRoutes } from './routes/gallery';
import { v1InfluencerRoutes } from './routes/influencers';
import { v1DraftRoutes } from './routes/drafts';
import { v1JobRoutes } from './routes/jobs';
import { v1ProductRoutes } from './routes/products';
import { v1PublishingRoutes } from './routes/publishing';

/**
 * Who calls the public API, and for which workspace: an API key (its workspace, within its
 * scopes), or a signed-in person (the workspace `X-Muse-Workspace` names, within their role).
 */
export type TCaller = {
  workspaceId: string;
  /** The person signed in; null for a key. */
  userId: string | null;
  /** The person's role in the workspace; null for a key, whose scopes decide. */
  role: TWorkspaceRole | null;
  apiKey: TApiKeyActor | null;
};

/**
 * The right a person calling a v1 route needs, by the route's scope: reading needs 'view', and
 * each scope's changes the right the web app's same routes need (docs/product/teams.md).
 */
const SCOPE_RIGHTS: Record<TApiScope, TWorkspaceRight> = {
  'influencers:read': 'view',
  'influencers:write': 'edit',
  'tools:run': 'spend',
  'publishing:write': 'schedule',
  'billing:read': 'view',
  'webhooks:write': 'developers',
};

/** Whose key space an Idempotency-Key is in: the API key's, or the person's in a workspace. */
function idempotencyOwner(caller: TCaller): string {
  if (caller.apiKey) return caller.apiKey.id;
  // A person's own workspace keeps the name it had before workspaces.
  return caller.workspaceId === caller.userId
    ? `session:${caller.userId}`
    : `session:${caller.userId}:${caller.workspaceId}`;
}

function rightFor(method: string, scope: TApiScope | undefined): TWorkspaceRight {
  if (!scope || method === 'GET' || method === 'HEAD') return 'view';
  return SCOPE_RIGHTS[scope];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a /api/v1 route. */
    caller: TCaller;
    /** The multipart form of a v1 route that takes one (`config.multipart`). */
    form: TMultipartForm | null;
  }
  interface FastifyContextConfig {
    /** The scope a key needs for this v1 route; every v1 route names one (or is `public`). */
    scope?: TApiScope;
    /** A v1 route anyone may call (the OpenAPI document). */
    public?: boolean;
    /** A v1 route that reads a multipart form: its files, and its fields for the document. */
    multipart?: TV1Multipart;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The public API under /api/v1 (docs/product/public-api.md, docs/decisions/0050-public-api.md):
 * a versioned surface over the same domain functions as the web app's routes. Every route names
 * the scope it needs; a key is checked for it, counted against its rate limit, and every POST
 * may carry an `Idempotency-Key`. The OpenAPI document is generated from the routes' schemas.
 */
export const publicApi: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const limiter = createKeyRateLimiter(db, app.config.API_RATE_LIMIT_PER_MINUTE);

  app.addHook('onRoute', (route) => {
    const config = route.config as { scope?: TApiScope; public?: boolean } | undefined;
    if (!config?.scope && !config?.public && route.method !== 'HEAD')
      throw new Error(`The v1 route ${String(route.method)} ${route.url} names no scope`);
  });
  await app.register(swagger, {
    ...openApiOptions(),
    transform: openApiTransform,
    transformObject: openApiTransformObject,
  });

  app.decorateRequest('caller', null as unknown as TCaller);
  app.decorateRequest('form', null);

  // Who is calling, and may they: the key (or session), its scope, its rate limit.
  app.addHook('onRequest', async (request, reply) => {
    const { config } = request.routeOptions;
    if (config.public) return;
    request.caller = await authenticate(app, request);
    const key = request.caller.apiKey;
    if (!key) {
      const { role } = request.caller;
      if (role && !roleCan(role, rightFor(request.method, config.scope))) throw roleForbids(role);
      return;
    }
    if (config.scope && !key.scopes.includes(config.scope)) throw scopeMissing(config.scope);
    const limit = await limiter.hit(key.id);
    reply.header('RateLimit-Policy', `"per-key";q=${limit.limit};w=${limit.windowSeconds}`);
    reply.header('RateLimit', `"per-key";r=${limit.remaining};t=${limit.resetSeconds}`);
    if (!limit.allowed) {
      reply.header('Retry-After', String(Math.max(1, limit.resetSeconds)));
      throw new AppError(
        429,
        'This API key made too many calls this minute: wait for the time in Retry-After',
        'RATE_LIMITED',
      );
    }
  });

  // A form is read whole before the handler, within its limits, so a repeat can be compared.
  app.addHook('preValidation', async (request) => {
    const { multipart } = request.routeOptions.config;
    if (multipart) request.form = await readMultipartForm(request, multipart);
  });

  // A POST with an Idempotency-Key answers what the first one with it answered.
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = checkIdempotencyKey(Array.isArray(header) ? (header[0] ?? '') : header);
    const claim = await claimIdempotencyKey(db, {
      workspaceId: request.caller.workspaceId,
      owner: idempotencyOwner(request.caller),
      key,
      fingerprint: fingerprint(
        request.method,
        request.url,
        request.form ? request.form.fields : request.body,
        request.form?.files,
      ),
    });
    if (claim.kind === 'replay') {
      reply.header('Idempotent-Replayed', 'true');
      return reply.status(claim.status).type('application/json; charset=utf-8').send(claim.body);
    }
    idempotentClaims.set(request, claim.id);
  });

  const idempotentClaims = new WeakMap<FastifyRequest, string>();
  app.addHook('onSend', async (request, reply, payload) => {
    const claim = idempotentClaims.get(request);
    if (claim) {
      idempotentClaims.delete(request);
      await completeIdempotencyKey(db, claim, reply.statusCode, String(payload));
    }
    // What a call changed shows in the next read of the web app on this instance too.
    if (WRITE_METHODS.has(request.method) && request.caller) {
      if (request.caller.userId) app.sessionCache.forget(request.caller.userId);
      app.dashboardCache.forget(request.caller.workspaceId);
      app.calendarCache.forget(request.caller.workspaceId);
      app.publicPages.forgetWorkspace(request.caller.workspaceId);
    }
    return payload;
  });

  app.get(
    '/openapi.json',
    { config: { public: true }, schema: { hide: true } },
    async (_request, reply: FastifyReply) => reply.type('application/json').send(app.swagger()),
  );

  await app.register(v1InfluencerRoutes);
  await app.register(v1JobRoutes);
  await app.register(v1DraftRoutes);
  await app.register(v1ProductRoutes);
  await app.register(v1GalleryRoutes);
  await app.register(v1PublishingRoutes);
  await app.register(v1BillingRoutes);
  await app.register(webhookEndpointRoutes);
};

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<TCaller> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw unauthorised('Send an API key: Authorization: Bearer muse_sk_…');
  if (token.startsWith(API_KEY_PREFIX)) {
    const found = await app.apiKeyCache.find(token);
    if (!found) throw unauthorised('This API key is unknown, revoked or expired');
    return {
      workspaceId: found.apiKey.workspaceId,
      userId: null,
      role: null,
      apiKey: found.apiKey,
    };
  }
  const session = await app.sessionCache.find(token);
  if (!session) throw unauthorised();
  const workspace = requestWorkspace(session.user, request.headers[WORKSPACE_HEADER]);
  return { workspaceId: workspace.id, userId: session.user.id, role: workspace.role, apiKey: null };
}
