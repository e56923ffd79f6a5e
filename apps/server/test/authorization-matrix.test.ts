import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TJob } from '@muse/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookDeliveries } from '../src/db/schema';
import { startWorker } from '../src/modules/jobs/worker';
import { emitWebhookEvent } from '../src/modules/webhooks/events';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { errorCodeOf } from './error-answers';
import { createTestEngines } from './engines';
import { makePng, multipartForm } from './images';
import { apiRoutes } from './routes';

/**
 * Every route that takes an id, called by another account with the owner's id, answers 404 as
 * for an id that does not exist, and changes nothing. The table must name every parameterised
 * route: a new one fails the first test until it says how to make an object for it.
 */

type TKind =
  | 'influencer'
  | 'photo'
  | 'product'
  | 'job'
  | 'galleryItem'
  | 'checkout'
  | 'post'
  | 'session'
  | 'apiKey'
  | 'webhookEndpoint'
  | 'webhookDelivery'
  | 'export'
  | 'invitation'
  /** A member of the owner's workspace: the owner. */
  | 'member'
  /** Not an id: a platform's name, the same for both accounts. */
  | 'platform';
type TIds = Record<TKind, string>;
type TBody = Pick<InjectOptions, 'payload' | 'headers'>;

type TOwnedRoute = {
  /** What each path parameter names, so the owner's object (or an unknown one) fills it in. */
  params: Record<string, TKind>;
  /** A well-formed body, so that the only thing wrong with the call is whose id it is. */
  body?: () => Promise<TBody>;
};

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures/photos/persona');
const photoFile = () => readFileSync(path.join(FIXTURES, 'same-person-01.jpg'));

const photoForm = async (field: string): Promise<TBody> => {
  const form = multipartForm({}, [
    { field, name: 'face.jpg', type: 'image/jpeg', data: photoFile() },
  ]);
  return { payload: form };
};
/** A consent statement with its document: the owner's persona has one (set up below). */
const CONSENT_PDF = Buffer.from('%PDF-1.4\ntrailer <<>>\n%%EOF\n', 'latin1');
const likenessForm = async (): Promise<TBody> => ({
  payload: multipartForm({ statement: 'consent' }, [
    { field: 'document', name: 'consent.pdf', type: 'application/pdf', data: CONSENT_PDF },
  ]),
});
const influencerForm = async (): Promise<TBody> => ({
  payload: multipartForm({ name: 'Taken over', niche: 'fashion', description: 'Not yours' }),
});
const productForm = async (): Promise<TBody> => ({
  payload: multipartForm({ name: 'Taken over', description: 'Not yours' }, [
    { field: 'images', name: 'p.png', type: 'image/png', data: await makePng(64, 64) },
  ]),
});

