// Outages (docs/decisions/0026-outages.md): the database stopping mid-traffic and coming back, a
// worker killed mid-job, a full disk under an upload, and Stripe out of reach. Each is made for
// real: a PostgreSQL server of this file's own is stopped and started again, worker processes are
// killed with SIGKILL, the disk write fails with the kernel's ENOSPC, Stripe's client connects to
// a closed port.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GENERIC_ERRORS, TOOL_TEXTS, type TJob } from '@muse/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connectDatabase, type TDatabase, type TDatabaseHandle } from '../src/db/client';
import { startEmbeddedPostgres, type TEmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';
import { jobs, ledgerEntries, subscriptions, testCheckoutSessions, users } from '../src/db/schema';
import { createLocalStorage } from '../src/lib/storage';
import { getBalances } from '../src/modules/billing/ledger';
import { failJob, recoverStaleJobs, STALE_AFTER_SECONDS } from '../src/modules/jobs/service';
import { startWorker } from '../src/modules/jobs/worker';
import { createServices, type TServices } from '../src/services';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { startHangingWorker } from './killed-worker';
import { createTestEngines } from './engines';
import { writeUntilDiskFull } from './full-disk';
import { makePng, multipartForm } from './images';
import { freePort } from './ports';

/** Asks `check` until it answers something truthy, at most `tries` times, 100 ms apart. */
async function waitFor<T>(what: string, check: () => Promise<T>, tries = 100): Promise<T> {
  for (let attempt = 1; attempt <= tries; attempt += 1) {
    const result = await check();
    if (result) return result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Gave up waiting for ${what}`);
}

async function queueUpscale(app: FastifyInstance, headers: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers,
    payload: multipartForm({ tool: 'upscale' }, [
      { field: 'image', name: 'in.png', type: 'image/png', data: await makePng(32, 24) },
    ]),
  });
}

/** Every file under `root` (folders left out), as relative paths. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The ledger lines of a user, oldest first, as a caller of the credit history would see them. */
async function ledgerOf(db: TDatabase, userId: string) {
  return db
    .select({
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
      reference: ledgerEntries.reference,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.workspaceId, userId))
    .orderBy(ledgerEntries.createdAt, ledgerEntries.id);
}

/** The parsed log lines a test app wrote. */
function logSink() {
  const lines: string[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(line) },
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

function expectOutageAnswer(response: LightMyRequestResponse, error: string, retryAfter: string) {
  expect([response.statusCode, response.json(), response.headers['retry-after']]).toEqual([
    503,
    expect.objectContaining({ success: false, error }),
    retryAfter,
  ]);
}

describe('the database stops mid-traffic', () => {
  const log = logSink();
  let pgDir = '';
  let dataDir = '';
  let port = 0;
  let server: TEmbeddedPostgres | null = null;
  let database: TDatabaseHandle;
  let services: TServices;
  let app: FastifyInstance;
  let worker: { stop: () => Promise<void> } | null = null;
  const workerErrors: string[] = [];

  const startServer = async () => {
    server = await startEmbeddedPostgres({ dataDir: pgDir, log: () => {}, port });
    return server;
  };

  beforeAll(async () => {
    // A server of this file's own, on a port of its own: the shared test server is never stopped.
    pgDir = await mkdtemp(path.join(os.tmpdir(), 'muse-faults-pg-'));
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'muse-faults-data-'));
    port = await freePort();
    const { url } = await startServer();
    await runMigrations(url);
    database = connectDatabase(url, { poolSize: 12 });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir });
    services = await createServices(config, { engines: createTestEngines().engines });
    app = await buildApp({
      config,
      database,
      services,
      webDistDir: '/nonexistent',
      logStream: log.stream,
    });
    await app.ready();
    worker = await startWorker({
      db: database.db,
      pool: database.pool,
      deps: services,
      concurrency: 1,
      log: { info: () => {}, error: (_object, message) => void workerErrors.push(message) },
    });
  });
  afterAll(async () => {
    // Each step of the shutdown gets its own time, and one that overruns is named rather than
    // holding the rest: under heavy load one step has once hung past the hook's minute, after
    // every test had passed.
    const step = async (name: string, stop: () => Promise<unknown> | undefined) => {
      let timer: NodeJS.Timeout | undefined;
      const overran = new Promise<'overran'>((resolve) => {
        timer = setTimeout(() => resolve('overran'), 10_000);
      });
      const outcome = await Promise.race([Promise.resolve(stop()).then(() => 'done'), overran]);
      clearTimeout(timer);
      if (outcome === 'overran') console.warn(`faults.test.ts: stopping ${name} took over 10 s`);
    };
    await step('the worker', () => worker?.stop());
    await step('the app', () => app?.close());
    await step('the services', () => services?.stop());
    await step('the pool', () => database?.close());
    await step('PostgreSQL', () => server?.stop());
    await rm(pgDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while it is down, then serves again in the same process', async () => {
    const account = await registerAccount(app);
    await buyPlan(app, account, 'launch');
    const password = decodeURIComponent(new URL(server!.url).password);

    // Traffic: reads behind the session check, and uploads that write a file, a job and a spend.
    let count = 0;
    const request = (method: 'GET' | 'POST', url: string) => async () => {
      const headers = { ...account.headers, 'x-request-id': `fault-${(count += 1)}` };
      if (method === 'POST') return queueUpscale(app, headers);
      return app.inject({ method, url, headers });
    };
    const calls = [
      request('GET', '/api/jobs'),
      request('GET', '/api/users/subscription'),
      request('GET', '/api/credits/history'),
      request('POST', '/api/jobs'),
    ];
    type TAnswer = { response: LightMyRequestResponse; startedAfterStop: boolean };
    const answers: TAnswer[] = [];
    let stopped = false;
    let flowing = true;
    const traffic = (async () => {
      while (flowing) {
        const startedAfterStop = stopped;
        const batch = await Promise.all(calls.map((call) => call()));
        answers.push(...batch.map((response) => ({ response, startedAfterStop })));
      }
    })();

    await waitFor('traffic to flow', async () => answers.length >= 8);
    await server!.stop();
    stopped = true;
    await waitFor(
      'answers sent while the database is down',
      async () => answers.filter((answer) => answer.startedAfterStop).length >= 8,
    );
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'error', database: 'unreachable' });
    flowing = false;
    await traffic;

    // Every answer is a success that was done before the stop, or the outage answer.
    for (const { response, startedAfterStop } of answers) {
      if (response.statusCode < 300 && !startedAfterStop) continue;
      // On a busy machine the upscales may outrun the worker: the account's job limit answers
      // then, as it would for anyone, before the stop (after it, that check needs the database).
      if (
        !startedAfterStop &&
        response.statusCode === 429 &&
        response.json().code === 'JOB_LIMIT_REACHED'
      )
        continue;
      expectOutageAnswer(response, GENERIC_ERRORS.unavailable, '5');
    }
    // Each outage answer is logged once, with its request id, and no secret is written.
    const outageIds = answers
      .filter(({ response }) => response.statusCode === 503)
      .map(({ response }) => response.headers['x-request-id']);
    const logged = log.entries().filter((entry) => String(entry.msg).startsWith('Outage:'));
    expect(logged.map((entry) => entry.requestId).sort()).toEqual([...outageIds].sort());
    for (const entry of logged) expect(['database', 'network']).toContain(entry.outage);
    expect(log.entries().filter((entry) => entry.msg === 'Unhandled error')).toEqual([]);
    expect(log.lines.join('\n')).not.toContain(password);

    // Back up on the same address: the same app serves again, with no restart.
    await startServer();
    await waitFor(
      'the health check to pass',
      async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200,
    );
    // The upscales queued before the stop run to their end first: the account may hold at most
    // MAX_UNFINISHED_JOBS unfinished jobs, and how many the traffic queued depends on timing.
    await waitFor(
      'the jobs queued before the stop to finish',
      async () => {
        const [row] = await database.db
          .select({ unfinished: sql<number>`count(*)::int` })
          .from(jobs)
          .where(
            sql`${jobs.workspaceId} = ${account.userId} and ${jobs.status} in ('queued', 'running')`,
          );
        return row?.unfinished === 0;
      },
      400,
    );
    for (const call of calls) expect((await call()).statusCode).toBeLessThan(300);
    const newcomer = await registerAccount(app);
    expect(newcomer.token).toBeTruthy();

    // Every LISTEN connection is back: the app's job events, the worker's provider wake-ups and
    // the queue's own (one per runner: paid tools, free previews, scheduled tasks, drafts), so a new job
    // is taken and its changes reach a stream.
    await waitFor(
      'the LISTEN connections to be opened again',
      async () => {
        const { rows } = await database.pool.query<{ query: string }>(
          `select query from pg_stat_activity where query like 'LISTEN %'`,
        );
        const queries = rows.map((row) => row.query);
        return (
          queries.includes('LISTEN muse_jobs') &&
          queries.includes('LISTEN muse_provider') &&
          queries.filter((query) => query.startsWith('LISTEN "jobs:insert"')).length === 4
        );
      },
      400,
    );
    const changes: string[] = [];
    const unsubscribe = app.jobEvents.subscribe(account.userId, (change) => {
      changes.push(change.id);
    });
    const queued = await queueUpscale(app, account.headers);
    expect(queued.statusCode).toBe(201);
    const job = queued.json().job as TJob;
    await waitFor('the new job to run', async () => {
      const [row] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
      return row?.status === 'succeeded';
    });
    await waitFor('its changes to be announced', async () => changes.includes(job.id));
    unsubscribe();

    // Nothing half-done: each job has exactly one spend and each spend its job; the files of
    // uploads whose transaction failed are gone, and no partial file is left.
    const rows = await database.db.select().from(jobs).where(eq(jobs.workspaceId, account.userId));
    const spends = (await ledgerOf(database.db, account.userId)).filter(
      (entry) => entry.kind === 'spend',
    );
    expect(spends.map((entry) => entry.reference).sort()).toEqual(
      rows.map((row) => `job:${row.id}`).sort(),
    );
    const files = await filesUnder(path.join(dataDir, 'files', 'users', account.userId, 'jobs'));
    expect(files.filter((file) => file.endsWith('.partial'))).toEqual([]);
    const jobIds = new Set(rows.map((row) => row.id));
    for (const file of files) expect(jobIds).toContain(file.split(path.sep)[0]);
  }, 90_000);

  it('a job the queue cannot mark done does not stop the process or the queue', async () => {
    workerErrors.length = 0;
    // The queue library's own write after a job (deleting its message) fails, as it does when
    // the database goes away at that moment: here a trigger refuses it, every time.
    await database.pool.query(`
      create function refuse_completion() returns trigger language plpgsql
        as $$ begin raise exception 'completion refused'; end $$;
      create trigger refuse_completion before delete on graphile_worker._private_jobs
        for each row execute function refuse_completion()`);
    const account = await registerAccount(app);
    await buyPlan(app, account, 'launch');
    const statusOf = async (id: string) =>
      (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]?.status;

    const first = (await queueUpscale(app, account.headers)).json().job as TJob;
    await waitFor('the first job to run', async () => (await statusOf(first.id)) === 'succeeded');
    await waitFor('the queue to be started again', async () =>
      workerErrors.some((message) => message.includes('stopped on its own; starting it again')),
    );
    await database.pool.query('drop trigger refuse_completion on graphile_worker._private_jobs');

    // The same process takes the next job.
    const second = (await queueUpscale(app, account.headers)).json().job as TJob;
    await waitFor('the next job to run', async () => (await statusOf(second.id)) === 'succeeded');
  }, 60_000);
});

describe('a worker killed mid-job', () => {
  // The other outcome, a killed worker's job run again and charged once, is proven by
  // "a killed worker's job is queued again and finished" in jobs.test.ts.
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });

  it('killed on both attempts, the job fails with exactly one refund', async () => {
    const { db } = ctx.database;
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    const before = await getBalances(db, account.userId);
    const queued = await queueUpscale(ctx.app, account.headers);
    expect(queued.statusCode).toBe(201);
    const job = queued.json().job as TJob;
    const rowOf = async () => (await db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!;

    for (const attempt of [1, 2]) {
      // A real worker process takes the job, hangs in the engine and is killed outright.
      const worker = startHangingWorker(ctx);
      try {
        await waitFor(
          `attempt ${attempt} to run`,
          async () => {
            const row = await rowOf();
            return row.status === 'running' && row.attempts === attempt;
          },
          400,
        );
      } finally {
        await worker.kill();
      }
      // Once its heartbeat is stale, the sweep takes the job back.
      const later = new Date(Date.now() + (STALE_AFTER_SECONDS + 5) * 1000);
      expect(await recoverStaleJobs(db, later)).toBe(1);
      expect((await rowOf()).status).toBe(attempt === 1 ? 'queued' : 'failed');
    }

    const row = await rowOf();
    expect([row.status, row.failureReason, row.attempts]).toEqual([
      'failed',
      TOOL_TEXTS.workerStopped,
      2,
    ]);
    const exact = [
      { kind: 'spend', amount: -row.cost, reference: `job:${job.id}` },
      { kind: 'refund', amount: row.cost, reference: `refund:job:${job.id}` },
    ];
    const jobLines = async () =>
      (await ledgerOf(db, account.userId)).filter((entry) => entry.reference.includes(job.id));
    expect(await jobLines()).toEqual(exact);
    expect(await getBalances(db, account.userId)).toEqual(before);

    // Asking again, by the sweep or directly, refunds nothing more.
    const muchLater = new Date(Date.now() + 10 * STALE_AFTER_SECONDS * 1000);
    expect(await recoverStaleJobs(db, muchLater)).toBe(0);
    await failJob(db, row, TOOL_TEXTS.workerStopped);
    expect(await jobLines()).toEqual(exact);
    expect(await getBalances(db, account.userId)).toEqual(before);
  }, 90_000);
});

describe('file storage fails under an upload', () => {
  const log = logSink();
  let root = '';
  let ctx: TTestContext;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'muse-faults-files-'));
    // The real local storage, on a disk that fills up half-way through every write.
    const storage = createLocalStorage(root, { writeFile: writeUntilDiskFull });
    ctx = await createTestApp({ LOG_LEVEL: 'warn' }, log.stream, { storage });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('answers 503 and leaves no partial file, no job and no spend', async () => {
    const { db } = ctx.database;
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    const before = {
      balances: await getBalances(db, account.userId),
      ledger: await ledgerOf(db, account.userId),
    };

    const response = await queueUpscale(ctx.app, account.headers);
    expectOutageAnswer(response, GENERIC_ERRORS.storageUnavailable, '30');

    expect(await filesUnder(root)).toEqual([]);
    expect(await db.select().from(jobs).where(eq(jobs.workspaceId, account.userId))).toEqual([]);
    const queue = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from graphile_worker.jobs where task_identifier = 'run-job'`,
    );
    expect(queue.rows[0]?.count).toBe(0);
    expect(await getBalances(db, account.userId)).toEqual(before.balances);
    expect(await ledgerOf(db, account.userId)).toEqual(before.ledger);
    const logged = log.entries().filter((entry) => String(entry.msg).startsWith('Outage:'));
    expect(logged.map((entry) => [entry.requestId, entry.outage])).toEqual([
      [response.headers['x-request-id'], 'storage'],
    ]);
  });
});

