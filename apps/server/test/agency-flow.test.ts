import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { asForm, v1Client, type TV1Client } from './api-client';
import { photo } from './creations';
import { multipartForm } from './images';
import { startProgramWorld, type TProgramWorld } from './program-world';

/**
 * What an agency's program does with a key alone, through the client generated from the
 * OpenAPI document, over HTTP: make an influencer, give it ten photos and read their checks,
 * train it, generate four images, hear of each from a signed webhook (verified with the
 * Standard Webhooks library), and schedule a post of them.
 */
let world: TProgramWorld;
let owner: TTestAccount;
let client: TV1Client;

beforeAll(async () => {
  world = await startProgramWorld();
  const { app } = world.context;
  owner = await registerAccount(app, 'agency');
  await buyPlan(app, owner, 'launch');
  const made = await app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: owner.headers,
    payload: {
      name: 'Agency scheduler',
      scopes: [
        'influencers:read',
        'influencers:write',
        'tools:run',
        'publishing:write',
        'webhooks:write',
      ],
    },
  });
  client = v1Client(world.baseUrl, made.json().key);
}, 120_000);

/** Reads a job until it has finished, as a program polls. */
async function finishedJob(id: string) {
  for (;;) {
    const { data } = await client.GET('/jobs/{id}', { params: { path: { id } } });
    if (data && (data.job.status === 'succeeded' || data.job.status === 'failed')) return data.job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('an agency’s program, with a key alone', () => {
  // A whole flow (ten photo checks, a training, four jobs, their webhooks): a busy machine
  // takes longer than the file's default allows.
  it(
    'makes an influencer, trains it, generates four images, hears of them and schedules a post',
    { timeout: 120_000 },
    async () => {
      const endpoint = await client.POST('/webhook-endpoints', {
        body: { url: `${world.receiverUrl}/muse`, events: ['job.succeeded'] },
      });
      expect(endpoint.response.status, JSON.stringify(endpoint.error)).toBe(201);
      const signing = new Webhook(endpoint.data!.secret);

      const created = await client.POST('/influencers', {
        body: { name: 'Lina', niche: 'travel', description: 'Trains across Europe' },
      });
      expect(created.response.status, JSON.stringify(created.error)).toBe(201);
      const influencerId = created.data!.influencer.id;

      for (let n = 1; n <= 10; n += 1) {
        const name = `same-person-${String(n).padStart(2, '0')}.jpg`;
        const added = await client.POST('/influencers/{id}/photos', {
          params: { path: { id: influencerId } },
          body: multipartForm({}, [
            { field: 'photo', name, type: 'image/jpeg', data: photo(name) },
          ]) as never,
          ...asForm,
        });
        expect(added.response.status, JSON.stringify(added.error)).toBe(201);
        const checked = added.data!.persona.photos.at(-1)!;
        expect(checked.verdict.ok, JSON.stringify(checked.verdict)).toBe(true);
      }
      const persona = await client.GET('/influencers/{id}/persona', {
        params: { path: { id: influencerId } },
      });
      expect(persona.data!.persona.photos).toHaveLength(10);
      expect(persona.data!.persona.status).toBe('ready-to-train');

      // Whose likeness the photos show is stated before training (docs/product/personas.md).
      const stated = await client.POST('/influencers/{id}/likeness', {
        params: { path: { id: influencerId } },
        body: multipartForm({ statement: 'synthetic' }) as never,
        ...asForm,
      });
      expect(stated.response.status, JSON.stringify(stated.error)).toBe(201);
      expect(stated.data!.persona.likeness).toMatchObject({ statement: 'synthetic' });

      const training = await client.POST('/influencers/{id}/training', {
        params: { path: { id: influencerId } },
      });
      expect(training.response.status, JSON.stringify(training.error)).toBe(202);
      expect((await finishedJob(training.data!.job.id)).status).toBe('succeeded');

      const generated = await client.POST('/generations', {
        body: { influencerId, prompt: 'On a night train, reading by the window', count: 4 },
        headers: { 'idempotency-key': 'lina-night-train' },
      });
      expect(generated.response.status, JSON.stringify(generated.error)).toBe(201);
      expect(generated.data!.jobs).toHaveLength(4);
      const jobs = await Promise.all(generated.data!.jobs.map((job) => finishedJob(job.id)));
      expect(jobs.map((job) => job.status)).toEqual(Array(4).fill('succeeded'));
      const itemIds = jobs.map((job) => job.outputs[0]!.galleryId!);

      // Each image's job.succeeded arrives, signed with the endpoint's secret.
      const generatedIds = new Set(jobs.map((job) => job.id));
      const heard = () =>
        world.received
          .map(({ body, headers }) => signing.verify(body, headers as Record<string, string>))
          .map((event) => event as { type: string; data: { job: { id: string } } })
          .filter((event) => event.type === 'job.succeeded' && generatedIds.has(event.data.job.id));
      await expect.poll(() => heard().length, { timeout: 60_000 }).toBe(4);
      expect(new Set(heard().map((event) => event.data.job.id))).toEqual(generatedIds);

      const gallery = await client.GET('/gallery', { params: { query: { influencerId } } });
      expect(gallery.data!.items.map((item) => item.id).sort()).toEqual([...itemIds].sort());
      const download = await client.GET('/gallery/{id}/download', {
        params: { path: { id: itemIds[0]! } },
        parseAs: 'arrayBuffer',
      });
      expect(download.response.headers.get('content-type')).toMatch(/^image\//);
      expect((download.data as ArrayBuffer).byteLength).toBeGreaterThan(1000);

      const page = await client.PUT('/influencers/{id}/page', {
        params: { path: { id: influencerId } },
        body: {
          handle: `lina.${owner.userId.slice(0, 8)}`,
          bio: 'Trains across Europe',
          published: true,
        },
      });
      expect(page.response.status, JSON.stringify(page.error)).toBe(200);
      const publishAt = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
      const post = await client.POST('/posts', {
        body: {
          influencerId,
          caption: 'Night train',
          itemIds,
          priceCents: 0,
          publishAt,
          timeZone: 'Europe/Vienna',
        },
      });
      expect(post.response.status, JSON.stringify(post.error)).toBe(201);
      expect(post.data!.post).toMatchObject({ status: 'scheduled' });
      const posts = await client.GET('/posts', {});
      expect(posts.data!.posts.map((each) => each.id)).toContain(post.data!.post.id);
    },
  );
});
