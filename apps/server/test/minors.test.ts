/**
 * No minors (docs/product/trust-and-safety.md): a prompt that asks for a person under 18 is
 * refused with its sentence before any credit is reserved or any job queued, in every tool that
 * takes one.
 */
import { MINORS_TEXT } from '@muse/shared';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { credits } from './creations';
import { makePng, multipartForm } from './images';
import { safetyRefusals } from '../src/db/schema';

let ctx: TTestContext;
let owner: TTestAccount;

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await registerAccount(ctx.app);
  await buyPlan(ctx.app, owner, 'launch');
});

/** The account's refusals kept for the operators' review, oldest first. */
function refusalsOf(account: TTestAccount) {
  return ctx.database.db
    .select()
    .from(safetyRefusals)
    .where(eq(safetyRefusals.userId, account.userId))
    .orderBy(asc(safetyRefusals.createdAt));
}

async function jobsOf(account: TTestAccount): Promise<number> {
  const answer = await ctx.app.inject({ url: '/api/jobs', headers: account.headers });
  return answer.json().jobs.length;
}

describe('a prompt that asks for a minor', () => {
  it('is refused by Generate with its sentence, and nothing is spent or queued', async () => {
    const before = await credits(ctx, owner);
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: owner.headers,
      payload: { influencerId: null, prompt: 'a 15 year old at the beach', count: 1 },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      code: 'INVALID_REQUEST',
      error: MINORS_TEXT,
    });
    expect(await credits(ctx, owner)).toBe(before);
    expect(await jobsOf(owner)).toBe(0);
    expect(await refusalsOf(owner)).toMatchObject([
      { kind: 'prompt', tool: 'generate-image', prompt: 'a 15 year old at the beach' },
    ]);
  });

  it('is refused by Edit Image, Generate Video and Product Shot too', async () => {
    const before = await credits(ctx, owner);
    const picture = {
      field: 'image',
      name: 'p.png',
      type: 'image/png',
      data: await makePng(256, 256),
    };
    const tools: Record<string, string>[] = [
      { tool: 'edit-image', prompt: 'make her a schoolgirl' },
      { tool: 'generate-video', prompt: 'a toddler waves', duration: '5', aspectRatio: '1:1' },
    ];
    for (const fields of tools) {
      const answer = await ctx.app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: owner.headers,
        payload: multipartForm(fields, [picture]),
      });
      expect(answer.statusCode, `${fields.tool}: ${answer.body}`).toBe(400);
      expect(answer.json().error).toBe(MINORS_TEXT);
    }
    expect(await credits(ctx, owner)).toBe(before);
    expect(await jobsOf(owner)).toBe(0);
    const refused = (await refusalsOf(owner)).slice(1);
    expect(refused.map(({ tool, prompt }) => ({ tool, prompt }))).toEqual(
      tools.map(({ tool, prompt }) => ({ tool, prompt })),
    );
  });

  it('lets an adult through', async () => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: owner.headers,
      payload: { influencerId: null, prompt: 'a 25 year old woman at the beach', count: 1 },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(await refusalsOf(owner)).toHaveLength(3);
  });
});
