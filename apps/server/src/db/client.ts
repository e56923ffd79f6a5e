import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type TDatabase = NodePgDatabase<typeof schema>;

export type TDatabaseHandle = {
  db: TDatabase;
  pool: pg.Pool;
  close: () => Promise<void>;
};

export function connectDatabase(url: string, options: { poolSize?: number } = {}): TDatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on('error', () => {});
  // The same for a checked-out client (the job queue holds some for LISTEN).
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** Opens one connection and closes it, turning the driver's failure into a readable reason. */
export async function checkDatabaseReachable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('select 1');
  } finally {
    await client.end().catch(() => {});
  }
}

/** An open transaction; domain functions that take `TQueryable` work inside one or on their own. */
export type TTransaction = Parameters<Parameters<TDatabase['transaction']>[0]>[0];
export type TQueryable = TDatabase | TTransaction;
