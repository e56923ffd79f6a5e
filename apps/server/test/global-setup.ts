import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { connectDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { seedMarketplace } from '../src/modules/marketplace/service';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A URL on the test server with the right to create databases. */
    pgAdminUrl: string;
    /** A migrated database that each test file copies. */
    pgTemplate: string;
  }
}

/**
 * Uses the PostgreSQL server of DATABASE_URL when set (CI points it at a fresh database),
 * else starts an embedded one in a temporary folder. Migrations run once, into a template
 * database; each test file clones it (see test/database.ts).
 */
export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  let cleanup = async () => {};
  if (!adminUrl) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'muse-test-pg-'));
    const embedded = await startEmbeddedPostgres({ dataDir, log: () => {}, persistent: false });
    adminUrl = embedded.adminUrl;
    cleanup = async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }

  const template = `muse_template_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${template}`);
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${template}`;
  await runMigrations(templateUrl.toString());
  const seeding = connectDatabase(templateUrl.toString(), { poolSize: 1 });
  await seedMarketplace(seeding.db);
  await seeding.close();

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);

  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`).catch(() => {});
    await admin.end();
    await cleanup();
  };
}
