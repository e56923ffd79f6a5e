import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { connectDatabase, type TDatabaseHandle } from '../src/db/client';

export type TTestDatabase = TDatabaseHandle & { url: string };

/**
 * A fresh, migrated database for the calling test file, cloned from the run's template
 * and dropped when the file ends, so files run in parallel without sharing state.
 */
export async function createTestDatabase(): Promise<TTestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplate');
  const name = `muse_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // Cloning needs the template to be idle; parallel clones can briefly collide, so retry.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.query(`create database ${name} template ${template}`);
        break;
      } catch (error) {
        if (attempt >= 20 || !/being accessed by other users/.test((error as Error).message))
          throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  } finally {
    await admin.end();
  }

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // A worker's three runners and the app's two listeners each keep a connection: room for the rest.
  const handle = connectDatabase(url.toString(), { poolSize: 7 });

  afterAll(async () => {
    await handle.close();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });

  return { ...handle, url: url.toString() };
}
