import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Logger, runMigrations as runQueueMigrations } from 'graphile-worker';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../lib/paths';

/** Any fixed number: instances starting together queue on this lock, so migrations run once. */
const MIGRATION_LOCK_KEY = 725_031_964;

const quietLogger = new Logger(() => () => {});

/**
 * Applies the committed SQL migrations; safe on every start and from several instances at once.
 * `folder` is for tests that stop at an earlier migration.
 */
export async function runMigrations(url: string, folder = MIGRATIONS_DIR): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder: folder });
    // The job queue keeps its tables in a schema of its own (graphile_worker).
    await runQueueMigrations({ connectionString: url, logger: quietLogger });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
