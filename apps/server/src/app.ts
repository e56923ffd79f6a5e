import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TErrorResponse } from '@muse/shared';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TConfig } from './config';
import type { TDatabaseHandle } from './db/client';
import { WEB_DIST_DIR } from './lib/paths';
import { createResponseSerializerCompiler } from './lib/response-serializer';
import { createApiKeyCache, type TApiKeyCache } from './modules/api-keys/key-cache';
import { accountDataPublicRoutes, accountDataRoutes } from './modules/account-data/routes';
import { apiKeyRoutes } from './modules/api-keys/routes';
import { authPublicRoutes, authRoutes } from './modules/auth/routes';
import {
  billingPublicRoutes,
  billingRoutes,
  billingStripeEventsOf,
  planTestCheckouts,
} from './modules/billing/routes';
import { publicConfigRoutes } from './modules/config/routes';
import { createDashboardCache, type TDashboardCache } from './modules/dashboard/cache';
import { createCalendarCache, type TCalendarCache } from './modules/publishing/calendar-cache';
import { createPublicPageCache, type TPublicPageCache } from './modules/publishing/page-cache';
import {
  createMarketplaceListCache,
  type TMarketplaceListCache,
} from './modules/marketplace/list-cache';
import { dashboardRoutes } from './modules/dashboard/routes';
import { fileRoutes } from './modules/files/routes';
import { healthRoutes } from './modules/health/routes';
import { influencerRoutes } from './modules/influencers/routes';
import { personaRoutes } from './modules/personas/routes';
import { voiceRoutes } from './modules/personas/voice-routes';
import { draftRoutes } from './modules/drafts/routes';
import { galleryRoutes } from './modules/gallery/routes';
import { createCacheEvents, type TCacheEvents } from './lib/cache-events';
import { createSessionCache, type TSessionCache } from './modules/auth/session-cache';
import { createJobEvents, type TJobEvents } from './modules/jobs/events';
import { providerWebhookRoutes } from './modules/jobs/provider-webhooks';
import { jobRoutes } from './modules/jobs/routes';
import { createMailer, type TMailer } from './modules/mail/mailer';
import { devMailboxRoutes } from './modules/mail/routes';
import { marketplacePublicRoutes, marketplaceRoutes } from './modules/marketplace/routes';
import { onboardingRoutes } from './modules/onboarding/routes';
import { operatorRoutes } from './modules/operator/routes';
import { platformCallbackRoutes, platformRoutes } from './modules/platforms/routes';
import { productRoutes } from './modules/products/routes';
import { reportPublicRoutes } from './modules/reports/routes';
import { apiReferenceRoutes } from './modules/public-api/reference';
import { publicApi } from './modules/public-api/plugin';
import { publishingPublicRoutes, publishingRoutes } from './modules/publishing/routes';
import { paymentWebhookRoutes, testCheckoutRoutes } from './modules/payments/routes';
import { postTestCheckouts, salesRoutes, salesStripeEventsOf } from './modules/sales/routes';
import { invitationPublicRoutes, workspaceRoutes } from './modules/workspaces/routes';
import { userPublicRoutes, userRoutes } from './modules/users/routes';
import { LOG_SERIALIZERS, safeUrl } from './lib/log-serializers';
import { registerAuthentication } from './plugins/auth';
import { clientErrorCode, registerErrorHandler } from './plugins/error-handler';
import { registerSecurity } from './plugins/security';
import { registerWebApp } from './plugins/web';
import type { TServices } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    config: TConfig;
    database: TDatabaseHandle;
    /** Sends mail: the job worker started with this app sends account mail with it (docs/decisions/0022-email-verification-and-google-linking.md). */
    mailer: TMailer;
    /** Storage, file URLs, engines and the persona writer, shared with the job worker. */
    services: TServices;
    /** Changes of jobs from every instance (LISTEN/NOTIFY). */
    jobEvents: TJobEvents;
    /** Changes behind the in-memory caches, from every instance (LISTEN/NOTIFY, 0031). */
    cacheEvents: TCacheEvents;
    /** Live sessions of this instance, cleared by changes from every instance (docs/decisions/0031-session-cache-and-hot-reads.md). */
    sessionCache: TSessionCache;
    /** Live API keys of this instance, cleared by changes from every instance (docs/decisions/0031-session-cache-and-hot-reads.md). */
    apiKeyCache: TApiKeyCache;
    /** Dashboards of this instance, cleared by changes from every instance (docs/decisions/0031-session-cache-and-hot-reads.md). */
    dashboardCache: TDashboardCache;
    /** Calendar answers of this instance, cleared by changes from every instance (docs/decisions/0031-session-cache-and-hot-reads.md). */
    calendarCache: TCalendarCache;
    /** The public marketplace list, encoded once per change from any instance (docs/decisions/0031-session-cache-and-hot-reads.md). */
    marketplaceList: TMarketplaceListCache;
    /** Public pages as visitors see them, read once per change from any instance (docs/decisions/0058-public-page-for-fans.md). */
    publicPages: TPublicPageCache;
  }
}

