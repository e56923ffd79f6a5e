import { existsSync } from 'node:fs';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type TConfig } from './config';
import { checkDatabaseReachable, connectDatabase } from './db/client';
import { startEmbeddedPostgres, type TEmbeddedPostgres } from './db/embedded';
import { runMigrations } from './db/migrate';

/** A start-up failure is one line that names what to fix, then exit code 1. */
function stop(reason: string): never {
  console.error(`Cannot start Muse: ${reason}`);
  process.exit(1);
}

function hidePassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

async function openDatabase(
  config: TConfig,
): Promise<{ url: string; embedded?: TEmbeddedPostgres }> {
  if (config.DATABASE_URL) {
    try {
      await checkDatabaseReachable(config.DATABASE_URL);
    } catch (error) {
      stop(
        `DATABASE_URL: cannot connect to ${hidePassword(config.DATABASE_URL)} (${(error as Error).message})`,
      );
    }
    return { url: config.DATABASE_URL };
  }
  try {
    const embedded = await startEmbeddedPostgres({
      dataDir: config.DATA_DIR,
      log: (message) => console.log(message),
    });
    return { url: embedded.url, embedded };
  } catch (error) {
    stop(`${(error as Error).message} (set DATABASE_URL to use another PostgreSQL server)`);
  }
}

async function main(): Promise<void> {
  // A .env file in the working folder fills in variables the environment does not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  let config: TConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) stop(error.message);
    throw error;
  }

  const { url, embedded } = await openDatabase(config);
  try {
    await runMigrations(url);
  } catch (error) {
    await embedded?.stop();
    stop(`database migrations failed: ${(error as Error).message}`);
  }
  const database = connectDatabase(url, { poolSize: config.DATABASE_POOL_SIZE });
  const app = await buildApp({ config, database });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'Shutting down after an unexpected error');
    else app.log.info(`${signal ?? 'Shutdown'} received, shutting down`);
    await app.close();
    await database.close();
    await embedded?.stop();
  });

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await app.close();
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
  app.log.info(
    `Muse is ready on ${config.PUBLIC_URL} (database: ${embedded ? `embedded, data in ${config.DATA_DIR}` : 'DATABASE_URL'})`,
  );
}

main().catch((error: unknown) => {
  console.error('Cannot start Muse:', error);
  process.exit(1);
});
