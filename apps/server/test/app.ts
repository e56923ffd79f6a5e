import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import { buildApp, type TBuildAppOptions } from '../src/app';
import { loadConfig, type TConfig } from '../src/config';
import { createServices, type TServiceOverrides } from '../src/services';
import { createTestDatabase, type TTestDatabase } from './database';

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