export type TBuildAppOptions = {
  config: TConfig;
  database: TDatabaseHandle;
  /** Built by `createServices`; the caller stops them after closing the app. */
  services: TServices;
  /** Where the built web app lives; tests point it elsewhere or at nothing. */
  webDistDir?: string;
  /** Where log lines go (standard output unless a test listens). */
  logStream?: { write: (line: string) => void };
};

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** A request id from a trusted proxy is kept so logs line up across hops; anything else is replaced. */
function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** How development logs read: one line each, time of day, no process id or host. */
export const PRETTY_LOG_OPTIONS = {
  translateTime: 'HH:MM:ss',
  ignore: 'pid,hostname',
  singleLine: true,
};

function loggerOptions(config: TConfig, stream: TBuildAppOptions['logStream']) {
  if (stream) return { level: config.LOG_LEVEL, stream, serializers: LOG_SERIALIZERS };
  return {
    level: config.LOG_LEVEL,
    serializers: LOG_SERIALIZERS,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    ...(config.LOG_FORMAT === 'pretty'
      ? { transport: { target: 'pino-pretty', options: PRETTY_LOG_OPTIONS } }
      : {}),
  };
}

/**
 * One log line per request, when it ends, instead of Fastify's two (one on arrival, one on
 * completion): the request id, method, URL (without secret query values, see `safeUrl`),
 * status and time in milliseconds
 * (docs/decisions/0031-session-cache-and-hot-reads.md).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    // Flat fields, not Fastify's nested `req` and `res`: the line says only what it needs to,
    // and the logger writes each field as it is instead of encoding an object per request.
    const line = {
      method: request.method,
      // The path and harmless query values only: a link's token or signature is a secret.
      url: safeUrl(request.url),
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export async function buildApp(options: TBuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    genReqId: requestId,
    requestIdHeader: false,
    logController: new OneLinePerRequest({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: config.NODE_ENV === 'test',
    }),
    trustProxy: config.TRUST_PROXY,
    // A path the router cannot read (bad percent-encoding, an overlong parameter) is refused
    // before any route or error handler: it still answers in the API's error shape.
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode ?? 400;
      const answer: TErrorResponse = {
        success: false,
        error: error.message,
        code: status < 500 ? clientErrorCode(status) : 'INTERNAL_ERROR',
      };
      reply.raw
        .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(answer));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    createResponseSerializerCompiler({ check: config.NODE_ENV === 'test' }),
  );
  app.decorate('config', config);
  app.decorate('database', database);
  const mailer = createMailer(config, database.db, app.log);
  app.decorate('mailer', mailer);
  app.decorate('services', options.services);
  const jobEvents = createJobEvents(database.pool, app.log);
  await jobEvents.start();
  app.decorate('jobEvents', jobEvents);
  app.addHook('onClose', () => jobEvents.close());
  // Listening before the first request, so nothing is cached that a change could not clear.
  const cacheEvents = createCacheEvents(database.pool, app.log);
  await cacheEvents.start();
  app.decorate('cacheEvents', cacheEvents);
  const sessionCache = createSessionCache(database.db, cacheEvents);
  app.decorate('sessionCache', sessionCache);
  const apiKeyCache = createApiKeyCache(database.db, cacheEvents);
  app.decorate('apiKeyCache', apiKeyCache);
  const dashboardCache = createDashboardCache(cacheEvents);
  app.decorate('dashboardCache', dashboardCache);
  const calendarCache = createCalendarCache(cacheEvents);
  app.decorate('calendarCache', calendarCache);
  const marketplaceList = createMarketplaceListCache(database.db, cacheEvents);
  app.decorate('marketplaceList', marketplaceList);
  const publicPages = createPublicPageCache({
    db: database.db,
    files: options.services.files,
    cacheEvents,
    publicUrl: config.PUBLIC_URL,
  });
  app.decorate('publicPages', publicPages);
  app.addHook('onClose', async () => {
    publicPages.close();
    sessionCache.close();
    apiKeyCache.close();
    dashboardCache.close();
    calendarCache.close();
    marketplaceList.close();
    await cacheEvents.close();
  });
  // A callback hook: one promise fewer on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  registerErrorHandler(app);

  // External plugins, then the app's own, then routes.
  await registerSecurity(app, config);
  // A request without a body has nothing to decompress: reads skip the compression plugin's
  // request hook, which would otherwise run on every one of them.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.decompress === undefined && methods.every((m) => m === 'GET' || m === 'HEAD')) {
      route.decompress = false;
    }
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(multipart);
  await app.register(
    async (api) => {
      // Public routes: anyone may call them.
      await api.register(healthRoutes);
      await api.register(publicConfigRoutes);
      await api.register(authPublicRoutes);
      await api.register(userPublicRoutes);
      await api.register(accountDataPublicRoutes);
      await api.register(marketplacePublicRoutes);
      await api.register(publishingPublicRoutes);
      await api.register(reportPublicRoutes);
      await api.register(invitationPublicRoutes);
      await api.register(platformCallbackRoutes);
      await api.register(billingPublicRoutes);
      // Stripe's webhook: each module that sells through Stripe hands over its events.
      await api.register(paymentWebhookRoutes, {
        handlers: [billingStripeEventsOf, salesStripeEventsOf],
      });
      await api.register(fileRoutes);
      await api.register(providerWebhookRoutes);
      if (mailer.local && !config.isProduction) await api.register(devMailboxRoutes);
      // The operators' console: an unknown address (404) to anyone but a signed-in operator.
      await api.register(operatorRoutes);
      // The public API for programs: keys (or a session), scopes, idempotency, OpenAPI.
      await api.register(publicApi, { prefix: '/v1' });
      // The protected scope: every route inside answers 401 without a live session.
      await api.register(async (signedIn) => {
        registerAuthentication(signedIn);
        await signedIn.register(authRoutes);
        await signedIn.register(userRoutes);
        await signedIn.register(accountDataRoutes);
        await signedIn.register(apiKeyRoutes);
        await signedIn.register(marketplaceRoutes);
        await signedIn.register(billingRoutes);
        // The TEST MODE checkout (no Stripe keys) of a plan and of a post.
        await signedIn.register(testCheckoutRoutes, {
          plan: planTestCheckouts,
          post: postTestCheckouts,
        });
        await signedIn.register(onboardingRoutes);
        await signedIn.register(dashboardRoutes);
        await signedIn.register(influencerRoutes);
        await signedIn.register(personaRoutes);
        await signedIn.register(voiceRoutes);
        await signedIn.register(draftRoutes);
        await signedIn.register(productRoutes);
        await signedIn.register(jobRoutes);
        await signedIn.register(galleryRoutes);
        await signedIn.register(publishingRoutes);
        await signedIn.register(platformRoutes);
        await signedIn.register(salesRoutes);
        await signedIn.register(workspaceRoutes);
      });
    },
    { prefix: '/api' },
  );
  // The API's reference, a page of its own (Redoc, served from the package).
  await app.register(apiReferenceRoutes);
  await registerWebApp(app, options.webDistDir ?? WEB_DIST_DIR);

  return app;
}
