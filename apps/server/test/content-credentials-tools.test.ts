/**
 * Every picture and clip a tool keeps carries its signed Content Credentials
 * (docs/decisions/0052-content-credentials.md): each tool run through the API, its gallery file
 * downloaded and read back.
 */
import type { TGalleryItem, TJob } from '@muse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIGITAL_SOURCE_TYPE, type TCredentialsSummary } from '../src/lib/content-credentials';
import { signOutput } from '../src/modules/jobs/outputs';
import { startWorker } from '../src/modules/jobs/worker';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { finished, gallery, photo, trainedPersona } from './creations';
import { createTestEngines, stillClip } from './engines';
import { startFakeFal, type TFakeFal } from './fakes/fal';
import { makePng, multipartForm } from './images';

const silent = { info: () => {}, error: () => {} };

let fal: TFakeFal;
let offline: TTestContext;
let hosted: TTestContext;
const workers: { stop: () => Promise<void> }[] = [];

beforeAll(async () => {
  fal = await startFakeFal();
  fal.script('fal-ai/flux/dev', { latencyMs: 50 });
  offline = await createTestApp({}, undefined, { engines: createTestEngines().engines });
  // Polled, not woken by webhooks: the app need not listen.
  hosted = await createTestApp({
    ENGINE_GENERATE_IMAGE: 'fal',
    FAL_KEY: fal.apiKey,
    FAL_API_URL: fal.url,
    FAL_WEBHOOKS: 'false',
    FAL_POLL_INTERVAL_MS: '50',
  });
  for (const context of [offline, hosted])
    workers.push(
      await startWorker({
        db: context.database.db,
        pool: context.database.pool,
        deps: context.app.services,
        concurrency: 2,
        log: silent,
      }),
    );
}, 120_000);
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await fal.close();
});

async function account(context: TTestContext) {
  const created = await registerAccount(context.app);
  await buyPlan(context.app, created, 'launch');
  return created;
}

/** The job's one output once it succeeded: its gallery item and its file as downloaded. */
async function output(context: TTestContext, owner: TTestAccount, job: TJob) {
  const [done] = await finished(context, owner, [job.id]);
  expect(done!.status, done!.failureReason ?? '').toBe('succeeded');
  const galleryId = done!.outputs[0]!.galleryId;
  const item = (await gallery(context, owner)).items.find((each) => each.id === galleryId);
  expect(item).toBeDefined();
  const url = new URL(item!.url, 'http://localhost');
  const download = await context.app.inject({
    method: 'GET',
    url: url.pathname + url.search,
    headers: owner.headers,
  });
  expect(download.statusCode).toBe(200);
  return { item: item!, data: download.rawPayload, job: done! };
}

