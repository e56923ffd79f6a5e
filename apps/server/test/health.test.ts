import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connectDatabase } from '../src/db/client';
import { APP_VERSION } from '../src/lib/paths';
import { createServices } from '../src/services';
import { createTestApp } from './app';

describe('GET /api/health', () => {
  it('answers ok with the version when PostgreSQL answers', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', version: APP_VERSION, database: 'ok' });
  });

  it('answers 503 when the database cannot be reached', async () => {
    const database = connectDatabase('postgres://muse:muse@127.0.0.1:1/muse');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    const services = await createServices(config);
    const app = await buildApp({ config, database, services, webDistDir: '/nonexistent' });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'error', database: 'unreachable' });
      // Like every outage answer (docs/decisions/0026-outages.md): when to ask again.
      expect(response.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      await services.stop();
      await database.close();
    }
  });

  it('migrations created the schema in the real database', async () => {
    const { database } = await createTestApp();
    const { rows } = await database.pool.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public'",
    );
    expect(rows.map((row) => row.table_name)).toContain('users');
  });
});