describe('Stripe out of reach', () => {
  const secretKey = 'sk_test_faultsFaultsFaults';
  const log = logSink();
  let ctx: TTestContext;
  beforeAll(async () => {
    // Nothing listens on the port: every connection Stripe's client makes is refused.
    const closed = await freePort();
    ctx = await createTestApp(
      {
        LOG_LEVEL: 'warn',
        STRIPE_SECRET_KEY: secretKey,
        STRIPE_WEBHOOK_SECRET: 'whsec_faultsFaultsFaults',
        STRIPE_API_URL: `http://127.0.0.1:${closed}`,
      },
      log.stream,
    );
  });

  it('creating a checkout session answers 503 and writes nothing', async () => {
    const { db } = ctx.database;
    const account: TTestAccount = await registerAccount(ctx.app);
    const snapshot = async () => ({
      user: (await db.select().from(users).where(eq(users.id, account.userId)))[0],
      subscriptions: await db.select().from(subscriptions),
      testSessions: await db.select().from(testCheckoutSessions),
      ledger: await ledgerOf(db, account.userId),
    });
    const before = await snapshot();

    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      headers: account.headers,
      payload: { plan: 'launch', billing: 'monthly', promoCode: null },
    });
    expectOutageAnswer(response, GENERIC_ERRORS.paymentsUnreachable, '10');
    expect(await snapshot()).toEqual(before);
    const logged = log.entries().filter((entry) => String(entry.msg).startsWith('Outage:'));
    expect(logged.map((entry) => [entry.requestId, entry.outage])).toEqual([
      [response.headers['x-request-id'], 'payments'],
    ]);
    expect(log.lines.join('\n')).not.toContain(secretKey);
  });
});
