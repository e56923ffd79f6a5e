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
function e2eDatabaseUrl(baseURL: string): string {
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

/**
 * Holds job `id` still once it runs and has reported progress (above 0, below 100): a lock on
 * its row makes the worker's next write (progress, heartbeat or the result) wait until
 * `release`. The engine goes on working; what the API and the pages read stays exactly the held
 * state, however fast or slow the machine. Checked on every change the database announces
 * (the `muse_jobs` channel), not on a timer.
 */
export async function holdJobMidRun(baseURL: string, id: string): Promise<THeldJob> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl(baseURL) });
  await client.connect();
  let wake = () => {};
  client.on('notification', () => wake());
  try {
    await client.query('listen muse_jobs');
    for (;;) {
      // Armed before the check, so a change announced while it runs is not missed.
      const changed = new Promise<void>((resolve) => (wake = resolve));
      await client.query('begin');
      const { rows } = await client.query<TJobRow>(
        'select status, progress, stage from jobs where id = $1 for update',
        [id],
      );
      const job = rows[0];
      if (job?.status === 'running' && job.progress > 0 && job.progress < 100) {
        return {
          ...job,
          release: async () => {
            await client.query('commit');
            await client.end();
          },
        };
      }
      await client.query('rollback');
      if (job?.status !== 'queued' && job?.status !== 'running') {
        throw new Error(`Job ${id} was ${job?.status ?? 'missing'} before it could be held`);
      }
      await changed;
    }
  } catch (error) {
    await client.end();
    throw error;
  }
}
