/**
 * No minors, by face (docs/product/trust-and-safety.md, 'No minors'): a persona photo whose face
 * the age model estimates under MINIMUM_ESTIMATED_AGE is refused with its sentence before
 * anything is stored or spent, and an output whose person is estimated so is withheld and
 * refunded; both are kept for the operators' review. The age is held by the test, which wraps the
 * real face analyser: no photo of a child is ever committed or fetched. The adult test photos go
 * through the real model and pass.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  MINIMUM_ESTIMATED_AGE,
  MINOR_OUTPUT_TEXTS,
  PERSONA_MINORS_TEXT,
  type TJob,
} from '@muse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personaPhotos, safetyRefusals } from '../src/db/schema';
import { createFaceAnalyser, type TFaceAnalyser } from '../src/engines/faces';
import { startWorker } from '../src/modules/jobs/worker';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { credits, finished, gallery, photo } from './creations';
import { startFakeFal, type TFakeFal } from './fakes/fal';
import { multipartForm } from './images';
import { freePort } from './ports';

/** The real analyser, with every face's age estimate replaced by `held.age` while it is set. */
function heldAges(real: TFaceAnalyser, held: { age: number | null }): TFaceAnalyser {
  return {
    async analysePhoto(input) {
      const analysis = await real.analysePhoto(input);
      if (held.age === null) return analysis;
      const age = held.age;
      return { ...analysis, faces: analysis.faces.map((face) => ({ ...face, estimatedAge: age })) };
    },
    faceEmbeddings: (input) => real.faceEmbeddings(input),
    async describeFaces(input) {
      const faces = await real.describeFaces(input);
      // A held age stands for a face the model found, whatever the picture shows.
      return held.age === null ? faces : { ...faces, ages: [held.age] };
    },
    stop: () => real.stop(),
  };
}

const held: { age: number | null } = { age: null };
let ctx: TTestContext;
let fal: TFakeFal;
let worker: { stop: () => Promise<void> };

beforeAll(async () => {
  fal = await startFakeFal();
  fal.script('fal-ai/flux/dev', { latencyMs: 50 });
  const port = await freePort();
  ctx = await createTestApp(
    {
      ENGINE_GENERATE_IMAGE: 'fal',
      FAL_KEY: fal.apiKey,
      FAL_API_URL: fal.url,
      FAL_WEBHOOKS: 'true',
      FAL_POLL_INTERVAL_MS: '100',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    undefined,
    { faces: heldAges(createFaceAnalyser(), held) },
  );
  await ctx.app.listen({ port, host: '127.0.0.1' });
  worker = await startWorker({
    db: ctx.database.db,
    pool: ctx.database.pool,
    deps: ctx.app.services,
    concurrency: 2,
    log: { info: () => {}, error: () => {} },
  });
}, 120_000);
afterAll(async () => {
  await worker.stop();
  await fal.close();
});

async function persona(owner: TTestAccount): Promise<string> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/influencers',
    headers: owner.headers,
    payload: multipartForm({ name: 'Mara', niche: 'fashion', description: 'Street style' }),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().influencer.id;
}

