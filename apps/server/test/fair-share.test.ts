import { existsSync } from 'node:fs';
import path from 'node:path';
import { MAX_UNFINISHED_JOBS, TOOL_TEXTS, type TJob } from '@muse/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema';
import { getBalances } from '../src/modules/billing/ledger';
import { startWorker } from '../src/modules/jobs/worker';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { createTestEngines } from './engines';
import { makePng, multipartForm } from './images';

const { engines, control } = createTestEngines();
let ctx: TTestContext;
let worker: { stop: () => Promise<void> } | null = null;
const silent = { info: () => {}, error: () => {} };

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { engines });
});
afterAll(async () => {
  await worker?.stop();
});

/** One worker process as `npm start` runs it: one paid job and one offline preview at a time. */
async function runWorker() {
  worker ??= await startWorker({
    db: ctx.database.db,
    pool: ctx.database.pool,
    deps: ctx.app.services,
    concurrency: 1,
    previewConcurrency: 1,
    log: silent,
  });
}
async function stopWorker() {
  await worker?.stop();
  worker = null;
}

/** A gate a test opens when it is ready: the engines wait on it. */
function gate() {
  let open: () => void = () => {};
  const closed = new Promise<void>((resolve) => (open = resolve));
  return { closed, open };
}

async function launchAccount(): Promise<TTestAccount> {
  const account = await registerAccount(ctx.app);
  await buyPlan(ctx.app, account, 'launch');
  return account;
}

async function upscale(account: TTestAccount) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: account.headers,
    payload: multipartForm({ tool: 'upscale' }, [
      { field: 'image', name: 'in.png', type: 'image/png', data: await makePng(32, 24) },
    ]),
  });
}

/** Free offline previews (the test engine, like the local one, makes previews). */
function generate(account: TTestAccount, count: number) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/generations',
    headers: account.headers,
    payload: { prompt: 'on a beach at sunset', count },
  });
}

async function rowsOf(ids: string[]) {
  return ctx.database.db.select().from(jobs).where(inArray(jobs.id, ids));
}
async function statusOf(id: string) {
  return (await rowsOf([id]))[0]!.status;
}
const credits = async (account: TTestAccount) =>
  (await getBalances(ctx.database.db, account.userId)).credits;

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The jobs in the order the workers took them. */
async function startOrder(ids: string[]) {
  const rows = await ctx.database.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(inArray(jobs.id, ids))
    .orderBy(asc(jobs.startedAt));
  return rows.map((row) => row.id);
}

