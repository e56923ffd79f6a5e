// `npm run worker`: a job worker on its own, for running the AI tools on more machines. It
// shares PostgreSQL (DATABASE_URL) and file storage with the servers and takes jobs from the
// same queue, and runs the scheduled tasks (job recovery, billing, purges) once across all
// workers; run as many as the machines allow.
import { existsSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { checkDatabaseReachable, connectDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { developmentCertificateDir } from './lib/content-credentials';
import { LOG_SERIALIZERS } from './lib/log-serializers';
import { StripeGateway } from './modules/payments/stripe-gateway';
import { DRAFT_CONCURRENCY, publishingContext, startWorker } from './modules/jobs/worker';
import { webhookDeliveryContext } from './modules/webhooks/delivery';
import { createMailer } from './modules/mail/mailer';
import { unsupportedNode } from './runtime';
import { createServices } from './services';

function stop(reason: string): never {
  console.error(`Cannot start the Muse worker: ${reason}`);
  process.exit(1);
}

async function main() {
  const runtime = unsupportedNode();
  if (runtime) stop(runtime);
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) stop(error.message);
    throw error;
  }
  if (!config.DATABASE_URL) {
    stop(
      "DATABASE_URL is not set. A separate worker shares the servers' PostgreSQL; the embedded database belongs to the `npm start` process, which already runs a worker of its own",
    );
  }
  await checkDatabaseReachable(config.DATABASE_URL).catch((error: Error) =>
    stop(`DATABASE_URL: cannot connect (${error.message})`),
  );
  await runMigrations(config.DATABASE_URL);
  const log = pino({
    level: config.LOG_LEVEL,
    base: { role: 'worker' },
    serializers: LOG_SERIALIZERS,
  });
  // One connection per running job and draft, one LISTEN for each of the four runners and one
  // for the providers' webhooks, and room for heartbeats, progress and the scheduled tasks.
  const database = connectDatabase(config.DATABASE_URL, {
    poolSize: config.WORKER_CONCURRENCY + config.WORKER_PREVIEW_CONCURRENCY + DRAFT_CONCURRENCY + 7,
  });
  const services = await createServices(config);
  const worker = await startWorker({
    db: database.db,
    pool: database.pool,
    deps: services,
    concurrency: config.WORKER_CONCURRENCY,
    previewConcurrency: config.WORKER_PREVIEW_CONCURRENCY,
    log: {
      info: (message) => log.info(message),
      error: (object, message) => log.error(object, message),
    },
    mail: {
      mailer: createMailer(config, database.db, { info: (message) => log.info(message) }),
      publicUrl: config.PUBLIC_URL,
    },
    warmUp: true,
    stripe: config.STRIPE_SECRET_KEY ? new StripeGateway(config) : null,
    webhooks: webhookDeliveryContext(config, services),
    publishing: publishingContext(config, services),
  });
  if (services.developmentCredentials)
    log.info(
      `Content Credentials signed with the development certificate in ${developmentCertificateDir(config.DATA_DIR)}`,
    );
  closeWithGrace({ delay: 30_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'Worker stopping after an unexpected error');
    else log.info(`${signal ?? 'Shutdown'} received, worker stopping`);
    await worker.stop();
    await services.stop();
    await database.close();
  });
}

main().catch((error: unknown) => {
  console.error('Cannot start the Muse worker:', error);
  process.exit(1);
});
