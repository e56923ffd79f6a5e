import { existsSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type TConfig } from './config';
import { connectDatabase } from './db/client';
import { DatabaseStartError, openDatabase } from './db/open';
import type { TEmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';
import { developmentCertificateDir } from './lib/content-credentials';
import { StripeGateway } from './modules/payments/stripe-gateway';
import { publishingContext, startWorker } from './modules/jobs/worker';
import { webhookDeliveryContext } from './modules/webhooks/delivery';
import { backfillLicensedPortraits } from './modules/marketplace/claims';
import { seedMarketplace, warmUpPortraits } from './modules/marketplace/service';
import { unsupportedNode } from './runtime';
import { createServices, type TServices } from './services';

/** A start-up failure is one line that names what to fix, then exit code 1. */
function stop(reason: string): never {
  console.error(`Cannot start Muse: ${reason}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const runtime = unsupportedNode();
  if (runtime) stop(runtime);
  // A .env file in the working folder fills in variables the environment does not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: TConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) stop(error.message);
    throw error;
  }

  // Installed first, so a signal during start-up also stops what has started, in order.
  const started: {
    app?: Awaited<ReturnType<typeof buildApp>>;
    database?: ReturnType<typeof connectDatabase>;
    services?: TServices;
    embedded?: TEmbeddedPostgres;
    /** Awaited on shutdown, so a signal while the worker starts stops it once it has. */
    worker?: Promise<{ stop: () => Promise<void> }>;
    warmingUp?: Promise<void>;
  } = {};
  const shutdown = new AbortController();
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (!started.app) {
      if (err) console.error('Cannot start Muse:', err);
    } else if (err) started.app.log.error({ err }, 'Shutting down after an unexpected error');
    else started.app.log.info(`${signal ?? 'Shutdown'} received, shutting down`);
    shutdown.abort();
    await started.warmingUp;
    const worker = await started.worker?.catch(() => undefined);
    await worker?.stop();
    await started.app?.close();
    await started.services?.stop();
    await started.database?.close();
    await started.embedded?.stop();
  });

  let opened: Awaited<ReturnType<typeof openDatabase>>;
  try {
    opened = await openDatabase(config, (message) => console.log(message));
  } catch (error) {
    if (error instanceof DatabaseStartError) stop(error.message);
    throw error;
  }
  const { url, embedded } = opened;
  started.embedded = embedded;
  try {
    await runMigrations(url);
    const seeding = connectDatabase(url, { poolSize: 1 });
    await seedMarketplace(seeding.db).finally(() => seeding.close());
  } catch (error) {
    await embedded?.stop();
    stop(`database migrations failed: ${(error as Error).message}`);
  }
  const database = connectDatabase(url, { poolSize: config.DATABASE_POOL_SIZE });
  started.database = database;
  const services = await createServices(config);
  started.services = services;
  const app = await buildApp({ config, database, services });
  started.app = app;

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await app.close();
    await services.stop();
    await database.close();
    await embedded?.stop();
    if (code === 'EADDRINUSE')
      stop(`PORT ${config.PORT} is already in use; set PORT to a free port`);
    if (code === 'EACCES')
      stop(`PORT ${config.PORT} needs privileges this process lacks; set PORT above 1023`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
      stop(`HOST ${config.HOST} is not an address of this machine`);
    throw error;
  }
  // `npm start` runs a job worker in this process; dedicated workers run with `npm run worker`.
  // Workers also run the scheduled tasks (job recovery, billing, purges): with
  // WORKER_IN_SERVER=false, at least one dedicated worker must run.
  if (shutdown.signal.aborted) return;
  if (config.WORKER_IN_SERVER) {
    started.worker = startWorker({
      db: database.db,
      pool: database.pool,
      deps: services,
      concurrency: config.WORKER_CONCURRENCY,
      previewConcurrency: config.WORKER_PREVIEW_CONCURRENCY,
      log: app.log,
      mail: { mailer: app.mailer, publicUrl: config.PUBLIC_URL },
      warmUp: true,
      stripe: config.STRIPE_SECRET_KEY ? new StripeGateway(config) : null,
      webhooks: webhookDeliveryContext(config, services),
      publishing: publishingContext(config, services),
    });
    await started.worker;
  }
  if (shutdown.signal.aborted) return;

  // Draw the marketplace's portraits in the background; a request for one not drawn yet draws it.
  // Then give influencers claimed before personas kept photos their model's portraits.
  started.warmingUp = warmUpPortraits(database.db, services.storage, shutdown.signal)
    .then(async () => {
      const filled = await backfillLicensedPortraits(database.db, services, shutdown.signal);
      if (filled) app.log.info(`Reference portraits given to ${filled} claimed influencer(s)`);
    })
    .catch((error: unknown) =>
      app.log.warn({ err: error }, 'Preparing the marketplace portraits failed'),
    );
  if (config.isProduction && config.ENGINE_GENERATE_IMAGE === 'local')
    app.log.warn(
      "Generation runs offline (ENGINE_GENERATE_IMAGE=local): Generate makes free 'Offline preview' images, not new photos. Set ENGINE_GENERATE_IMAGE=fal and FAL_KEY for the hosted engine.",
    );
  app.log.info(
    `Muse is ready on ${config.PUBLIC_URL} (database: ${embedded ? `embedded, data in ${config.DATA_DIR}` : 'DATABASE_URL'}${services.developmentCredentials ? `; Content Credentials signed with the development certificate in ${developmentCertificateDir(config.DATA_DIR)}` : ''})`,
  );
}

main().catch((error: unknown) => {
  console.error('Cannot start Muse:', error);
  process.exit(1);
});