/** Routes whose ids name one account's object. */
const OWNED: Record<string, TOwnedRoute> = {
  'GET /api/influencers/:id': { params: { id: 'influencer' } },
  'PUT /api/influencers/:id': { params: { id: 'influencer' }, body: influencerForm },
  'DELETE /api/influencers/:id': { params: { id: 'influencer' } },
  'GET /api/influencers/:id/persona': { params: { id: 'influencer' } },
  'POST /api/influencers/:id/photos': {
    params: { id: 'influencer' },
    body: () => photoForm('photo'),
  },
  'DELETE /api/influencers/:id/photos/:photoId': {
    params: { id: 'influencer', photoId: 'photo' },
  },
  'POST /api/influencers/:id/training': { params: { id: 'influencer' } },
  'POST /api/influencers/:id/score': {
    params: { id: 'influencer' },
    body: () => photoForm('image'),
  },
  'POST /api/influencers/:id/likeness': { params: { id: 'influencer' }, body: likenessForm },
  'POST /api/influencers/:id/likeness/selfie': {
    params: { id: 'influencer' },
    body: () => photoForm('selfie'),
  },
  'GET /api/influencers/:id/likeness/document': { params: { id: 'influencer' } },
  'GET /api/influencers/:id/voice': { params: { id: 'influencer' } },
  'PUT /api/influencers/:id/voice': {
    params: { id: 'influencer' },
    body: async () => ({ payload: { stockVoice: 'cole' } }),
  },
  'POST /api/influencers/:id/voice/recording': {
    params: { id: 'influencer' },
    // Whose the persona is is decided before the recording is read.
    body: async () => ({
      payload: multipartForm({ statement: 'self' }, [
        { field: 'recording', name: 'me.wav', type: 'audio/wav', data: Buffer.from('RIFF') },
      ]),
    }),
  },
  'DELETE /api/influencers/:id/voice': { params: { id: 'influencer' } },
  'GET /api/influencers/:id/voice/sample': { params: { id: 'influencer' } },
  'GET /api/influencers/:id/voice-profile': { params: { id: 'influencer' } },
  'PUT /api/influencers/:id/voice-profile': {
    params: { id: 'influencer' },
    body: async () => ({
      payload: { tone: 'warm', uses: [], avoids: [], emoji: 'few', language: 'en' },
    }),
  },
  'DELETE /api/influencers/:id/voice-profile': { params: { id: 'influencer' } },
  'GET /api/products/:id': { params: { id: 'product' } },
  'PUT /api/products/:id': { params: { id: 'product' }, body: productForm },
  'DELETE /api/products/:id': { params: { id: 'product' } },
  'GET /api/jobs/:id': { params: { id: 'job' } },
  'GET /api/jobs/:id/events': { params: { id: 'job' } },
  'GET /api/gallery/:id': { params: { id: 'galleryItem' } },
  'DELETE /api/gallery/:id': { params: { id: 'galleryItem' } },
  'GET /api/influencers/:id/page': { params: { id: 'influencer' } },
  'PUT /api/influencers/:id/page': {
    params: { id: 'influencer' },
    body: async () => ({ payload: { handle: 'taken.over', bio: 'Not yours', published: true } }),
  },
  'PATCH /api/posts/:id': {
    params: { id: 'post' },
    body: async () => ({ payload: { caption: 'Not yours' } }),
  },
  'DELETE /api/posts/:id': { params: { id: 'post' } },
  'GET /api/influencers/:id/platform-accounts': { params: { id: 'influencer' } },
  'GET /api/influencers/:id/platform-stats': { params: { id: 'influencer' } },
  'POST /api/influencers/:id/platform-accounts/:platform/connect': {
    params: { id: 'influencer', platform: 'platform' },
  },
  'DELETE /api/influencers/:id/platform-accounts/:platform': {
    params: { id: 'influencer', platform: 'platform' },
  },
  'POST /api/posts/:id/targets/:platform/retry': { params: { id: 'post', platform: 'platform' } },
  'POST /api/posts/:id/read-counts': { params: { id: 'post' } },
  'GET /api/payments/test-checkout/:id': { params: { id: 'checkout' } },
  'POST /api/payments/test-checkout/:id/pay': { params: { id: 'checkout' } },
  'POST /api/payments/test-checkout/:id/cancel': { params: { id: 'checkout' } },
  // The owner keeps using this session throughout: refusing the stranger changed nothing.
  'DELETE /api/users/sessions/:id': { params: { id: 'session' } },
  'DELETE /api/api-keys/:id': { params: { id: 'apiKey' } },
  'GET /api/account/exports/:id': { params: { id: 'export' } },
  // The public API, called here with the owner's session (a key sees the same: 'api-keys.test.ts').
  'GET /api/v1/influencers/:id': { params: { id: 'influencer' } },
  'PUT /api/v1/influencers/:id': {
    params: { id: 'influencer' },
    body: async () => ({
      payload: { name: 'Taken over', niche: 'fashion', description: 'Not yours' },
    }),
  },
  'DELETE /api/v1/influencers/:id': { params: { id: 'influencer' } },
  'GET /api/v1/influencers/:id/persona': { params: { id: 'influencer' } },
  'GET /api/v1/influencers/:id/voice-profile': { params: { id: 'influencer' } },
  'PUT /api/v1/influencers/:id/voice-profile': {
    params: { id: 'influencer' },
    body: async () => ({
      payload: { tone: 'warm', uses: [], avoids: [], emoji: 'few', language: 'en' },
    }),
  },
  'POST /api/v1/influencers/:id/photos': {
    params: { id: 'influencer' },
    body: () => photoForm('photo'),
  },
  'DELETE /api/v1/influencers/:id/photos/:photoId': {
    params: { id: 'influencer', photoId: 'photo' },
  },
  'POST /api/v1/influencers/:id/likeness': { params: { id: 'influencer' }, body: likenessForm },
  'POST /api/v1/influencers/:id/training': { params: { id: 'influencer' } },
  'GET /api/v1/jobs/:id': { params: { id: 'job' } },
  'POST /api/v1/jobs/:id/cancel': { params: { id: 'job' } },
  'GET /api/v1/gallery/:id': { params: { id: 'galleryItem' } },
  'GET /api/v1/gallery/:id/download': { params: { id: 'galleryItem' } },
  'DELETE /api/v1/gallery/:id': { params: { id: 'galleryItem' } },
  'GET /api/v1/influencers/:id/page': { params: { id: 'influencer' } },
  'PUT /api/v1/influencers/:id/page': {
    params: { id: 'influencer' },
    body: async () => ({ payload: { handle: 'taken.over2', bio: 'Not yours', published: true } }),
  },
  'PATCH /api/v1/posts/:id': {
    params: { id: 'post' },
    body: async () => ({ payload: { caption: 'Not yours' } }),
  },
  'DELETE /api/v1/posts/:id': { params: { id: 'post' } },
  'GET /api/v1/products/:id': { params: { id: 'product' } },
  'PUT /api/v1/products/:id': { params: { id: 'product' }, body: productForm },
  'DELETE /api/v1/products/:id': { params: { id: 'product' } },
  'DELETE /api/v1/webhook-endpoints/:id': { params: { id: 'webhookEndpoint' } },
  // A workspace's approval queue and members: another workspace's post, invitation or member
  // is unknown in the caller's own.
  'POST /api/posts/:id/approve': { params: { id: 'post' } },
  'POST /api/posts/:id/return': {
    params: { id: 'post' },
    body: async () => ({ payload: { note: 'Not yours' } }),
  },
  'DELETE /api/workspace/invitations/:id': { params: { id: 'invitation' } },
  'PATCH /api/workspace/members/:userId': {
    params: { userId: 'member' },
    body: async () => ({ payload: { role: 'viewer' } }),
  },
  'DELETE /api/workspace/members/:userId': { params: { userId: 'member' } },
  'GET /api/v1/webhook-endpoints/:id/deliveries': { params: { id: 'webhookEndpoint' } },
  'POST /api/v1/webhook-endpoints/:id/deliveries/:deliveryId/resend': {
    params: { id: 'webhookEndpoint', deliveryId: 'webhookDelivery' },
  },
};

