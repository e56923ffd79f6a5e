import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema';
import { debit } from '../src/modules/billing/ledger';
import { failJob } from '../src/modules/jobs/service';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { createTestEngines } from './engines';
import { makePng, multipartForm } from './images';

// How the credit history words a job's spend and its refund (docs/product/plans-and-credits.md).
// No worker runs: a job stays queued until the test fails it.

const { engines } = createTestEngines();
let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { engines });
});

type TEntry = { description: string; amount: number; kind: string };

async function history(account: TTestAccount): Promise<[string, number][]> {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: '/api/credits/history',
    headers: account.headers,
  });
  expect(answer.statusCode).toBe(200);
  return (answer.json().entries as TEntry[])
    .filter((entry) => entry.kind === 'spend' || entry.kind === 'refund')
    .map((entry) => [entry.description, entry.amount]);
}

async function upscale(account: TTestAccount, fileName: string): Promise<string> {
  const queued = await ctx.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: account.headers,
    payload: multipartForm({ tool: 'upscale' }, [
      { field: 'image', name: fileName, type: 'image/png', data: await makePng(32, 24) },
    ]),
  });
  expect(queued.statusCode, queued.body).toBe(201);
  return queued.json().job.id;
}

describe('the credit history', () => {
  it("names a job's tool and file, and its refund the same", async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    const id = await upscale(account, 'portrait.png');
    expect(await history(account)).toEqual([['Upscale · portrait.png', -10]]);

    const [row] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, id));
    await failJob(ctx.database.db, row!, 'The AI engine could not finish this job.');
    expect(await history(account)).toEqual([
      ['Refund: Upscale · portrait.png', 10],
      ['Upscale · portrait.png', -10],
    ]);
  });

  it('shows a long file name shortened, on one line', async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    await upscale(account, `${'very long holiday photo '.repeat(4)}.png`);
    const [[description]] = (await history(account)) as [[string, number]];
    expect(description).toBe(`Upscale · ${'very long holiday photo '.repeat(3).slice(0, 59)}…`);
  });

  it('keeps the words of rows written before', async () => {
    const account = await registerAccount(ctx.app);
    await debit(ctx.database.db, {
      workspaceId: account.userId,
      currency: 'credits',
      amount: 10,
      description: 'upscale job',
      reference: 'job:written-before',
    });
    expect(await history(account)).toEqual([['upscale job', -10]]);
  });
});