function upload(owner: TTestAccount, influencerId: string, name: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/influencers/${influencerId}/photos`,
    headers: owner.headers,
    payload: multipartForm({}, [{ field: 'photo', name, type: 'image/jpeg', data: photo(name) }]),
  });
}

/** The files kept for a persona's photos, read from the storage folder itself. */
function storedPhotos(owner: TTestAccount, influencerId: string): string[] {
  const folder = path.join(
    ctx.config.DATA_DIR,
    'files',
    `users/${owner.userId}/influencers/${influencerId}/photos`,
  );
  return existsSync(folder) ? readdirSync(folder) : [];
}

const refusalsOf = (owner: TTestAccount) =>
  ctx.database.db.select().from(safetyRefusals).where(eq(safetyRefusals.userId, owner.userId));

describe('a persona photo', { timeout: 120_000 }, () => {
  it('of an adult passes the real age model', async () => {
    held.age = null;
    const owner = await registerAccount(ctx.app);
    await buyPlan(ctx.app, owner, 'launch');
    const influencerId = await persona(owner);
    for (const name of ['same-person-01.jpg', 'same-person-06.jpg', 'other-person.jpg']) {
      const answer = await upload(owner, influencerId, name);
      expect(answer.statusCode, `${name}: ${answer.body}`).toBe(201);
    }
    expect(await refusalsOf(owner)).toEqual([]);
  });

  it('whose face is estimated under the threshold is refused, and nothing is stored or spent', async () => {
    const owner = await registerAccount(ctx.app);
    await buyPlan(ctx.app, owner, 'launch');
    const influencerId = await persona(owner);
    const before = await credits(ctx, owner);
    held.age = MINIMUM_ESTIMATED_AGE - 0.1;
    const answer = await upload(owner, influencerId, 'same-person-01.jpg');
    held.age = null;
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'MINOR_REFUSED', error: PERSONA_MINORS_TEXT });
    const rows = await ctx.database.db
      .select()
      .from(personaPhotos)
      .where(eq(personaPhotos.influencerId, influencerId));
    expect(rows).toEqual([]);
    expect(storedPhotos(owner, influencerId)).toEqual([]);
    expect(await credits(ctx, owner)).toBe(before);
    expect(await refusalsOf(owner)).toMatchObject([
      { kind: 'photo', tool: 'persona-photo', influencerId, prompt: null },
    ]);
    const [refusal] = await refusalsOf(owner);
    expect(refusal!.estimatedAge).toBeCloseTo(MINIMUM_ESTIMATED_AGE - 0.1, 3);
  });

  it('estimated at the threshold is kept', async () => {
    const owner = await registerAccount(ctx.app);
    await buyPlan(ctx.app, owner, 'launch');
    const influencerId = await persona(owner);
    held.age = MINIMUM_ESTIMATED_AGE;
    const answer = await upload(owner, influencerId, 'same-person-02.jpg');
    held.age = null;
    expect(answer.statusCode, answer.body).toBe(201);
    expect(storedPhotos(owner, influencerId)).toHaveLength(2);
  });
});

describe('an output', { timeout: 120_000 }, () => {
  it('whose person is estimated under the threshold is withheld, never stored, and refunded', async () => {
    const owner = await registerAccount(ctx.app);
    await buyPlan(ctx.app, owner, 'launch');
    const before = await credits(ctx, owner);
    held.age = 16;
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: owner.headers,
      payload: { prompt: 'a woman on a beach at sunset', count: 1 },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const [job] = await finished(
      ctx,
      owner,
      answer.json().jobs.map((one: TJob) => one.id),
    );
    held.age = null;
    expect(job).toMatchObject({ status: 'failed', failureReason: MINOR_OUTPUT_TEXTS.image });
    expect(job!.outputs).toHaveLength(0);
    expect(await credits(ctx, owner)).toBe(before);
    expect((await gallery(ctx, owner)).items).toHaveLength(0);
    expect(await refusalsOf(owner)).toMatchObject([
      { kind: 'output', tool: 'generate-image', jobId: job!.id, estimatedAge: 16 },
    ]);
  });

  it('of an adult is kept', async () => {
    const owner = await registerAccount(ctx.app);
    await buyPlan(ctx.app, owner, 'launch');
    held.age = 34;
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/api/generations',
      headers: owner.headers,
      payload: { prompt: 'a woman on a beach at sunset', count: 1 },
    });
    const [job] = await finished(
      ctx,
      owner,
      answer.json().jobs.map((one: TJob) => one.id),
    );
    held.age = null;
    expect(job!.status, job!.failureReason ?? '').toBe('succeeded');
    expect(await refusalsOf(owner)).toEqual([]);
  });
});