/** Parameterised routes whose ids name nothing an account owns, and why. */
const NOT_OWNED: Record<string, string> = {
  'GET /api/marketplace/models/:id': 'public: the marketplace catalogue is shown to visitors',
  'GET /api/marketplace/models/:id/images/:position': "public: the catalogue's portraits",
  'POST /api/marketplace/models/:id/claim':
    "a marketplace model belongs to no account; a claim makes the caller's own influencer",
  'POST /api/posts/:id/checkout':
    "a fan buys another account's published post; an unpublished or unknown one answers 404",
  'GET /api/public/pages/:handle': 'public: a published page is shown to visitors',
  'GET /api/public/pages/:handle/posts/:id': "public: a published page's post",
  'GET /api/public/pages/:handle/picture': "public: a published page's picture",
  'GET /api/public/pages/:handle/unlocked':
    "public page: only the signed-in viewer's own and bought posts, shaped for them",
  'GET /api/platforms/:platform/callback':
    'public: a browser back from a platform; the single-use state bound to the browser says whose flow it is',
  'GET /api/account/exports/:id/download':
    "public: the mailed token or the owner's signed link is the credential; without one, any account's session hears 404 (account-export.test.ts)",
  'GET /api/operator/reports/:id':
    "operators only: any other caller gets the unknown address's 404 (operator.test.ts)",
  'GET /api/operator/reports/:id/consent-document': 'operators only, as above',
  'POST /api/operator/reports/:id/hide-post': 'operators only, as above',
  'POST /api/operator/reports/:id/hide-page': 'operators only, as above',
  'POST /api/operator/reports/:id/suspend': 'operators only, as above',
  'POST /api/operator/reports/:id/dismiss': 'operators only, as above',
  'POST /api/operator/refusals/:id/review': 'operators only, as above',
  'GET /api/invitations/:token':
    'public: the mailed one-time token is the credential (workspace-members.test.ts)',
  'POST /api/invitations/:token/accept':
    'the token and the invited, verified address together are the credential (workspace-members.test.ts)',
  'GET /api/files/*':
    'public: the signed, expiring link is the credential (docs/decisions/0012-uploads-and-file-urls.md), tested below',
};

