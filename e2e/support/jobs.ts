import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext } from '@playwright/test';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

type TJobRow = { status: string; progress: number; stage: string };

/**
 * Waits through the API until job `id` has finished, however long the machine takes (the
 * test's own time limit is the bound), and returns its final status.
 */
export async function finishedJobStatus(
  request: APIRequestContext,
  headers: Record<string, string>,
  id: string,
): Promise<string> {
  let status = '';
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/jobs/${id}`, { headers });
        if (!response.ok()) throw new Error(`GET /api/jobs/${id}: ${response.status()}`);
        status = ((await response.json()) as { job: { status: string } }).job.status;
        return status === 'succeeded' || status === 'failed';
      },
      { timeout: 0 },
    )
    .toBe(true);
  return status;
}

/**
 * The e2e server's embedded database: scripts/e2e-server.mjs names its data folder in
 * test-results/e2e-server-<port>.json, which holds the password file and PostgreSQL's pid file
 * (its fourth line is the port the server listens on).
 */
export function e2eDatabaseUrl(baseURL: string): string {
  const port = new URL(baseURL).port;
  const info = path.join(root, 'test-results', `e2e-server-${port}.json`);
  const { dataDir } = JSON.parse(readFileSync(info, 'utf8')) as { dataDir: string };
  const password = readFileSync(path.join(dataDir, 'postgres.secret'), 'utf8').trim();
  const pidFile = readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const databasePort = pidFile.split('\n')[3]?.trim();
  if (!databasePort) throw new Error(`No port in ${dataDir}/postgres/postmaster.pid`);
  return `postgres://muse:${encodeURIComponent(password)}@127.0.0.1:${databasePort}/muse`;
}

export type THeldJob = TJobRow & { release: () => Promise<void> };

type TLocker = { client: pg.Client; pid: number };

async function connect(url: string): Promise<TLocker> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  return { client, pid: rows[0]!.pid };
}

/** Waits until `check` holds, asking the database again after each short pause. */
async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * Holds job `id` still while it runs (status running, progress below 100), however fast or slow
 * the machine: a lock on its row makes the worker's next write (the claim, progress, heartbeat
 * or the result) wait until `release`, while the API and the pages go on reading the held state.
 *
 * The job is stepped through its writes one at a time. While one connection holds the row, the
 * helper waits until the worker's next write is queued behind it, queues a second connection
 * behind that write, and only then lets go: PostgreSQL grants a row's lock to its waiters in
 * turn, so the worker's write goes through and the second connection holds the row again before
 * any further write. Call it as soon as the job is queued; it fails only if the job had already
 * finished by then.
 */
export async function holdJobWhileRunning(baseURL: string, id: string): Promise<THeldJob> {
  const url = e2eDatabaseUrl(baseURL);
  const watcher = await connect(url);
  let holder = await connect(url);
  const lock = (locker: TLocker) =>
    locker.client
      .query('begin')
      .then(() =>
        locker.client.query<TJobRow>(
          'select status, progress, stage from jobs where id = $1 for update',
          [id],
        ),
      )
      .then(({ rows }) => rows[0]);
  const waitingOn = async (pid: number) => {
    const { rows } = await watcher.client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))',
      [pid],
    );
    return rows[0]!.n > 0;
  };
  const isWaiting = async (pid: number) => {
    const { rows } = await watcher.client.query<{ waiting: boolean }>(
      "select wait_event_type = 'Lock' as waiting from pg_stat_activity where pid = $1",
      [pid],
    );
    return rows[0]?.waiting === true;
  };
  const lockers = [holder];
  try {
    let job = await lock(holder);
    for (;;) {
      if (job?.status === 'running' && job.progress < 100) {
        await watcher.client.end();
        const held = holder;
        return {
          ...job,
          release: async () => {
            await held.client.query('commit');
            await held.client.end();
          },
        };
      }
      if (job?.status !== 'queued' && job?.status !== 'running') {
        throw new Error(`Job ${id} was ${job?.status ?? 'missing'} before it could be held`);
      }
      // The worker's next write waits on the held row; the next holder queues behind it.
      await until(() => waitingOn(holder.pid));
      const next = await connect(url);
      lockers.push(next);
      const nextJob = lock(next);
      await until(() => isWaiting(next.pid));
      await holder.client.query('commit');
      await holder.client.end();
      lockers.splice(lockers.indexOf(holder), 1);
      holder = next;
      job = await nextJob;
    }
  } catch (error) {
    await Promise.all([watcher, ...lockers].map(({ client }) => client.end().catch(() => {})));
    throw error;
  }
}
