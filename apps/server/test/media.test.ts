import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CREDIT_COSTS,
  GENERATE_TEXTS,
  PRODUCT_TEXTS,
  TOOL_TEXTS,
  UPLOAD_TEXTS,
  VIDEO_TEXTS,
  type TJob,
  FOOTAGE_RIGHTS_TEXTS,
} from '@muse/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema';
import { SWAP_ENDPOINT } from '../src/engines/fal/face-swap';
import { KONTEXT_MULTI_ENDPOINT } from '../src/engines/fal/product-shot';
import { KLING_ENDPOINT } from '../src/engines/fal/video';
import { runBinary, withTempDir } from '../src/engines/local/video/ffmpeg';
import { recoverStaleJobs } from '../src/modules/jobs/service';
import { startWorker } from '../src/modules/jobs/worker';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { credits, finished, gallery, photo, trainedPersona } from './creations';
import { createTestEngines, stillClip } from './engines';
import { startFakeFal, type TFakeFal } from './fakes/fal';
import { makePng, multipartForm } from './images';
import { freePort } from './ports';

const silent = { info: () => {}, error: () => {} };

const VIDEO_ENDPOINTS = [KLING_ENDPOINT, SWAP_ENDPOINT, KONTEXT_MULTI_ENDPOINT];

let fal: TFakeFal;
let offline: TTestContext;
let hosted: TTestContext;
const workers: { stop: () => Promise<void> }[] = [];