const UNKNOWN: Record<TKind, () => string> = {
  influencer: randomUUID,
  photo: randomUUID,
  product: randomUUID,
  job: randomUUID,
  galleryItem: randomUUID,
  checkout: () => `cs_test_${randomBytes(24).toString('base64url')}`,
  post: randomUUID,
  session: randomUUID,
  apiKey: randomUUID,
  webhookEndpoint: randomUUID,
  webhookDelivery: randomUUID,
  export: randomUUID,
  invitation: randomUUID,
  member: randomUUID,
  platform: () => 'instagram',
};

/** Each parameter's value: the object of that kind among `values`. */
function mapIds(params: Record<string, TKind>, values: TIds): Record<string, string> {
  return Object.fromEntries(Object.entries(params).map(([name, kind]) => [name, values[kind]]));
}

/** The route's path with each `:param` filled in. */
function fill(route: string, values: Record<string, string>): { method: string; url: string } {
  const [method, pattern] = route.split(' ') as [string, string];
  const url = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`${route}: no value for :${name}`);
    return value;
  });
  return { method, url };
}

/** Signed links are valid for hours and rounded to the hour: compare them without that part. */
const withoutSignatures = (body: string) => body.replace(/\?expires=\d+&signature=[\w-]+/g, '');

const silent = { info: () => {}, error: () => {} };
const { engines } = createTestEngines();
let ctx: TTestContext;
let worker: { stop: () => Promise<void> };
let owner: TTestAccount;
let stranger: TTestAccount;
let ids: TIds;
let strangersInfluencer: string;
/** Signed links the owner was given: a picture, a photo, a product image, two outputs. */
let ownerLinks: string[];
let routes: string[];

async function call(account: TTestAccount | null, options: InjectOptions) {
  const headers = { ...options.headers, ...account?.headers };
  return ctx.app.inject({ ...options, headers });
}

async function json(account: TTestAccount, url: string) {
  const answer = await call(account, { method: 'GET', url });
  expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
  return answer.json();
}

