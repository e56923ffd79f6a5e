import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp, type TBuildAppOptions } from '../src/app';
import { loadConfig, type TConfig } from '../src/config';
import { createServices, type TServiceOverrides } from '../src/services';
import { createTestDatabase, type TTestDatabase } from './database';
import { startFakeStripe, type TFakeStripe } from './fakes/stripe';

export type TTestContext = { app: FastifyInstance; database: TTestDatabase; config: TConfig };

/** The whole API on its own fresh database, for `app.inject` calls. Closed when the file ends. */
export async function createTestApp(
  env: NodeJS.ProcessEnv = {},
  logStream?: TBuildAppOptions['logStream'],
  overrides: TServiceOverrides = {},
): Promise<TTestContext> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'muse-test-data-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const services = await createServices(config, overrides);
  const app = await buildApp({ config, database, services, webDistDir: '/nonexistent', logStream });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await services.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
  return { app, database, config };
}

/** The settings that send the app's Stripe calls and webhooks to `fake`. */
export function stripeSettings(fake: TFakeStripe): NodeJS.ProcessEnv {
  return {
    STRIPE_SECRET_KEY: fake.apiKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_URL: fake.url,
  };
}

/**
 * The API twice, each on its own database: `live` with Stripe (a fake Stripe started here and
 * stopped when the file ends) and `offline` in TEST MODE, for tests that hold both payment
 * providers to the same rules.
 */
export async function createPaymentApps(): Promise<{
  fake: TFakeStripe;
  live: TTestContext;
  offline: TTestContext;
}> {
  const fake = await startFakeStripe();
  afterAll(() => fake.stop());
  const [live, offline] = await Promise.all([createTestApp(stripeSettings(fake)), createTestApp()]);
  return { fake, live, offline };
}