/** GET /api/gallery/:id. */
async function galleryItemById(
  context: TTestContext,
  owner: TTestAccount,
  id: string,
): Promise<TGalleryItem> {
  const answer = await context.app.inject({
    method: 'GET',
    url: `/api/gallery/${id}`,
    headers: owner.headers,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().item;
}

/** The credentials of a downloaded output, which must have some. */
async function credentialsOf(
  context: TTestContext,
  file: { item: TGalleryItem; data: Buffer },
): Promise<TCredentialsSummary> {
  const summary = await context.app.services.credentials.read(file.data, file.item.contentType);
  expect(summary, 'the file carries no Content Credentials').not.toBeNull();
  expect(summary!.valid, summary!.validationStatuses.join(', ')).toBe(true);
  expect(summary!.softwareAgent).toMatch(/^Muse /);
  return summary!;
}

const created = {
  action: 'c2pa.created',
  digitalSourceType: DIGITAL_SOURCE_TYPE.trainedAlgorithmicMedia,
};
const edited = {
  action: 'c2pa.edited',
  digitalSourceType: DIGITAL_SOURCE_TYPE.compositeWithTrainedAlgorithmicMedia,
};

async function startJob(
  context: TTestContext,
  owner: TTestAccount,
  fields: Record<string, string>,
  files: { field: string; name: string; type: string; data: Buffer }[] = [],
): Promise<TJob> {
  const answer = await context.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: owner.headers,
    payload: multipartForm(fields, files),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().job;
}

async function generate(context: TTestContext, owner: TTestAccount): Promise<TJob> {
  const answer = await context.app.inject({
    method: 'POST',
    url: '/api/generations',
    headers: owner.headers,
    payload: { prompt: 'on a beach at sunset', count: 1 },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().jobs[0];
}

describe('the offline engine', { timeout: 180_000 }, () => {
  let owner: TTestAccount;
  let influencerId: string;
  let generation: Awaited<ReturnType<typeof output>>;
  beforeAll(async () => {
    owner = await account(offline);
    influencerId = await trainedPersona(offline, owner);
    generation = await output(offline, owner, await generate(offline, owner));
  }, 150_000);

  it('signs a generated picture as created by AI, with no ingredient', async () => {
    const summary = await credentialsOf(offline, generation);
    expect(summary).toMatchObject({
      ...created,
      engine: generation.job.engine,
      model: generation.job.engine,
      ingredients: [],
    });
  });

  it('an upscale of an edit of a generation names the edit, and the edit the generation', async () => {
    const edit = await output(
      offline,
      owner,
      await startJob(offline, owner, {
        tool: 'edit-image',
        galleryId: generation.item.id,
        aspectRatio: '1:1',
      }),
    );
    const editSummary = await credentialsOf(offline, edit);
    expect(editSummary).toMatchObject(edited);
    expect(editSummary.ingredients).toHaveLength(1);
    expect(editSummary.ingredients[0]).toMatchObject({ ...created, valid: true });

    const upscale = await output(
      offline,
      owner,
      await startJob(offline, owner, { tool: 'upscale', galleryId: edit.item.id }),
    );
    const summary = await credentialsOf(offline, upscale);
    expect(summary).toMatchObject({ ...edited, engine: upscale.job.engine });
    expect(summary.ingredients).toHaveLength(1);
    const [ingredient] = summary.ingredients;
    expect(ingredient).toMatchObject({ ...edited, valid: true });
    expect(ingredient!.ingredients).toHaveLength(1);
    expect(ingredient!.ingredients[0]).toMatchObject({ ...created, valid: true });

    // The gallery keeps what the signed file says: the upscale, and its chain oldest first.
    const kept = await galleryItemById(offline, owner, upscale.item.id);
    const engine = upscale.job.engine;
    expect(kept.credentials).toMatchObject({
      ...edited,
      engine,
      model: engine,
      softwareAgent: summary.softwareAgent,
      signedAt: summary.signedAt,
    });
    expect(kept.credentials!.chain).toEqual([
      { action: 'c2pa.created', engine, model: engine, signedAt: expect.any(String) },
      { action: 'c2pa.edited', engine, model: engine, signedAt: expect.any(String) },
    ]);
    expect((await galleryItemById(offline, owner, generation.item.id)).credentials).toMatchObject({
      ...created,
      engine,
      chain: [],
    });

    // A post copies the signed file: its item on the public page says it carries credentials.
    const saved = await offline.app.inject({
      method: 'PUT',
      url: `/api/influencers/${influencerId}/page`,
      headers: owner.headers,
      payload: { handle: `signed.${Date.now().toString(36)}`, bio: '', published: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const handle = saved.json().page.handle as string;
    const posted = await offline.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: owner.headers,
      payload: {
        influencerId,
        itemIds: [upscale.item.id],
        caption: '',
        priceCents: 0,
        publishAt: null,
        timeZone: 'UTC',
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json().post.items[0].credentials).toBe(true);
    const page = await offline.app.inject({ method: 'GET', url: `/api/public/pages/${handle}` });
    expect(page.statusCode, page.body).toBe(200);
    const post = page
      .json()
      .posts.find((each: { id: string }) => each.id === posted.json().post.id);
    expect(post.items[0].credentials).toBe(true);
  });

  it('signs an upload edited as edited, though the upload had no manifest', async () => {
    const edit = await output(
      offline,
      owner,
      await startJob(offline, owner, { tool: 'edit-image', aspectRatio: '1:1' }, [
        { field: 'image', name: 'upload.png', type: 'image/png', data: await makePng(120, 80) },
      ]),
    );
    expect(await credentialsOf(offline, edit)).toMatchObject({ ...edited, ingredients: [] });
  });

  it('signs a clip made from a generated still as created, the still its ingredient', async () => {
    const clip = await output(
      offline,
      owner,
      await startJob(offline, owner, {
        tool: 'generate-video',
        galleryId: generation.item.id,
        prompt: 'slow push-in',
        duration: '5',
      }),
    );
    expect(clip.item.contentType).toBe('video/mp4');
    const summary = await credentialsOf(offline, clip);
    expect(summary).toMatchObject(created);
    expect(summary.ingredients).toHaveLength(1);
    expect(summary.ingredients[0]).toMatchObject(created);
  });

  it('signs a face swap as an edit of the uploaded clip', async () => {
    const clip = await stillClip(photo('other-person.jpg'), 2, 256, 256);
    const swap = await output(
      offline,
      owner,
      await startJob(offline, owner, { tool: 'face-swap', influencerId, footageRights: 'true' }, [
        { field: 'video', name: 'clip.mp4', type: 'video/mp4', data: clip },
      ]),
    );
    expect(swap.item.contentType).toBe('video/mp4');
    expect(await credentialsOf(offline, swap)).toMatchObject({
      ...edited,
      engine: swap.job.engine,
    });
  });

  it('signs a product shot as an edit (a composite) of the product photo', async () => {
    const created = await offline.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: owner.headers,
      payload: multipartForm({ name: 'Rose serum', description: 'A red glass bottle' }, [
        { field: 'images', name: 'serum.png', type: 'image/png', data: await makePng(200, 280) },
      ]),
    });
    expect(created.statusCode, created.body).toBe(201);
    const shot = await output(
      offline,
      owner,
      await startJob(offline, owner, {
        tool: 'product-shot',
        productId: created.json().product.id,
        influencerId,
        prompt: 'on a marble bathroom counter',
        aspectRatio: '1:1',
      }),
    );
    expect(await credentialsOf(offline, shot)).toMatchObject(edited);
  });
});

it('refuses to keep an output of a type that cannot carry credentials', async () => {
  const provenance = { action: 'created', engine: 'test', model: null, parent: null } as const;
  await expect(
    signOutput(
      offline.app.services.credentials,
      { data: Buffer.from('GIF89a'), contentType: 'image/gif' as 'image/png' },
      provenance,
    ),
  ).rejects.toThrow('Content Credentials cannot be signed into image/gif');
});

describe('the hosted engine', { timeout: 120_000 }, () => {
  it("names fal and the endpoint's model in a generated picture's credentials", async () => {
    const owner = await account(hosted);
    const generation = await output(hosted, owner, await generate(hosted, owner));
    expect(generation.job.engine).toBe('fal');
    expect(await credentialsOf(hosted, generation)).toMatchObject({
      ...created,
      engine: 'fal',
      model: 'fal-ai/flux/dev',
      ingredients: [],
    });
  });
});
