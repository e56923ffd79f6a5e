import { CREDIT_COSTS, GENERATE_TEXTS, TOOL_TEXTS, type TJob } from '@muse/shared';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryItems, jobs, ledgerEntries } from '../src/db/schema';
import { startWorker } from '../src/modules/jobs/worker';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { createTestEngines } from './engines';
import { credits, finished, gallery, getJob, photo, trainedPersona } from './creations';
import { startFakeFal, type TFakeFal } from './fakes/fal';
import { multipartForm } from './images';
import { freePort } from './ports';

const silent = { info: () => {}, error: () => {} };

let offline: TTestContext;
/** Hosted, with webhooks: the poll is ten minutes apart, so only a webhook finishes a job soon. */
let hosted: TTestContext;
/** Hosted, webhooks asked for but lost: the poll (every 100 ms) finishes the jobs. */
let polled: TTestContext;
let fal: TFakeFal;
const workers: { stop: () => Promise<void> }[] = [];
const { engines: testEngines } = createTestEngines();

async function hostedApp(pollMs: number): Promise<TTestContext> {
  const port = await freePort();
  const context = await createTestApp({
    ENGINE_GENERATE_IMAGE: 'fal',
    ENGINE_EDIT_IMAGE: 'fal',
    FAL_KEY: fal.apiKey,
    FAL_API_URL: fal.url,
    FAL_WEBHOOKS: 'true',
    FAL_POLL_INTERVAL_MS: String(pollMs),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  await context.app.listen({ port, host: '127.0.0.1' });
  return context;
}

/** fal answers each request after a short while of its own, as the real service does. */
const LATENCY = { latencyMs: 150 } as const;
const IMAGE_ENDPOINTS = [
  'fal-ai/flux/dev',
  'fal-ai/flux-pulid',
  'fal-ai/flux-lora',
  'fal-ai/flux-pro/kontext',
];

beforeAll(async () => {
  fal = await startFakeFal();
  for (const endpoint of IMAGE_ENDPOINTS) fal.script(endpoint, LATENCY);
  offline = await createTestApp({}, undefined, { engines: testEngines });
  hosted = await hostedApp(600_000);
  polled = await hostedApp(100);
  for (const context of [offline, hosted, polled])
    workers.push(
      await startWorker({
        db: context.database.db,
        pool: context.database.pool,
        deps: context.app.services,
        concurrency: 4,
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

function generate(context: TTestContext, owner: TTestAccount, body: Record<string, unknown>) {
  return context.app.inject({
    method: 'POST',
    url: '/api/generations',
    headers: owner.headers,
    payload: { prompt: 'on a beach at sunset', ...body },
  });
}

describe('offline generation (free previews)', { timeout: 150_000 }, () => {
  let owner: TTestAccount;
  let influencerId: string;
  beforeAll(async () => {
    owner = await account(offline);
    influencerId = await trainedPersona(offline, owner);
  }, 120_000);

  it('makes the images asked for, free, in the gallery, unscored: a copy of the reference photo says nothing', async () => {
    const before = await credits(offline, owner);
    const answer = await generate(offline, owner, {
      influencerId,
      count: 2,
      aspectRatio: '9:16',
      seed: 7,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const queued: TJob[] = answer.json().jobs;
    expect(queued).toHaveLength(2);
    expect(queued.map((job) => job.options.seed)).toEqual([7, 8]);
    expect(queued.every((job) => job.cost === 0 && job.preview)).toBe(true);
    const done = await finished(
      offline,
      owner,
      queued.map((job) => job.id),
    );
    expect(done.map((job) => job.status)).toEqual(['succeeded', 'succeeded']);
    expect(await credits(offline, owner)).toBe(before);
    for (const job of done) {
      const [output] = job.outputs;
      expect(output!.height).toBeGreaterThan(output!.width);
      // The preview's persona is its reference photo: no score, and the note says why.
      expect(output!.identityScore).toBeNull();
      expect(output!.scoreNote).toBe(GENERATE_TEXTS.previewNotScored);
      expect(output!.galleryId).toBeTruthy();
      expect(job.details.seed).toBe(job.options.seed);
    }
    const items = (await gallery(offline, owner, `?influencerId=${influencerId}`)).items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      influencerName: 'Mara',
      preview: true,
      kind: 'image',
      tool: 'generate-image',
      identityScore: null,
      scoreNote: GENERATE_TEXTS.previewNotScored,
    });
    expect((await gallery(offline, owner, '?influencerId=none')).items).toHaveLength(0);
    expect((await gallery(offline, owner, '?minScore=1')).items).toHaveLength(0);
  });

  it('pages the gallery, continues in Upscale without an upload, and deletes', async () => {
    const answer = await generate(offline, owner, { count: 3 });
    expect(answer.statusCode, answer.body).toBe(201);
    await finished(
      offline,
      owner,
      answer.json().jobs.map((job: TJob) => job.id),
    );
    const first = await gallery(offline, owner, '?influencerId=none&limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.items.every((item) => item.identityScore === null)).toBe(true);
    const second = await gallery(
      offline,
      owner,
      `?influencerId=none&limit=2&cursor=${first.nextCursor}`,
    );
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();

    const picked = first.items[0]!;
    const upscale = await offline.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: owner.headers,
      payload: multipartForm({ tool: 'upscale', galleryId: picked.id }),
    });
    expect(upscale.statusCode, upscale.body).toBe(201);
    const [upscaled] = await finished(offline, owner, [upscale.json().job.id]);
    expect(upscaled!.outputs[0]).toMatchObject({
      width: picked.width * 4,
      height: picked.height * 4,
    });
    const upscaledId = upscaled!.outputs[0]!.galleryId!;

    const [stored] = await offline.database.db
      .select()
      .from(galleryItems)
      .where(eq(galleryItems.id, picked.id));
    const removed = await offline.app.inject({
      method: 'DELETE',
      url: `/api/gallery/${picked.id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    // The two other images and the upscale, which outlives the image it was made from.
    const left = (await gallery(offline, owner, '?influencerId=none')).items;
    expect(left.map((item) => item.id)).toContain(upscaledId);
    expect(left).toHaveLength(3);
    const job = await getJob(offline, owner, picked.jobId!);
    expect(job.outputs).toHaveLength(0);
    expect(await offline.app.services.storage.get(stored!.key)).toBeNull();
    expect((await offline.app.inject({ method: 'GET', url: picked.url })).statusCode).toBe(404);
  });

  it("keeps every image tool's output in the gallery with its tool; a prompt is text, not media", async () => {
    const made = await generate(offline, owner, { influencerId, count: 1, seed: 3 });
    expect(made.statusCode, made.body).toBe(201);
    const [generated] = await finished(offline, owner, [made.json().jobs[0].id]);
    const source = generated!.outputs[0]!.galleryId!;
    const run = async (fields: Record<string, string>, upload?: Buffer) => {
      const answer = await offline.app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: owner.headers,
        payload: multipartForm(
          fields,
          upload ? [{ field: 'image', name: 'mine.jpg', type: 'image/jpeg', data: upload }] : [],
        ),
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const [job] = await finished(offline, owner, [answer.json().job.id]);
      expect(job!.status, job!.failureReason ?? '').toBe('succeeded');
      return job!;
    };
    const upscaled = await run({ tool: 'upscale', galleryId: source });
    const edited = await run({ tool: 'edit-image', galleryId: source, aspectRatio: '1:1' });
    const uploaded = await run({ tool: 'upscale' }, photo('same-person-04.jpg'));
    const described = await run({ tool: 'generate-prompt', galleryId: source });
    expect(described.outputs).toEqual([]);

    const items = (await gallery(offline, owner)).items;
    const byId = new Map(items.map((item) => [item.id, item]));
    // Made from the persona's image: of the persona, with its words, and as unscored as it.
    for (const [job, tool] of [
      [upscaled, 'upscale'],
      [edited, 'edit-image'],
    ] as const) {
      const item = byId.get(job.outputs[0]!.galleryId!);
      expect(item, tool).toMatchObject({
        tool,
        kind: 'image',
        influencerId,
        influencerName: 'Mara',
        prompt: 'on a beach at sunset',
        identityScore: null,
        scoreNote: GENERATE_TEXTS.previewNotScored,
        preview: false,
        jobId: job.id,
      });
    }
    expect(byId.get(uploaded.outputs[0]!.galleryId!)).toMatchObject({
      tool: 'upscale',
      influencerId: null,
      identityScore: null,
      scoreNote: null,
    });
    expect(byId.get(source)).toMatchObject({ tool: 'generate-image' });
    // The persona's filter (what the post composer offers for its page) lists them.
    const own = (await gallery(offline, owner, `?influencerId=${influencerId}`)).items;
    expect(own.map((item) => item.tool)).toEqual(
      expect.arrayContaining(['upscale', 'edit-image', 'generate-image']),
    );
    expect(items.filter((item) => item.jobId === described.id)).toEqual([]);
  });

  it("another account's images answer 404, also as a tool's input", async () => {
    const [item] = (await gallery(offline, owner)).items;
    const stranger = await account(offline);
    for (const method of ['GET', 'DELETE'] as const) {
      const answer = await offline.app.inject({
        method,
        url: `/api/gallery/${item!.id}`,
        headers: stranger.headers,
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error).toBe(GENERATE_TEXTS.itemNotFound);
    }
    const borrowed = await offline.app.inject({
      method: 'POST',
      url: '/api/jobs',
      headers: stranger.headers,
      payload: multipartForm({ tool: 'upscale', galleryId: item!.id }),
    });
    expect(borrowed.statusCode).toBe(404);
    const theirs = await generate(offline, stranger, { influencerId });
    expect(theirs.statusCode).toBe(404);
  });

  it('a Builder or FREE account is refused and keeps its credits', async () => {
    for (const plan of ['builder', null] as const) {
      const other = await account(offline, plan);
      const before = await credits(offline, other);
      const answer = await generate(offline, other, { count: 4 });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().error).toBe(TOOL_TEXTS.notAllowed);
      expect(await credits(offline, other)).toBe(before);
      const listed = await offline.app.inject({
        method: 'GET',
        url: '/api/jobs?tool=generate-image',
        headers: other.headers,
      });
      expect(listed.json().jobs).toHaveLength(0);
    }
  });

  it('refuses bad options with the reason, before anything is queued', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ prompt: '  ' }, 'Describe the photo you want'],
      [{ count: 5 }, 'Choose from 1 to 4 images'],
      [{ aspectRatio: '2:1' }, 'Choose an aspect ratio'],
      [{ seed: -1 }, 'The seed must be a whole number from 0 to 2147483647'],
    ];
    for (const [body, message] of cases) {
      const answer = await generate(offline, owner, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().error).toBe(message);
    }
  });
});

// Models load in the first tests of a busy run: states are waited for, however long they take.
describe(
  'hosted generation on fal (the real client against a fake of its queue)',
  { timeout: 150_000 },
  () => {
    it('a batch of 4 reserves 40 credits and ends with 4 images in Muse storage, woken by webhooks', async () => {
      const owner = await account(hosted);
      const before = await credits(hosted, owner);
      const answer = await generate(hosted, owner, {
        count: 4,
        aspectRatio: '4:5',
        style: 'studio',
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const queued: TJob[] = answer.json().jobs;
      expect(queued).toHaveLength(4);
      expect(await credits(hosted, owner)).toBe(before - 4 * CREDIT_COSTS.imageGeneration);
      // The poll is ten minutes apart: these finish because fal's signed webhooks woke the workers.
      const done = await finished(
        hosted,
        owner,
        queued.map((job) => job.id),
      );
      expect(done.map((job) => job.status)).toEqual(Array(4).fill('succeeded'));
      expect(await credits(hosted, owner)).toBe(before - 40);
      for (const job of done) {
        expect(job.preview).toBe(false);
        const url = job.outputs[0]!.url;
        // Served by Muse, never the provider's expiring URL.
        expect(url.startsWith('/api/files/')).toBe(true);
        expect(url).not.toContain(fal.url);
        const file = await hosted.app.inject({ method: 'GET', url });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/jpeg');
      }
      const submits = fal.submits().slice(-4);
      expect(submits.every((submit) => submit.path === '/queue.fal.run/fal-ai/flux/dev')).toBe(
        true,
      );
      expect(
        submits.every((submit) => submit.query.fal_webhook?.endsWith('/api/webhooks/fal')),
      ).toBe(true);
      expect((await gallery(hosted, owner)).items).toHaveLength(4);
      // Each request's webhook reached Muse and was accepted.
      const ids = await hosted.database.db
        .select({ requestId: jobs.providerRequestId })
        .from(jobs)
        .where(eq(jobs.workspaceId, owner.userId));
      for (const { requestId } of ids)
        expect(fal.deliveries().filter((one) => one.requestId === requestId)).toEqual([
          expect.objectContaining({ status: 200 }),
        ]);
    });

    it("a persona's image made on fal is scored against the persona", async () => {
      const owner = await account(hosted);
      const influencerId = await trainedPersona(hosted, owner);
      fal.script('fal-ai/flux-pulid', LATENCY);
      const answer = await generate(hosted, owner, { influencerId, count: 1, aspectRatio: '4:5' });
      expect(answer.statusCode, answer.body).toBe(201);
      const [done] = await finished(
        hosted,
        owner,
        answer.json().jobs.map((job: TJob) => job.id),
      );
      expect(done!.status, done!.failureReason ?? '').toBe('succeeded');
      expect(done!.preview).toBe(false);
      expect(fal.submits().at(-1)!.path).toBe('/queue.fal.run/fal-ai/flux-pulid');
      expect(done!.outputs[0]!.identityScore).toBeGreaterThanOrEqual(70);
      const [item] = (await gallery(hosted, owner, `?influencerId=${influencerId}`)).items;
      expect(item).toMatchObject({ preview: false, tool: 'generate-image', scoreNote: null });
      expect(item!.identityScore).toBeGreaterThanOrEqual(70);
    });

    it('one image failing refunds exactly its 10 credits, with the reason', async () => {
      const owner = await account(hosted);
      const before = await credits(hosted, owner);
      fal.script('fal-ai/flux/dev', { ...LATENCY, failSeeds: [1001] });
      const answer = await generate(hosted, owner, { count: 2, seed: 1000 });
      expect(answer.statusCode, answer.body).toBe(201);
      const done = await finished(
        hosted,
        owner,
        answer.json().jobs.map((job: TJob) => job.id),
      );
      fal.script('fal-ai/flux/dev', LATENCY);
      expect(done.map((job) => job.status)).toEqual(['succeeded', 'failed']);
      expect(done[1]!.failureReason).toBe(TOOL_TEXTS.engineFailed);
      expect(await credits(hosted, owner)).toBe(before - CREDIT_COSTS.imageGeneration);
      const refunds = await hosted.database.db
        .select()
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.workspaceId, owner.userId),
            like(ledgerEntries.reference, `refund:job:${done[1]!.id}`),
          ),
        );
      expect(refunds.map((row) => row.amount)).toEqual([CREDIT_COSTS.imageGeneration]);
    });

    it('an image the provider flags is withheld, never stored, and refunded', async () => {
      const owner = await account(hosted);
      const before = await credits(hosted, owner);
      fal.script('fal-ai/flux/dev', { ...LATENCY, nsfw: true });
      const answer = await generate(hosted, owner, { count: 1 });
      const [job] = await finished(hosted, owner, [answer.json().jobs[0].id]);
      fal.script('fal-ai/flux/dev', LATENCY);
      expect(job).toMatchObject({ status: 'failed', failureReason: GENERATE_TEXTS.withheld });
      expect(job!.outputs).toHaveLength(0);
      expect(await credits(hosted, owner)).toBe(before);
      expect((await gallery(hosted, owner)).items).toHaveLength(0);
    });

    it('a lost webhook is made up for by the poll', async () => {
      const owner = await account(polled);
      fal.script('fal-ai/flux/dev', { ...LATENCY, webhook: 'drop' });
      const answer = await generate(polled, owner, { count: 2 });
      const done = await finished(
        polled,
        owner,
        answer.json().jobs.map((job: TJob) => job.id),
      );
      fal.script('fal-ai/flux/dev', LATENCY);
      expect(done.map((job) => job.status)).toEqual(['succeeded', 'succeeded']);
    });

    it('a forged webhook is refused; a repeated one changes nothing', async () => {
      const owner = await account(hosted);
      fal.script('fal-ai/flux/dev', { ...LATENCY, webhook: 'twice' });
      const answer = await generate(hosted, owner, { count: 1 });
      const [job] = await finished(hosted, owner, [answer.json().jobs[0].id]);
      fal.script('fal-ai/flux/dev', LATENCY);
      expect(job!.status).toBe('succeeded');
      const [row] = await hosted.database.db.select().from(jobs).where(eq(jobs.id, job!.id));
      const requestId = row!.providerRequestId!;
      const body = Buffer.from(
        JSON.stringify({ request_id: requestId, gateway_request_id: requestId, status: 'OK' }),
      );
      const deliver = (headers: Record<string, string>, payload = body) =>
        hosted.app.inject({
          method: 'POST',
          url: '/api/webhooks/fal',
          headers: { 'content-type': 'application/json', ...headers },
          payload,
        });

      // Forged: no signature, a wrong one, a valid signature over other bytes.
      const unsigned = await deliver({});
      expect([unsigned.statusCode, unsigned.json().code]).toEqual([
        401,
        'WEBHOOK_SIGNATURE_INVALID',
      ]);
      const signed = fal.signWebhook(body, { requestId });
      expect(
        (await deliver({ ...signed, 'x-fal-webhook-signature': '00'.repeat(64) })).statusCode,
      ).toBe(401);
      expect((await deliver(signed, Buffer.from(`${body.toString()} `))).statusCode).toBe(401);
      // Genuine but repeated, after the job finished: accepted, and nothing changes.
      expect((await deliver(signed)).statusCode).toBe(200);
      const after = await getJob(hosted, owner, job!.id);
      expect(after).toMatchObject({ status: 'succeeded', finishedAt: job!.finishedAt });
      const items = await hosted.database.db
        .select()
        .from(galleryItems)
        .where(eq(galleryItems.jobId, job!.id));
      expect(items).toHaveLength(1);
    });

    it('an edit in words sends the chosen safety tolerance and records the one applied', async () => {
      const owner = await account(hosted);
      const engines = await hosted.app.inject({
        method: 'GET',
        url: '/api/jobs/engines',
        headers: owner.headers,
      });
      expect(engines.json()).toMatchObject({ generativeEdits: true });
      // Only generation and edits were moved to fal here: the other generators still preview.
      expect([...engines.json().previews].sort()).toEqual([
        'face-swap',
        'generate-video',
        'product-shot',
        'talking-video',
      ]);
      const answer = await hosted.app.inject({
        method: 'POST',
        url: '/api/jobs',
        headers: owner.headers,
        payload: multipartForm(
          {
            tool: 'edit-image',
            prompt: 'put her in a red dress on a beach',
            safetyTolerance: '5',
            aspectRatio: '1:1',
          },
          [
            {
              field: 'image',
              name: 'me.jpg',
              type: 'image/jpeg',
              data: photo('same-person-01.jpg'),
            },
          ],
        ),
      });
      expect(answer.statusCode, answer.body).toBe(201);
      const [job] = await finished(hosted, owner, [answer.json().job.id]);
      expect(job!.status, job!.failureReason ?? '').toBe('succeeded');
      const submit = fal.submits().at(-1)!;
      expect(submit.path).toBe('/queue.fal.run/fal-ai/flux-pro/kontext');
      expect(submit.body).toMatchObject({
        prompt: 'put her in a red dress on a beach',
        safety_tolerance: '5',
      });
      expect(job!.details.appliedSafetyTolerance).toBe(2);
    });
  },
);
