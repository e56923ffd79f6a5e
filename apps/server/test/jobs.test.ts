import { PLANS, TOOL_TEXTS, WELCOME_CREDITS, type TJob } from '@muse/shared';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, ledgerEntries, workspaceMembers } from '../src/db/schema';
import { debit, getBalances, listLedger } from '../src/modules/billing/ledger';
import {
  failJob,
  QUEUED_RECHECK_SECONDS,
  recoverStaleJobs,
  STALE_AFTER_SECONDS,
} from '../src/modules/jobs/service';
import { MAX_STREAMS_PER_ACCOUNT } from '../src/modules/jobs/routes';
import { startWorker } from '../src/modules/jobs/worker';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { startHangingWorker } from './killed-worker';
import { createTestEngines } from './engines';
import { makePng, multipartForm } from './images';

const { engines, control } = createTestEngines();
let ctx: TTestContext;
let baseUrl: string;
let worker: { stop: () => Promise<void> } | null = null;

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { engines });
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await worker?.stop();
});

const silent = { info: () => {}, error: () => {} };
async function runWorker() {
  if (worker) return;
  worker = await startWorker({
    db: ctx.database.db,
    pool: ctx.database.pool,
    deps: ctx.app.services,
    concurrency: 1,
    log: silent,
  });
}
async function stopWorker() {
  await worker?.stop();
  worker = null;
}

async function launchAccount(): Promise<TTestAccount> {
  const account = await registerAccount(ctx.app);
  await buyPlan(ctx.app, account, 'launch');
  return account;
}

async function queue(account: TTestAccount, tool: string, fields: Record<string, string> = {}) {
  const image = await makePng(32, 24);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: account.headers,
    payload: multipartForm({ tool, ...fields }, [
      { field: 'image', name: 'in.png', type: 'image/png', data: image },
    ]),
  });
}

/**
 * Follows a job's event stream over real HTTP until it ends; returns every state sent.
 * `opened` resolves once the first state has arrived (the stream is live from then on).
 */
function followLive(account: TTestAccount, id: string) {
  let markOpened: () => void = () => {};
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  const states = (async () => {
    const response = await fetch(`${baseUrl}/api/jobs/${id}/events`, { headers: account.headers });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const decoder = new TextDecoder();
    let text = '';
    for await (const chunk of response.body!) {
      text += decoder.decode(chunk as Uint8Array, { stream: true });
      if (text.includes('event: job')) markOpened();
    }
    markOpened();
    return text
      .split('\n\n')
      .filter((frame) => frame.startsWith('event: job'))
      .map((frame) => JSON.parse(frame.split('\ndata: ')[1]!) as TJob);
  })();
  return { opened, states };
}

