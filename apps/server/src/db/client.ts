import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { classifyOutage } from '../lib/outages';
import { sleep } from '../lib/sleep';
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

/**
 * The same pool, except that `connect()` (the promise form) waits while the database cannot be
 * reached, asking again with a growing pause of at most 5 s, until it can or `signal` aborts.
 * For the job queue: its own writes (marking a job done or failed) wait out a database that
 * refuses connections instead of failing, which would stop its runner
 * (docs/decisions/0026-outages.md). The callback form (the queue's LISTEN connection, which has
 * its own back-off) and everything else are the pool's own.
 */
export function patientPool(
  pool: pg.Pool,
  options: { signal: AbortSignal; log: { error: (object: object, message: string) => void } },
): pg.Pool {
  let waiting = false;
  const connect = async (): Promise<pg.PoolClient> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const client = await pool.connect();
        waiting = false;
        return client;
      } catch (error) {
        if (options.signal.aborted || !classifyOutage(error)) throw error;
        // Logged once per outage, not once per try.
        if (!waiting)
          options.log.error({ err: error }, 'Database unreachable; the job queue waits');
        waiting = true;
        await sleep(Math.min(5_000, 100 * 2 ** attempt), options.signal).catch(() => {
          throw error;
        });
      }
    }
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'connect') {
        return (callback?: Parameters<pg.Pool['connect']>[0]) =>
          callback ? target.connect(callback) : connect();
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
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
