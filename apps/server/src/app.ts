import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TConfig } from './config';
import type { TDatabaseHandle } from './db/client';
import { WEB_DIST_DIR } from './lib/paths';
import type { TAuthenticated } from './modules/auth/sessions';
import { authRoutes } from './modules/auth/routes';
import { publicConfigRoutes } from './modules/config/routes';
import { healthRoutes } from './modules/health/routes';
import { createMailer, type TMailer } from './modules/mail/mailer';
import { devMailboxRoutes } from './modules/mail/routes';
import { userRoutes } from './modules/users/routes';
import { marketplaceClaimRoutes, marketplaceRoutes } from './modules/marketplace/routes';
import { billingRoutes } from './modules/billing/routes';
import { createStorage } from './lib/create-storage';
import type { TStorage } from './lib/storage';
import { createFileUrlSigner, loadFileUrlSecret, type TFileUrlSigner } from './lib/file-urls';
import { fileRoutes } from './modules/files/routes';
import { onboardingRoutes } from './modules/onboarding/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { influencerRoutes } from './modules/influencers/routes';
import {
  createLocalPersonaWriter,
  type TPersonaWriter,
} from './modules/influencers/persona-writer';
import { productRoutes } from './modules/products/routes';
import { createEngines, type TEngines } from './engines';
import { createJobEvents, type TJobEvents } from './modules/jobs/events';
import { jobRoutes } from './modules/jobs/routes';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurity } from './plugins/security';
import { registerWebApp } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    config: TConfig;
    database: TDatabaseHandle;
    mailer: TMailer;
    storage: TStorage;
    /** Signs the expiring URLs that serve users' files. */
    files: TFileUrlSigner;
    /** Writes influencer personas ('Generate with AI', onboarding). */
    personaWriter: TPersonaWriter;
    /** The AI engine of each tool. */
    engines: TEngines;
    /** Changes of jobs from every instance (LISTEN/NOTIFY). */
    jobEvents: TJobEvents;
  }
}

export type TBuildAppOptions = {
  config: TConfig;
  database: TDatabaseHandle;
  /** Where the built web app lives; tests point it elsewhere or at nothing. */
  webDistDir?: string;
  /** Where files live; local disk under DATA_DIR/files unless given. */
  storage?: TStorage;
  /** The AI engines; chosen by configuration unless given. */
  engines?: TEngines;
  /** Writes personas; the local curated writer unless given. */
  personaWriter?: TPersonaWriter;
  /** Where log lines go (standard output unless a test listens). */
  logStream?: { write: (line: string) => void };
};

const REQUEST_ID = /^[\w.-]{1,64}$/;

/** A request id from a trusted proxy is kept so logs line up across hops; anything else is replaced. */
function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

function loggerOptions(config: TConfig, stream: TBuildAppOptions['logStream']) {
  if (stream) return { level: config.LOG_LEVEL, stream };
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    ...(config.LOG_FORMAT === 'pretty'
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
          },
        }
      : {}),
  };
}

export async function buildApp(options: TBuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    genReqId: requestId,
    requestIdHeader: false,
    logController: new LogController({
      requestIdLogLabel: 'requestId',
      disableRequestLogging: config.NODE_ENV === 'test',
    }),
    trustProxy: config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  const mailer = createMailer(config, database.db, app.log);
  app.decorate('mailer', mailer);
  app.decorate('storage', options.storage ?? createStorage(config));
  app.decorate(
    'files',
    createFileUrlSigner(await loadFileUrlSecret(config.FILE_URL_SECRET, config.DATA_DIR)),
  );
  app.decorate('personaWriter', options.personaWriter ?? createLocalPersonaWriter());
  const engines = options.engines ?? createEngines(config);
  app.decorate('engines', engines);
  // Engine threads end with the app (they only exist once a job has run).
  app.addHook('onClose', async () => {
    if ('stop' in engines && typeof engines.stop === 'function') await engines.stop();
  });
  const jobEvents = createJobEvents(database.pool, app.log);
  await jobEvents.start();
  app.decorate('jobEvents', jobEvents);
  app.addHook('onClose', () => jobEvents.close());
  // Filled in by the authentication hook on protected routes.
  app.decorateRequest('auth', null as unknown as TAuthenticated);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);

  // External plugins, then the app's own, then routes.
  await registerSecurity(app, config);
  await app.register(compress, { threshold: 1024 });
  await app.register(multipart);
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(publicConfigRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(marketplaceRoutes);
      await api.register(marketplaceClaimRoutes);
      await api.register(billingRoutes);
      await api.register(fileRoutes);
      await api.register(onboardingRoutes);
      await api.register(dashboardRoutes);
      await api.register(influencerRoutes);
      await api.register(productRoutes);
      await api.register(jobRoutes);
      if (mailer.local && !config.isProduction) await api.register(devMailboxRoutes);
    },
    { prefix: '/api' },
  );
  await registerWebApp(app, options.webDistDir ?? WEB_DIST_DIR);

  return app;
}