function follow(account: TTestAccount, id: string): Promise<TJob[]> {
  return followLive(account, id).states;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('jobs', () => {
  it('a FREE account is refused with the limit answer and loses nothing', async () => {
    const account = await registerAccount(ctx.app);
    for (const tool of ['upscale', 'edit-image', 'generate-prompt']) {
      const response = await queue(account, tool);
      expect([response.statusCode, response.json()]).toEqual([
        403,
        { success: false, error: TOOL_TEXTS.notAllowed, code: 'TOOL_NOT_ALLOWED' },
      ]);
    }
    expect((await getBalances(ctx.database.db, account.userId)).credits).toBe(WELCOME_CREDITS);
    expect(
      await ctx.database.db.select().from(jobs).where(eq(jobs.workspaceId, account.userId)),
    ).toEqual([]);
  });

  it('runs an upscale with live progress: queued, running, done with a 4x file', async () => {
    const account = await launchAccount();
    const before = (await getBalances(ctx.database.db, account.userId)).credits;
    const created = await queue(account, 'upscale', { model: 'v1', overlappingTiles: 'true' });
    expect(created.statusCode).toBe(201);
    const { job } = created.json();
    expect(job).toMatchObject({
      tool: 'upscale',
      status: 'queued',
      cost: 10,
      options: { model: 'v1', overlappingTiles: true },
      input: { width: 32, height: 24, contentType: 'image/png' },
      outputs: [],
    });
    expect((await getBalances(ctx.database.db, account.userId)).credits).toBe(before - 10);

    // The stream reports the job queued before any worker may take it.
    const streamed = followLive(account, job.id);
    await streamed.opened;
    await runWorker();
    const states = await streamed.states;
    expect(states[0]!.status).toBe('queued');
    expect(states.some((state) => state.status === 'running' && state.progress > 0)).toBe(true);
    const done = states.at(-1)!;
    expect(done).toMatchObject({ status: 'succeeded', progress: 100, stage: 'Done' });
    const progress = states.map((state) => state.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const [output] = done.outputs;
    expect(output).toMatchObject({ width: 128, height: 96, fileName: 'muse-upscaled-4x.png' });
    const file = await ctx.app.inject({ method: 'GET', url: output!.url });
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 128, 96]);
    expect((await getBalances(ctx.database.db, account.userId)).credits).toBe(before - 10);

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/jobs?tool=upscale',
      headers: account.headers,
    });
    expect(list.json().jobs.map((row: TJob) => row.id)).toEqual([job.id]);
    const none = await ctx.app.inject({
      method: 'GET',
      url: '/api/jobs?tool=edit-image',
      headers: account.headers,
    });
    expect(none.json().jobs).toEqual([]);
  });

  it('a stream catches up with what changed while its database connection was down', async () => {
    await stopWorker();
    const account = await launchAccount();
    const { job } = (await queue(account, 'upscale')).json();
    const abort = new AbortController();
    const response = await fetch(`${baseUrl}/api/jobs/${job.id}/events`, {
      headers: account.headers,
      signal: abort.signal,
    });
    const decoder = new TextDecoder();
    let text = '';
    const reading = (async () => {
      for await (const chunk of response.body!) text += decoder.decode(chunk as Uint8Array);
    })().catch(() => {});
    await waitFor(async () => text.includes('"status":"queued"'));

    // The server's LISTEN connection drops; a change made meanwhile is announced to nobody.
    const terminated = await ctx.database.pool.query(
      `select pg_terminate_backend(pid) as done from pg_stat_activity
        where datname = current_database() and query = 'LISTEN muse_jobs'`,
    );
    expect(terminated.rows).toEqual([{ done: true }]);
    await ctx.database.db
      .update(jobs)
      .set({ stage: 'Changed while nobody listened' })
      .where(eq(jobs.id, job.id));
    // Once reconnected, the stream re-reads the job and sends what it missed.
    await waitFor(async () => text.includes('Changed while nobody listened'), 10_000);
    abort.abort();
    await reading;
    await runWorker();
    await follow(account, job.id);
  });

  it('a job that fails refunds its cost exactly once and shows the reason', async () => {
    const account = await launchAccount();
    await runWorker();
    const before = (await getBalances(ctx.database.db, account.userId)).credits;
    control.failWith = new Error('model exploded');
    try {
      const { job } = (await queue(account, 'generate-prompt')).json();
      const states = await follow(account, job.id);
      expect(states.at(-1)).toMatchObject({
        status: 'failed',
        failureReason: TOOL_TEXTS.engineFailed,
      });
      const row = (await ctx.database.db.select().from(jobs).where(eq(jobs.id, job.id)))[0]!;
      await failJob(ctx.database.db, row, 'again');
      const refunds = (await listLedger(ctx.database.db, account.userId)).filter(
        (entry) => entry.kind === 'refund' && entry.currency === 'credits',
      );
      expect(refunds.map((entry) => entry.amount)).toEqual([2]);
      expect((await getBalances(ctx.database.db, account.userId)).credits).toBe(before);
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/jobs/${job.id}`,
            headers: account.headers,
          })
        ).json().job.failureReason,
      ).toBe(TOOL_TEXTS.engineFailed);
    } finally {
      control.failWith = null;
    }
  });

  it('a stored job whose options no longer parse is failed and refunded, never run', async () => {
    await stopWorker();
    const account = await launchAccount();
    const before = (await getBalances(ctx.database.db, account.userId)).credits;
    const { job } = (await queue(account, 'edit-image', { aspectRatio: '9:16' })).json();
    await ctx.database.db
      .update(jobs)
      .set({ options: { aspectRatio: '2:1', format: 'webp' } })
      .where(eq(jobs.id, job.id));
    const runs = control.runs;
    await runWorker();
    const states = await follow(account, job.id);
    expect(states.at(-1)).toMatchObject({
      status: 'failed',
      failureReason: TOOL_TEXTS.engineFailed,
    });
    expect(control.runs).toBe(runs);
    expect((await getBalances(ctx.database.db, account.userId)).credits).toBe(before);
  });

  it('20 jobs queued at once with credits for 2: 2 queue, 18 are refused', async () => {
    await stopWorker();
    const account = await launchAccount();
    const { credits } = await getBalances(ctx.database.db, account.userId);
    // Fewer than the jobs one account may have unfinished (fair-share.test.ts), so the balance decides.
    await debit(ctx.database.db, {
      workspaceId: account.userId,
      currency: 'credits',
      amount: credits - 20,
      description: 'Spent elsewhere',
      reference: 'spent-elsewhere',
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => queue(account, 'upscale')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 402)).toHaveLength(18);
    expect((await getBalances(ctx.database.db, account.userId)).credits).toBe(0);
    const rows = await ctx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.workspaceId, account.userId));
    expect(rows).toHaveLength(2);
    // The queue drains: each of the 2 runs once.
    await runWorker();
    await waitFor(async () => {
      const states = await ctx.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.workspaceId, account.userId));
      return states.every((row) => row.status === 'succeeded');
    }, 20_000);
  });

  it("two editors spending a workspace's credits at once never take it below zero", async () => {
    await stopWorker();
    const owner = await launchAccount();
    const editors = [await registerAccount(ctx.app), await registerAccount(ctx.app)];
    await ctx.database.db.insert(workspaceMembers).values(
      editors.map((editor) => ({
        workspaceId: owner.userId,
        userId: editor.userId,
        role: 'editor' as const,
      })),
    );
    const { credits } = await getBalances(ctx.database.db, owner.userId);
    await debit(ctx.database.db, {
      workspaceId: owner.userId,
      currency: 'credits',
      amount: credits - 20,
      description: 'Spent elsewhere',
      reference: 'spent-elsewhere',
    });
    // Each editor's calls name the owner's workspace, whose balance they share.
    const inTeam = (editor: TTestAccount) =>
      ({
        ...editor,
        headers: { ...editor.headers, 'x-muse-workspace': owner.userId },
      }) as TTestAccount;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => queue(inTeam(editors[n % 2]!), 'upscale')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(2);
    expect(statuses.filter((status) => status === 402)).toHaveLength(18);
    expect((await getBalances(ctx.database.db, owner.userId)).credits).toBe(0);
    // Each spend names the editor who spent; the editors' own balances are untouched.
    const spends = await ctx.database.db
      .select({ actorId: ledgerEntries.actorId })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.workspaceId, owner.userId), like(ledgerEntries.reference, 'job:%')),
      );
    expect(spends).toHaveLength(2);
    for (const spend of spends)
      expect(editors.map((editor) => editor.userId)).toContain(spend.actorId);
    for (const editor of editors)
      expect((await getBalances(ctx.database.db, editor.userId)).credits).toBe(WELCOME_CREDITS);
    // The queue drains before the next test looks at it.
    await runWorker();
    await waitFor(async () => {
      const states = await ctx.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.workspaceId, owner.userId));
      return states.every((row) => row.status === 'succeeded');
    }, 20_000);
  });

  it("a killed worker's job is queued again and finished; one out of attempts is failed and refunded", async () => {
    await stopWorker();
    const account = await launchAccount();
    const before = (await getBalances(ctx.database.db, account.userId)).credits;
    const first = (await queue(account, 'upscale')).json().job;

    // A real worker process takes the job and is killed mid-run.
    const worker = startHangingWorker(ctx);
    const running = async () =>
      (await ctx.database.db.select().from(jobs).where(eq(jobs.id, first.id)))[0]!.status ===
      'running';
    await waitFor(running, 20_000);
    await worker.kill();
    expect(await running()).toBe(true);

    // Another job whose attempts are spent, left behind the same way.
    const second = (await queue(account, 'upscale')).json().job;
    await ctx.database.db
      .update(jobs)
      .set({ status: 'running', attempts: 2, heartbeatAt: new Date() })
      .where(eq(jobs.id, second.id));

    // Nothing happens while the heartbeat is fresh; once it is stale, the jobs are recovered.
    expect(await recoverStaleJobs(ctx.database.db)).toBe(0);
    const later = new Date(Date.now() + (STALE_AFTER_SECONDS + 5) * 1000);
    expect(await recoverStaleJobs(ctx.database.db, later)).toBe(2);
    await runWorker();
    const states = await follow(account, first.id);
    expect(states.at(-1)).toMatchObject({ status: 'succeeded' });
    const lost = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/jobs/${second.id}`,
        headers: account.headers,
      })
    ).json().job;
    expect(lost).toMatchObject({ status: 'failed', failureReason: TOOL_TEXTS.workerStopped });
    expect((await getBalances(ctx.database.db, account.userId)).credits).toBe(before - 10);
  }, 60_000);

  it('a job whose queue message died with its worker before it started is sent again', async () => {
    await stopWorker();
    const account = await launchAccount();
    const { job } = (await queue(account, 'upscale')).json();
    // A worker took the message and died before claiming the job: the message stays locked.
    const locked = await ctx.database.pool.query(
      `update graphile_worker._private_jobs set locked_at = now(), locked_by = 'dead-worker'
        where key = $1 returning id`,
      [`job:${job.id}:1`],
    );
    expect(locked.rowCount).toBe(1);
    expect(await recoverStaleJobs(ctx.database.db)).toBe(0);
    const later = new Date(Date.now() + (QUEUED_RECHECK_SECONDS + 5) * 1000);
    expect(await recoverStaleJobs(ctx.database.db, later)).toBe(1);
    await runWorker();
    const states = await follow(account, job.id);
    expect(states.at(-1)).toMatchObject({ status: 'succeeded' });
  });

  it("another user's job and files answer 404", async () => {
    await runWorker();
    const owner = await launchAccount();
    const { job } = (await queue(owner, 'upscale')).json();
    await follow(owner, job.id);
    const stranger = await launchAccount();
    for (const url of [`/api/jobs/${job.id}`, `/api/jobs/${job.id}/events`, '/api/jobs/nope']) {
      const answer = await ctx.app.inject({ method: 'GET', url, headers: stranger.headers });
      expect([answer.statusCode, answer.json().error]).toEqual([404, TOOL_TEXTS.jobNotFound]);
    }
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/jobs',
      headers: stranger.headers,
    });
    expect(list.json().jobs).toEqual([]);
    // The owner's files: served with the signature the owner got, never by guessing the key.
    const input = new URL(job.input.url, 'http://x');
    const guessed = await ctx.app.inject({ method: 'GET', url: input.pathname });
    expect(guessed.statusCode).toBe(404);
  });

  it('refuses edits in words without a generative engine, bad options and non-images, charging nothing', async () => {
    const account = await launchAccount();
    const before = (await getBalances(ctx.database.db, account.userId)).credits;
    const cases: [Promise<{ statusCode: number; json: () => { error: string } }>, string][] = [
      [
        queue(account, 'edit-image', { prompt: 'make it sunset' }),
        TOOL_TEXTS.generativeEngineNeeded,
      ],
      [
        queue(account, 'edit-image', { safetyTolerance: '7' }),
        'Safety tolerance must be a whole number from 1 to 6',
      ],
      [queue(account, 'edit-image', { aspectRatio: '2:1' }), 'Choose an aspect ratio'],
      [queue(account, 'unknown-tool'), 'Unknown tool'],
    ];
    for (const [answer, error] of cases) expect((await answer).json().error).toBe(error);
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: account.headers,
      payload: multipartForm({ tool: 'upscale' }, [
        { field: 'image', name: 'x.png', type: 'image/png', data: Buffer.from('plain text') },
      ]),
    });
    expect(text.json().error).toBe(
      'Only image files (PNG, JPG, WEBP, GIF or AVIF) can be uploaded',
    );
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: account.headers,
      payload: multipartForm({ tool: 'upscale' }, [
        { field: 'image', name: 'big.png', type: 'image/png', data: await makePng(1100, 200) },
      ]),
    });
    expect(big.json().error).toBe(TOOL_TEXTS.upscaleTooLarge);
    expect((await getBalances(ctx.database.db, account.userId)).credits).toBe(before);
    void PLANS;
  });
});

