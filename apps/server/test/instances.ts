import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connectDatabase } from '../src/db/client';
import { createServices } from '../src/services';
import type { TTestContext } from './app';

/**
 * Another instance of the API on the same database and files as `first`, with a pool of its own,
 * as behind a load balancer. Closed when the file ends.
 */
export async function secondInstance(
  first: TTestContext,
  options: { webDistDir?: string } = {},
): Promise<FastifyInstance> {
  const database = connectDatabase(first.database.url, { poolSize: 5 });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: first.config.DATA_DIR,
  });
  const services = await createServices(config);
  const app = await buildApp({
    config,
    database,
    services,
    webDistDir: options.webDistDir ?? '/nonexistent',
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await services.stop();
    await database.close();
  });
  return app;
}

/** Resolves once `app` has heard the database announce a change (after its caches forgot). */
export function announced(
  app: FastifyInstance,
  what:
    | { account: string }
    | { dashboard: string }
    | { calendar: string }
    | { publicPage: string }
    | 'marketplace',
): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stop();
      resolve();
    };
    const stop = app.cacheEvents.subscribe(
      what === 'marketplace'
        ? { marketplace: done }
        : 'dashboard' in what
          ? { dashboard: (userId) => (userId === what.dashboard ? done() : undefined) }
          : 'calendar' in what
            ? { calendar: (userId) => (userId === what.calendar ? done() : undefined) }
            : 'publicPage' in what
              ? { publicPage: (id) => (id === what.publicPage ? done() : undefined) }
              : { account: (userId) => (userId === what.account ? done() : undefined) },
    );
  });
}
