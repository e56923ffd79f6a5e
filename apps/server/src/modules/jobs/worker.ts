import { Logger, parseCronItems, run, type Runner } from 'graphile-worker';
import type pg from 'pg';
import type { TDatabase } from '../../db/client';
import { purgeExpired } from '../maintenance/purge';
import { recoverStaleJobs, runJob, RUN_JOB_TASK, ZRunJobPayload, type TJobDeps } from './service';

type TLog = {
  info: (message: string) => void;
  error: (object: object, message: string) => void;
};

const RECOVERY_EVERY_MS = 15_000;
const PURGE_TASK = 'purge-expired';

/**
 * A job worker: takes tool jobs from the PostgreSQL queue (woken by LISTEN/NOTIFY the moment
 * one is added) and runs them, every 15 s recovers jobs whose worker died, and hourly purges
 * expired sessions, sign-in flows and rate-limit counters. Any number of
 * these run side by side, in the server process or on their own (`npm run worker`).
 */
export async function startWorker(options: {
  db: TDatabase;
  pool: pg.Pool;
  deps: TJobDeps;
  concurrency: number;
  log: TLog;
}): Promise<{ stop: () => Promise<void> }> {
  const { db, deps, log } = options;
  const shutdown = new AbortController();
  const logger = new Logger((scope) => (level, message, meta) => {
    if (level === 'error') log.error({ scope, meta }, message);
  });
  const runner: Runner = await run({
    pgPool: options.pool,
    concurrency: options.concurrency,
    noHandleSignals: true,
    pollInterval: 2_000,
    logger,
    taskList: {
      [RUN_JOB_TASK]: async (payload) =>
        runJob(db, deps, ZRunJobPayload.parse(payload), log, shutdown.signal),
      [PURGE_TASK]: async () => {
        await purgeExpired(db);
      },
    },
    // Hourly, once across all workers (the queue keeps track of which hour has run).
    parsedCronItems: parseCronItems([{ task: PURGE_TASK, match: '17 * * * *' }]),
  });
  const recover = () =>
    recoverStaleJobs(db).catch((error: unknown) =>
      log.error({ err: error }, 'Job recovery failed'),
    );
  void recover();
  const timer = setInterval(() => void recover(), RECOVERY_EVERY_MS);
  log.info(`Job worker started (${options.concurrency} at a time)`);
  return {
    async stop() {
      clearInterval(timer);
      shutdown.abort();
      await runner.stop();
    },
  };
}