describe('live streams', () => {
  it('an account holds at most 10 open at once; closing one frees its place', async () => {
    await stopWorker();
    const account = await launchAccount();
    const { job } = (await queue(account, 'upscale')).json();
    const open = async () => {
      const controller = new AbortController();
      const response = await fetch(`${baseUrl}/api/jobs/${job.id}/events`, {
        headers: account.headers,
        signal: controller.signal,
      });
      return { response, close: () => controller.abort() };
    };
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i += 1) {
      const stream = await open();
      expect(stream.response.status).toBe(200);
      streams.push(stream);
    }
    const refused = await open();
    expect(refused.response.status).toBe(429);
    expect(((await refused.response.json()) as { error: string }).error).toBe(
      TOOL_TEXTS.tooManyStreams,
    );
    // Another account is not held back by this one.
    const other = await launchAccount();
    const theirs = (await queue(other, 'upscale')).json().job;
    const elsewhere = await fetch(`${baseUrl}/api/jobs/${theirs.id}/events`, {
      headers: other.headers,
    });
    expect(elsewhere.status).toBe(200);
    void elsewhere.body?.cancel();

    streams.pop()!.close();
    await waitFor(async () => {
      const next = await open();
      if (next.response.status === 200) streams.push(next);
      return next.response.status === 200;
    });
    for (const stream of streams) stream.close();
  });
});