describe('a fair share of the workers', () => {
  // Five offline renders and two upscales: more than the default 20 s on a busy machine; every
  // wait in it is for a state, not a time.
  it("an account at its most jobs is refused and charged nothing; another's paid job runs at once, and its free one comes before the first account's", async () => {
    const held = gate();
    control.holdPreviews = held.closed;
    try {
      await runWorker();
      const first = await launchAccount();
      const queued = await generate(first, MAX_UNFINISHED_JOBS);
      expect(queued.statusCode, queued.body).toBe(201);
      const previews: string[] = queued.json().jobs.map((job: TJob) => job.id);
      // The worker holds the first preview; the other three wait.
      await waitFor(async () => (await statusOf(previews[0]!)) === 'running');

      const balance = await credits(first);
      for (const refused of [await upscale(first), await generate(first, 1)]) {
        expect([refused.statusCode, refused.json()]).toEqual([
          429,
          {
            success: false,
            error: TOOL_TEXTS.jobLimit(MAX_UNFINISHED_JOBS),
            code: 'JOB_LIMIT_REACHED',
          },
        ]);
      }
      expect(TOOL_TEXTS.jobLimit(MAX_UNFINISHED_JOBS)).toBe(
        'You have 4 jobs queued or running, the most one account can have at once (4). Wait for one to finish, then try again.',
      );
      expect(await credits(first)).toBe(balance);
      const own = await ctx.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.workspaceId, first.userId));
      expect(own.map((row) => row.id).sort()).toEqual([...previews].sort());
      // The refused upload was never stored.
      const files = path.join(ctx.config.DATA_DIR, 'files', 'users', first.userId, 'jobs');
      expect(existsSync(files)).toBe(false);

      // Another account's paid job is taken at once, while the free preview still runs.
      const second = await launchAccount();
      const paid = (await upscale(second)).json().job.id as string;
      await waitFor(async () => (await statusOf(paid)) === 'succeeded');
      expect((await rowsOf(previews)).map((row) => [row.id, row.status]).sort()).toEqual(
        previews.map((id, index) => [id, index === 0 ? 'running' : 'queued']).sort(),
      );

      // Its free preview, queued after the first account's three, runs before them.
      const answer = await generate(second, 1);
      expect(answer.statusCode, answer.body).toBe(201);
      const theirs = answer.json().jobs[0].id as string;
      held.open();
      const all = [...previews, theirs];
      await waitFor(async () => (await rowsOf(all)).every((row) => row.status === 'succeeded'));
      expect(await startOrder(all)).toEqual([previews[0], theirs, ...previews.slice(1)]);
      // With its jobs done, the first account queues again.
      const again = await upscale(first);
      expect(again.statusCode).toBe(201);
      await waitFor(async () => (await statusOf(again.json().job.id)) === 'succeeded');
    } finally {
      held.open();
      control.holdPreviews = null;
    }
  }, 90_000);

  it('paid jobs take turns between accounts too', async () => {
    await runWorker();
    const held = gate();
    control.hold = held.closed;
    try {
      const busy = await launchAccount();
      const mine: string[] = [];
      for (let i = 0; i < MAX_UNFINISHED_JOBS; i += 1) {
        const answer = await upscale(busy);
        expect(answer.statusCode, answer.body).toBe(201);
        mine.push(answer.json().job.id);
      }
      await waitFor(async () => (await statusOf(mine[0]!)) === 'running');
      const others: string[] = [];
      for (const account of [await launchAccount(), await launchAccount()])
        others.push((await upscale(account)).json().job.id);
      held.open();
      const all = [...mine, ...others];
      await waitFor(async () => (await rowsOf(all)).every((row) => row.status === 'succeeded'));
      expect(await startOrder(all)).toEqual([mine[0], ...others, ...mine.slice(1)]);
    } finally {
      held.open();
      control.hold = null;
    }
  });

  it('many requests at once: exactly the most an account may have are queued and paid for', async () => {
    await stopWorker();
    const account = await launchAccount();
    const before = await credits(account);
    const answers = await Promise.all(Array.from({ length: 10 }, () => upscale(account)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_UNFINISHED_JOBS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10 - MAX_UNFINISHED_JOBS);
    for (const answer of answers.filter((one) => one.statusCode === 429))
      expect(answer.json().code).toBe('JOB_LIMIT_REACHED');
    expect(await credits(account)).toBe(before - 10 * MAX_UNFINISHED_JOBS);
    const rows = await ctx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.workspaceId, account.userId));
    expect(rows).toHaveLength(MAX_UNFINISHED_JOBS);

    // Batches of Generate count whole: two batches of 2 fit, the rest are refused.
    const creator = await launchAccount();
    const batches = await Promise.all(Array.from({ length: 6 }, () => generate(creator, 2)));
    expect(batches.filter((answer) => answer.statusCode === 201)).toHaveLength(2);
    expect(batches.filter((answer) => answer.statusCode === 429)).toHaveLength(4);
    const queued = await ctx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.workspaceId, creator.userId));
    expect(queued).toHaveLength(MAX_UNFINISHED_JOBS);
  });

  it('a batch larger than the room left is refused whole, saying how many fit', async () => {
    await stopWorker();
    const account = await launchAccount();
    expect((await generate(account, 2)).statusCode).toBe(201);
    const refused = await generate(account, 4);
    expect([refused.statusCode, refused.json()]).toEqual([
      429,
      { success: false, error: TOOL_TEXTS.jobLimit(2, 4), code: 'JOB_LIMIT_REACHED' },
    ]);
    expect(TOOL_TEXTS.jobLimit(2, 4)).toBe(
      'You have 2 jobs queued or running, and one account can have 4 at once: choose at most 2 images, or wait for one to finish.',
    );
    expect(TOOL_TEXTS.jobLimit(3, 2)).toBe(
      'You have 3 jobs queued or running, and one account can have 4 at once: choose at most 1 image, or wait for one to finish.',
    );
    const rows = await ctx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.workspaceId, account.userId));
    expect(rows).toHaveLength(2);
    expect((await generate(account, 2)).statusCode).toBe(201);
  });
});