beforeAll(async () => {
  fal = await startFakeFal();
  for (const endpoint of VIDEO_ENDPOINTS) fal.script(endpoint, { latencyMs: 100 });
  offline = await createTestApp({}, undefined, { engines: createTestEngines().engines });
  const port = await freePort();
  hosted = await createTestApp({
    ENGINE_GENERATE_VIDEO: 'fal',
    ENGINE_FACE_SWAP: 'fal',
    ENGINE_PRODUCT_SHOT: 'fal',
    FAL_KEY: fal.apiKey,
    FAL_API_URL: fal.url,
    FAL_WEBHOOKS: 'true',
    FAL_POLL_INTERVAL_MS: '100',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  await hosted.app.listen({ port, host: '127.0.0.1' });
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

async function account(context: TTestContext, plan: 'builder' | 'launch' | null = 'launch') {
  const created = await registerAccount(context.app);
  if (plan) await buyPlan(context.app, created, plan);
  return created;
}

const jobCount = async (context: TTestContext, owner: TTestAccount) =>
  (await context.database.db.select().from(jobs).where(eq(jobs.workspaceId, owner.userId))).length;

/** One job, once it has succeeded or failed. */
const finishedJob = async (context: TTestContext, owner: TTestAccount, id: string) =>
  (await finished(context, owner, [id]))[0]!;

const galleryItems = async (context: TTestContext, owner: TTestAccount, query = '') =>
  (await gallery(context, owner, query)).items;

type TFile = { field: string; name: string; type: string; data: Buffer };

function startJob(
  context: TTestContext,
  owner: TTestAccount,
  fields: Record<string, string>,
  files: TFile[] = [],
) {
  return context.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: owner.headers,
    payload: multipartForm(fields, files),
  });
}

async function product(context: TTestContext, owner: TTestAccount, withPhoto = true) {
  const bottle = await sharp({
    create: { width: 120, height: 200, channels: 3, background: { r: 230, g: 40, b: 60 } },
  })
    .extend({ top: 40, bottom: 40, left: 80, right: 80, background: '#ffffff' })
    .png()
    .toBuffer();
  const answer = await context.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: owner.headers,
    payload: multipartForm(
      { name: 'Rose serum', description: 'A red glass bottle' },
      withPhoto ? [{ field: 'images', name: 'serum.png', type: 'image/png', data: bottle }] : [],
    ),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().product.id as string;
}

/** A clip made with the shipped ffmpeg: a still for `seconds`, as MP4. */
const clipOf = (name: string, seconds: number, size = 256) =>
  stillClip(photo(name), seconds, size, size);

const video = (data: Buffer, name = 'clip.mp4', type = 'video/mp4'): TFile => ({
  field: 'video',
  name,
  type,
  data,
});

describe('plans', { timeout: 60_000 }, () => {
  it('a FREE or Builder account cannot start a video; Builder may swap faces', async () => {
    const free = await account(offline, null);
    const builder = await account(offline, 'builder');
    const still = { field: 'image', name: 'still.png', type: 'image/png', data: await makePng() };
    for (const owner of [free, builder]) {
      const before = await credits(offline, owner);
      const answer = await startJob(
        offline,
        owner,
        { tool: 'generate-video', prompt: 'slow push-in', duration: '5' },
        [still],
      );
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().error).toBe(TOOL_TEXTS.notAllowed);
      expect(await credits(offline, owner)).toBe(before);
      expect(await jobCount(offline, owner)).toBe(0);
    }
    // FREE has no face swap either; Builder reaches the checks of the clip itself.
    const refused = await startJob(offline, free, {
      tool: 'face-swap',
      influencerId: crypto.randomUUID(),
      footageRights: 'true',
    });
    expect(refused.statusCode).toBe(403);
    const checked = await startJob(offline, builder, {
      tool: 'face-swap',
      influencerId: crypto.randomUUID(),
      footageRights: 'true',
    });
    expect(checked.statusCode, checked.body).toBe(404);
    // The creator confirms the footage is theirs to change, or nothing is queued.
    const before = await credits(offline, builder);
    for (const footageRights of [undefined, 'false']) {
      const unconfirmed = await startJob(offline, builder, {
        tool: 'face-swap',
        influencerId: crypto.randomUUID(),
        ...(footageRights ? { footageRights } : {}),
      });
      expect(unconfirmed.statusCode, unconfirmed.body).toBe(400);
      expect(unconfirmed.json().error).toBe(FOOTAGE_RIGHTS_TEXTS.required);
    }
    expect(await credits(offline, builder)).toBe(before);
    expect(await jobCount(offline, builder)).toBe(0);
  });
});

describe('offline: free previews', { timeout: 180_000 }, () => {
  let owner: TTestAccount;
  let influencerId: string;
  beforeAll(async () => {
    owner = await account(offline);
    influencerId = await trainedPersona(offline, owner);
  }, 150_000);

  it("animates the persona's own photo: a free MP4 of the asked length, in the gallery with its poster, unscored as a preview", async () => {
    const before = await credits(offline, owner);
    const answer = await startJob(offline, owner, {
      tool: 'generate-video',
      influencerId,
      reference: 'true',
      prompt: 'slow push-in',
      duration: '5',
      aspectRatio: '9:16',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const queued: TJob = answer.json().job;
    expect(queued).toMatchObject({ cost: 0, preview: true, tool: 'generate-video' });
    const done = await finishedJob(offline, owner, queued.id);
    expect(done.status, done.failureReason ?? '').toBe('succeeded');
    expect(await credits(offline, owner)).toBe(before);
    const [output] = done.outputs;
    expect(output).toMatchObject({ contentType: 'video/mp4', fileName: 'muse-video-5s.mp4' });
    expect(output!.durationSeconds).toBeCloseTo(5, 0);
    expect(output!.posterUrl).toBeTruthy();
    // The clip moves through the persona's own photo: a score would only measure that photo.
    expect(output!.identityScore).toBeNull();
    expect(output!.scoreNote).toBe(VIDEO_TEXTS.previewNotScored);

    const [item] = await galleryItems(offline, owner, '?kind=video');
    expect(item).toMatchObject({
      kind: 'video',
      tool: 'generate-video',
      influencerId,
      preview: true,
      contentType: 'video/mp4',
    });
    expect(item!.durationSeconds).toBeCloseTo(5, 0);
    // The clip is served in ranges, so a player can seek.
    const part = await offline.app.inject({
      method: 'GET',
      url: item!.url,
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(part.rawPayload.length).toBe(100);
    expect(part.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const total = Number(part.headers['content-range']!.toString().split('/')[1]);
    const tail = await offline.app.inject({
      method: 'GET',
      url: item!.url,
      headers: { range: 'bytes=-10' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe(`bytes ${total - 10}-${total - 1}/${total}`);
    const past = await offline.app.inject({
      method: 'GET',
      url: item!.url,
      headers: { range: `bytes=${total}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${total}`);
    const poster = await offline.app.inject({ method: 'GET', url: item!.thumbnailUrl });
    expect(poster.headers['content-type']).toBe('image/webp');
    // Images only, for the other tools.
    expect(await galleryItems(offline, owner, '?kind=image')).toEqual([]);
  });

  it('animates a gallery image or an upload, and refuses a request without a still', async () => {
    const none = await startJob(offline, owner, { tool: 'generate-video', prompt: 'pan left' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(VIDEO_TEXTS.stillRequired);
    const upload = await startJob(
      offline,
      owner,
      { tool: 'generate-video', prompt: 'pan left', duration: '10', aspectRatio: '16:9' },
      [
        {
          field: 'image',
          name: 'still.jpg',
          type: 'image/jpeg',
          data: photo('same-person-02.jpg'),
        },
      ],
    );
    expect(upload.statusCode, upload.body).toBe(201);
    const done = await finishedJob(offline, owner, upload.json().job.id);
    expect(done.status).toBe('succeeded');
    expect(done.outputs[0]!.width).toBeGreaterThan(done.outputs[0]!.height);
    expect(done.outputs[0]!.durationSeconds).toBeCloseTo(10, 0);
    // No persona named: nothing to score against.
    expect(done.outputs[0]!.identityScore).toBeNull();

    const [image] = (
      await offline.app.inject({
        method: 'POST',
        url: '/api/generations',
        headers: owner.headers,
        payload: { influencerId, prompt: 'in a cafe', count: 1 },
      })
    ).json().jobs as TJob[];
    const generated = await finishedJob(offline, owner, image!.id);
    const fromGallery = await startJob(offline, owner, {
      tool: 'generate-video',
      influencerId,
      galleryId: generated.outputs[0]!.galleryId!,
      prompt: 'slow push-in',
    });
    expect(fromGallery.statusCode, fromGallery.body).toBe(201);
    expect((await finishedJob(offline, owner, fromGallery.json().job.id)).status).toBe('succeeded');
    // A video is not a still.
    const [clip] = await galleryItems(offline, owner, '?kind=video');
    const fromVideo = await startJob(offline, owner, {
      tool: 'generate-video',
      galleryId: clip!.id,
      prompt: 'pan',
    });
    expect(fromVideo.statusCode).toBe(400);
  });

  it('swaps the persona into a clip, free, unscored: its face is the reference photo', async () => {
    const answer = await startJob(
      offline,
      owner,
      { tool: 'face-swap', influencerId, footageRights: 'true' },
      [video(await clipOf('other-person.jpg', 2))],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const done = await finishedJob(offline, owner, answer.json().job.id);
    expect(done.status, done.failureReason ?? '').toBe('succeeded');
    expect(done.preview).toBe(true);
    expect(done.outputs[0]!.identityScore).toBeNull();
    expect(done.outputs[0]!.scoreNote).toBe(GENERATE_TEXTS.previewNotScored);
    expect((await galleryItems(offline, owner, '?kind=video'))[0]).toMatchObject({
      tool: 'face-swap',
    });
  });

  it("makes a product shot of the account's own product, listed with the product", async () => {
    const productId = await product(offline, owner);
    const answer = await startJob(offline, owner, {
      tool: 'product-shot',
      productId,
      influencerId,
      prompt: 'on a marble bathroom counter',
      aspectRatio: '1:1',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const queued: TJob = answer.json().job;
    expect(queued.options.seed).toEqual(expect.any(Number));
    const done = await finishedJob(offline, owner, queued.id);
    expect(done.status, done.failureReason ?? '').toBe('succeeded');
    const items = await galleryItems(offline, owner, `?productId=${productId}`);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ tool: 'product-shot', productId, kind: 'image' });
  });
});

describe('hosted on fal', { timeout: 180_000 }, () => {
  let owner: TTestAccount;
  let influencerId: string;
  beforeAll(async () => {
    owner = await account(hosted);
    influencerId = await trainedPersona(hosted, owner);
  }, 150_000);

  it('a video reserves 100 credits, keeps them when it plays, and refunds a failure', async () => {
    const before = await credits(hosted, owner);
    const still = {
      field: 'image',
      name: 'still.jpg',
      type: 'image/jpeg',
      data: photo('same-person-03.jpg'),
    };
    const answer = await startJob(
      hosted,
      owner,
      { tool: 'generate-video', influencerId, prompt: 'she turns and smiles', duration: '10' },
      [still],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().job).toMatchObject({ cost: CREDIT_COSTS.videoGeneration, preview: false });
    expect(await credits(hosted, owner)).toBe(before - CREDIT_COSTS.videoGeneration);
    const done = await finishedJob(hosted, owner, answer.json().job.id);
    expect(done.status, done.failureReason ?? '').toBe('succeeded');
    expect(done.outputs[0]!.durationSeconds).toBeCloseTo(10, 0);
    expect(await credits(hosted, owner)).toBe(before - CREDIT_COSTS.videoGeneration);
    const [submit] = fal.submits().filter((s) => s.path.endsWith(KLING_ENDPOINT));
    expect(submit!.body).toMatchObject({
      prompt: expect.stringContaining('she turns'),
      duration: '10',
    });

    fal.script(KLING_ENDPOINT, { result: 'error' });
    const failing = await startJob(
      hosted,
      owner,
      { tool: 'generate-video', prompt: 'pan right', duration: '5' },
      [still],
    );
    expect(failing.statusCode).toBe(201);
    const failed = await finishedJob(hosted, owner, failing.json().job.id);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toBe(TOOL_TEXTS.engineFailed);
    expect(await credits(hosted, owner)).toBe(before - CREDIT_COSTS.videoGeneration);
    fal.script(KLING_ENDPOINT, { latencyMs: 100 });
  });

  it('face swap refuses a bad clip before charging anything', async () => {
    const before = await credits(hosted, owner);
    const jobsBefore = await jobCount(hosted, owner);
    const long = await withTempDir(async (dir) => {
      // A minute of a small still at one frame a second: long, but quick to make.
      const file = path.join(dir, 'long.mp4');
      await runBinary('ffmpeg', [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'color=c=gray:s=64x64:r=1:d=60',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-y',
        file,
      ]);
      return readFile(file);
    });
    const good = await clipOf('other-person.jpg', 2);
    const cases: [TFile | null, string][] = [
      [video(long), 'This clip is 60 seconds long'],
      [video(await makePng(), 'clip.mp4'), VIDEO_TEXTS.videoWrongType],
      [video(good.subarray(0, Math.floor(good.length / 3))), VIDEO_TEXTS.videoUnreadable],
      [video(await clipOf('no-face.jpg', 2)), VIDEO_TEXTS.noFaceInVideo],
      [null, VIDEO_TEXTS.videoRequired],
    ];
    for (const [file, text] of cases) {
      const answer = await startJob(
        hosted,
        owner,
        { tool: 'face-swap', influencerId, footageRights: 'true' },
        file ? [file] : [],
      );
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error).toContain(text);
    }
    const tooLarge = await startJob(
      hosted,
      owner,
      { tool: 'face-swap', influencerId, footageRights: 'true' },
      [video(Buffer.alloc(51 * 1024 * 1024))],
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toBe(VIDEO_TEXTS.videoTooLarge);
    // An image keeps its own limit on the same route.
    const bigImage = await startJob(hosted, owner, { tool: 'upscale' }, [
      { field: 'image', name: 'big.png', type: 'image/png', data: Buffer.alloc(11 * 1024 * 1024) },
    ]);
    expect(bigImage.statusCode).toBe(413);
    expect(bigImage.json().error).toBe(UPLOAD_TEXTS.tooLarge);
    expect(await credits(hosted, owner)).toBe(before);
    expect(await jobCount(hosted, owner)).toBe(jobsBefore);
  });

  it('face swap costs 50 credits on fal and keeps the clip in the gallery', async () => {
    const before = await credits(hosted, owner);
    const answer = await startJob(
      hosted,
      owner,
      { tool: 'face-swap', influencerId, footageRights: 'true' },
      [video(await clipOf('other-person.jpg', 2))],
    );
    expect(answer.statusCode, answer.body).toBe(201);
    const done = await finishedJob(hosted, owner, answer.json().job.id);
    expect(done.status, done.failureReason ?? '').toBe('succeeded');
    expect(await credits(hosted, owner)).toBe(before - CREDIT_COSTS.videoFaceSwap);
    const [submit] = fal.submits().filter((s) => s.path.endsWith(SWAP_ENDPOINT));
    expect(submit!.body).toMatchObject({
      video_url: expect.any(String),
      image_url: expect.any(String),
    });
  });

  it("product shots cost 10 credits and take only the account's own products", async () => {
    const stranger = await account(hosted);
    const theirs = await product(hosted, stranger);
    const before = await credits(hosted, owner);
    const refused = await startJob(hosted, owner, {
      tool: 'product-shot',
      productId: theirs,
      influencerId,
      prompt: 'on a beach',
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toBe(PRODUCT_TEXTS.notFound);
    const bare = await product(hosted, owner, false);
    const noPhoto = await startJob(hosted, owner, {
      tool: 'product-shot',
      productId: bare,
      influencerId,
      prompt: 'on a beach',
    });
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().error).toBe(VIDEO_TEXTS.productNoPhoto);
    expect(await credits(hosted, owner)).toBe(before);

    const mine = await product(hosted, owner);
    const answer = await startJob(hosted, owner, {
      tool: 'product-shot',
      productId: mine,
      influencerId,
      prompt: 'on a beach',
      aspectRatio: '9:16',
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const done = await finishedJob(hosted, owner, answer.json().job.id);
    expect(done.status, done.failureReason ?? '').toBe('succeeded');
    expect(await credits(hosted, owner)).toBe(before - CREDIT_COSTS.productShot);
    const [submit] = fal.submits().filter((s) => s.path.endsWith(KONTEXT_MULTI_ENDPOINT));
    expect((submit!.body as { image_urls: string[] }).image_urls).toHaveLength(2);
    expect(await galleryItems(hosted, owner, `?productId=${mine}`)).toHaveLength(1);
  });

  it('a worker that dies mid-video leaves the job to be resumed once: the same fal request, paid once', async () => {
    const before = await credits(hosted, owner);
    fal.script(KLING_ENDPOINT, { latencyMs: 1_500 });
    const submitsBefore = fal.submits().length;
    const answer = await startJob(
      hosted,
      owner,
      { tool: 'generate-video', prompt: 'slow push-in', duration: '5' },
      [
        {
          field: 'image',
          name: 'still.jpg',
          type: 'image/jpeg',
          data: photo('same-person-04.jpg'),
        },
      ],
    );
    const id: string = answer.json().job.id;
    const { db } = hosted.database;
    // The worker stops while fal is still working on the request it saved.
    const saved = async () =>
      (await db.select().from(jobs).where(eq(jobs.id, id)))[0]!.providerRequestId !== null;
    while (!(await saved())) await new Promise((resolve) => setTimeout(resolve, 20));
    await workers[1]!.stop();
    const [left] = await db.select().from(jobs).where(eq(jobs.id, id));
    expect(left!.status).toBe('running');

    // A minute later the sweep finds it and queues it again; a new worker follows the request.
    expect(await recoverStaleJobs(db, new Date(Date.now() + 120_000))).toBe(1);
    workers[1] = await startWorker({
      db,
      pool: hosted.database.pool,
      deps: hosted.app.services,
      concurrency: 2,
      log: silent,
    });
    const done = await finishedJob(hosted, owner, id);
    expect(done.status, done.failureReason ?? '').toBe('succeeded');
    expect(fal.submits().length).toBe(submitsBefore + 1);
    expect(await credits(hosted, owner)).toBe(before - CREDIT_COSTS.videoGeneration);
    fal.script(KLING_ENDPOINT, { latencyMs: 100 });
  });
});