async function waitForJobs(account: TTestAccount, jobIds: string[]): Promise<TJob[]> {
  const until = Date.now() + 120_000;
  for (;;) {
    const jobs: TJob[] = await Promise.all(
      jobIds.map(async (id) => (await json(account, `/api/jobs/${id}`)).job),
    );
    if (jobs.every((job) => job.status === 'succeeded' || job.status === 'failed')) return jobs;
    if (Date.now() > until) throw new Error(`jobs still running: ${JSON.stringify(jobs)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Everything either account can read of its own, and whether the owner's links still serve. */
async function world(): Promise<string> {
  const reads = [
    [owner, `/api/influencers/${ids.influencer}`],
    [owner, `/api/influencers/${ids.influencer}/persona`],
    [owner, `/api/products/${ids.product}`],
    [owner, `/api/jobs/${ids.job}`],
    [owner, `/api/gallery/${ids.galleryItem}`],
    [owner, `/api/payments/test-checkout/${ids.checkout}`],
    [stranger, `/api/influencers/${strangersInfluencer}/persona`],
  ] as const;
  const lists = [
    '/api/users/dashboard',
    '/api/users/subscription',
    '/api/credits/history',
    '/api/influencers',
    '/api/products',
    '/api/jobs',
    '/api/gallery',
  ];
  const answers = await Promise.all([
    ...reads.map(([account, url]) => call(account, { method: 'GET', url })),
    ...[owner, stranger].flatMap((account) =>
      lists.map((url) => call(account, { method: 'GET', url })),
    ),
  ]);
  const files = await Promise.all(
    ownerLinks.map(async (url) => (await call(null, { method: 'GET', url })).statusCode),
  );
  // Every object is there to be compared: a world of 404s would compare equal to itself.
  expect(answers.map((answer) => answer.statusCode).concat(files)).toEqual(
    Array(answers.length + files.length).fill(200),
  );
  return withoutSignatures(
    JSON.stringify([answers.map((answer) => [answer.statusCode, answer.body]), files]),
  );
}

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { engines });
  worker = await startWorker({
    db: ctx.database.db,
    pool: ctx.database.pool,
    deps: ctx.app.services,
    concurrency: 2,
    log: silent,
  });
  routes = apiRoutes(ctx.app);
  [owner, stranger] = await Promise.all([
    registerAccount(ctx.app, 'owner'),
    registerAccount(ctx.app, 'stranger'),
  ]);
  await Promise.all([buyPlan(ctx.app, owner, 'launch'), buyPlan(ctx.app, stranger, 'launch')]);

  const created = async (account: TTestAccount, options: InjectOptions) => {
    const answer = await call(account, options);
    expect(answer.statusCode, `${options.url}: ${answer.body}`).toBeLessThan(300);
    return answer.json();
  };
  const picture = await makePng(96, 96);
  const influencer = await created(owner, {
    method: 'POST',
    url: '/api/influencers',
    payload: multipartForm({ name: 'Mara', niche: 'fashion', description: 'Street style' }, [
      { field: 'image', name: 'mara.png', type: 'image/png', data: picture },
    ]),
  });
  const influencerId: string = influencer.influencer.id;
  await created(owner, {
    method: 'POST',
    url: `/api/influencers/${influencerId}/likeness`,
    ...(await likenessForm()),
  });
  const [persona, product, job, generation, checkout, theirs] = await Promise.all([
    created(owner, {
      method: 'POST',
      url: `/api/influencers/${influencerId}/photos`,
      ...(await photoForm('photo')),
    }),
    created(owner, { method: 'POST', url: '/api/products', ...(await productForm()) }),
    created(owner, {
      method: 'POST',
      url: '/api/jobs',
      payload: multipartForm({ tool: 'upscale' }, [
        { field: 'image', name: 'in.png', type: 'image/png', data: await makePng(32, 24) },
      ]),
    }),
    created(owner, {
      method: 'POST',
      url: '/api/generations',
      payload: { prompt: 'on a beach at sunset', count: 1 },
    }),
    created(owner, {
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      payload: { plan: 'growth', billing: 'monthly', promoCode: null },
    }),
    created(stranger, {
      method: 'POST',
      url: '/api/influencers',
      payload: multipartForm({ name: 'Nia', niche: 'fitness', description: 'Runs' }),
    }),
  ]);
  const [upscaled, generated] = await waitForJobs(owner, [job.job.id, generation.jobs[0].id]);
  expect([upscaled!.status, generated!.status]).toEqual(['succeeded', 'succeeded']);
  const galleryItem = generated!.outputs[0]!.galleryId!;
  await created(owner, {
    method: 'PUT',
    url: `/api/influencers/${influencerId}/page`,
    payload: { handle: `mara.${owner.userId.slice(0, 8)}`, bio: 'Street style', published: true },
  });
  const post = await created(owner, {
    method: 'POST',
    url: '/api/posts',
    payload: {
      influencerId,
      caption: 'Sunset',
      itemIds: [galleryItem],
      priceCents: 5000,
      publishAt: null,
      timeZone: 'UTC',
    },
  });
  const endpoint = await created(owner, {
    method: 'POST',
    url: '/api/v1/webhook-endpoints',
    payload: { url: 'http://127.0.0.1:9/hooks', events: ['post.sold'] },
  });
  // An event on its way to the owner's endpoint: a delivery to name.
  const ownersDelivery = async () => {
    await ctx.database.db.transaction((tx) =>
      emitWebhookEvent(tx, owner.userId, 'post.sold', {
        postId: randomUUID(),
        amountCents: 500,
        currency: 'usd',
      }),
    );
    const [delivery] = await ctx.database.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.endpoint.id));
    return delivery!.id;
  };
  ids = {
    influencer: influencerId,
    photo: persona.persona.photos[0].id,
    product: product.product.id,
    job: upscaled!.id,
    galleryItem,
    checkout: new URL(checkout.url, 'http://muse.test').pathname.split('/').pop()!,
    post: post.post.id,
    session: (await json(owner, '/api/users/sessions')).sessions[0].id,
    apiKey: (
      await created(owner, {
        method: 'POST',
        url: '/api/api-keys',
        payload: { name: 'Scheduler', scopes: ['influencers:read'] },
      })
    ).apiKey.id,
    webhookEndpoint: endpoint.endpoint.id,
    webhookDelivery: await ownersDelivery(),
    export: (await created(owner, { method: 'POST', url: '/api/account/exports' })).export.id,
    invitation: (
      await created(owner, {
        method: 'POST',
        url: '/api/workspace/invitations',
        payload: { email: 'editor@example.com', role: 'editor' },
      })
    ).invitation.id,
    member: owner.userId,
    platform: 'instagram',
  };
  strangersInfluencer = theirs.influencer.id;
  const item = (await json(owner, `/api/gallery/${galleryItem}`)).item;
  ownerLinks = [
    influencer.influencer.image,
    persona.persona.photos[0].url,
    product.product.images[0].url,
    upscaled!.outputs[0]!.url,
    item.url,
  ];
  for (const link of ownerLinks) expect(link).toMatch(/^\/api\/files\/users\//);
}, 240_000);

afterAll(async () => {
  await worker?.stop();
});

describe('the authorization matrix', () => {
  it('names every parameterised route: owned ones with their object, the others with a reason', () => {
    const parameterised = routes.filter((route) => /[:*]/.test(route)).sort();
    expect(parameterised).toEqual([...Object.keys(OWNED), ...Object.keys(NOT_OWNED)].sort());
  });

  it('the owned ones need a session, and the owner can use them', async () => {
    for (const route of Object.keys(OWNED)) {
      const answer = await call(null, fill(route, mapIds(OWNED[route]!.params, ids)));
      expect({ route, status: answer.statusCode }).toEqual({ route, status: 401 });
    }
    // The owner's ids are real: the owner reads each of them (mutations are left untried).
    for (const route of Object.keys(OWNED).filter((route) => route.startsWith('GET '))) {
      if (route.endsWith('/events')) continue;
      const answer = await call(owner, fill(route, mapIds(OWNED[route]!.params, ids)));
      expect({ route, status: answer.statusCode }).toEqual({ route, status: 200 });
    }
  });

  it.each(Object.keys(OWNED))(
    '%s answers another account 404, as for an unknown id, and changes nothing',
    async (route) => {
      const { params, body } = OWNED[route]!;
      const before = await world();
      const unknownIds = Object.fromEntries(
        Object.keys(params).map((name) => [name, UNKNOWN[params[name]!]()]),
      );
      const variants = [mapIds(params, ids), unknownIds];
      // A photo of the owner's under the caller's own influencer is still not the caller's.
      if (params.photoId) variants.push({ id: strangersInfluencer, photoId: ids.photo });
      const answers = [];
      for (const values of variants) {
        const answer = await call(stranger, { ...fill(route, values), ...(await body?.()) });
        expect({ route, values, status: answer.statusCode }).toEqual({
          route,
          values,
          status: 404,
        });
        errorCodeOf(answer, `${route} ${JSON.stringify(values)}`);
        answers.push(answer.json());
      }
      // Nothing tells another account's object from one that does not exist.
      expect(answers[0]).toEqual(answers[1]);
      expect(await world()).toEqual(before);
    },
  );
});

describe("the owner's ids inside bodies and queries", () => {
  it('are not found, or ignored, for another account', async () => {
    const before = await world();
    const borrowed = await call(stranger, {
      method: 'POST',
      url: '/api/jobs',
      payload: multipartForm({ tool: 'upscale', galleryId: ids.galleryItem }),
    });
    expect(borrowed.statusCode).toBe(404);
    const generated = await call(stranger, {
      method: 'POST',
      url: '/api/generations',
      payload: { prompt: 'on a beach', count: 1, influencerId: ids.influencer },
    });
    expect(generated.statusCode).toBe(404);
    const filtered = await json(stranger, `/api/gallery?influencerId=${ids.influencer}`);
    expect(filtered.items).toEqual([]);
    expect(await world()).toEqual(before);
  });
});

describe('signed file links', () => {
  it('no answer to another account carries a link to, or an id of, the owner', async () => {
    // A platform's name is no one's id.
    const owned = Object.entries(ids)
      .filter(([kind]) => kind !== 'platform')
      .map(([, id]) => id);
    const gets = routes.filter((route) => route.startsWith('GET ') && !route.endsWith('*'));
    for (const route of gets) {
      const values =
        route in OWNED
          ? mapIds(OWNED[route]!.params, ids)
          : { id: '1', position: '0', handle: 'nobody', platform: 'instagram', token: 'nothing' };
      const answer = await call(stranger, fill(route, values));
      const leaks = [`users/${owner.userId}`, owner.userId, ...owned].filter((value) =>
        answer.body.includes(value),
      );
      expect({ route, leaks }).toEqual({ route, leaks: [] });
    }
  });

  it('serve only the key and expiry they were signed for', async () => {
    const { files } = ctx.app.services;
    const [link] = ownerLinks as [string];
    const url = new URL(link, 'http://muse.test');
    const key = decodeURIComponent(url.pathname.slice('/api/files/'.length));
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    // The link is the credential: as issued, it serves whoever holds it, with or without a session.
    expect((await call(null, { method: 'GET', url: link })).statusCode).toBe(200);

    const theirs = new URL(files.sign(`users/${stranger.userId}/nothing.webp`), 'http://muse.test');
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    const fourHoursAgo = new Date(Date.now() - 4 * 60 * 60 * 1000);
    const refused = [
      `/api/files/${key}?expires=${expires}&signature=${flipped}`,
      `/api/files/${key}?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/api/files/${key}?expires=${expires}`,
      `/api/files/${key}`,
      // Another key with this link's signature, and this key with another link's signature.
      `/api/files/users/${stranger.userId}/nothing.webp?expires=${expires}&signature=${signature}`,
      `/api/files/${key}${theirs.search}`,
      // Expired: signed four hours ago.
      files.sign(key, fourHoursAgo),
    ];
    for (const refusedUrl of refused) {
      const answer = await call(stranger, { method: 'GET', url: refusedUrl });
      expect({ refusedUrl, status: answer.statusCode }).toEqual({ refusedUrl, status: 404 });
      expect(errorCodeOf(answer, refusedUrl)).toBe('NOT_FOUND');
    }
  });
});
