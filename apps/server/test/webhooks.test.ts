import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_TEXTS,
  ZCreateWebhookEndpointResponse,
  ZWebhookDeliveriesResponse,
  ZWebhookEndpointsResponse,
  type TWebhookEventType,
} from '@muse/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { zipSync } from 'fflate';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type TDatabaseHandle } from '../src/db/client';
import {
  galleryItems,
  influencers,
  jobs,
  posts,
  webhookDeliveries,
  webhookEndpoints,
} from '../src/db/schema';
import { debit } from '../src/modules/billing/ledger';
import { runJob } from '../src/modules/jobs/service';
import { startWorker } from '../src/modules/jobs/worker';
import { publishDuePost } from '../src/modules/publishing/queue';
import { deliverWebhook, webhookDeliveryContext } from '../src/modules/webhooks/delivery';
import { emitWebhookEvent, type TWebhookEventData } from '../src/modules/webhooks/events';
import { createEndpoint } from '../src/modules/webhooks/service';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { waitForMail } from './account-mail';
import { createTestApp, type TTestContext } from './app';
import { createTestEngines } from './engines';
import { makePng, multipartForm } from './images';
import { bookSale, seedPost, seller } from './sales-helpers';

/*
 * Webhooks (docs/product/public-api.md, 'Webhooks'): endpoints through /api/v1, events emitted
 * where things happen, and deliveries made by a real worker to a real HTTP receiver on this
 * machine that checks every signature with the Standard Webhooks library.
 */

const { engines, control } = createTestEngines();
const silent = { info: () => {}, error: () => {} };
/** A try that gets no answer gives up after this long here (10 s in the product). */
const TIMEOUT_MS = 1_000;

let ctx: TTestContext;
let workerDatabase: TDatabaseHandle;
let worker: { stop: () => Promise<void> };
let receiver: TReceiver;
let api: FastifyInstance;

beforeAll(async () => {
  // Three retries without pauses: four tries in all, at once.
  ctx = await createTestApp({ WEBHOOK_RETRY_SCHEDULE: '0,0,0' }, undefined, { engines });
  receiver = await startReceiver();
  api = ctx.app;
  // Connections of its own, like a separate worker process.
  workerDatabase = connectDatabase(ctx.database.url, { poolSize: 8 });
  worker = await startWorker({
    db: workerDatabase.db,
    pool: workerDatabase.pool,
    deps: ctx.app.services,
    concurrency: 1,
    log: silent,
    mail: { mailer: ctx.app.mailer, publicUrl: ctx.config.PUBLIC_URL },
    webhooks: { ...webhookDeliveryContext(ctx.config, ctx.app.services), timeoutMs: TIMEOUT_MS },
  });
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await workerDatabase?.close();
  await receiver?.close();
});

// A receiver ---------------------------------------------------------------------------------

type TReceived = {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  event: { type: TWebhookEventType; timestamp: string; data: Record<string, unknown> };
  /** What `Webhook.verify` said: true, or its error. */
  verified: true | string;
};

type TReceiver = {
  url: (path: string) => string;
  /** The endpoint's secret, to verify what arrives at `path`. */
  expect: (path: string, secret: string) => void;
  /** What `path` answers, in order; 200 once they are used up; 'hang' never answers. */
  answer: (path: string, ...answers: (number | 'hang')[]) => void;
  at: (path: string) => TReceived[];
  close: () => Promise<void>;
};

/** An HTTP server on 127.0.0.1 that verifies each delivery as a receiver would. */
async function startReceiver(): Promise<TReceiver> {
  const secrets = new Map<string, string>();
  const answers = new Map<string, (number | 'hang')[]>();
  const received: TReceived[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').slice(1);
      const body = Buffer.concat(chunks).toString('utf8');
      let verified: true | string = true;
      try {
        new Webhook(secrets.get(path) ?? 'whsec_AAAA').verify(
          body,
          request.headers as Record<string, string>,
        );
      } catch (error) {
        verified = String(error);
      }
      received.push({ path, headers: request.headers, body, event: JSON.parse(body), verified });
      const next = answers.get(path)?.shift() ?? 200;
      if (next === 'hang') return;
      // Longer than what a delivery keeps of it.
      response.writeHead(next, { 'content-type': 'text/plain' }).end(`${next} `.repeat(400));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}/${path}`,
    expect: (path, secret) => void secrets.set(path, secret),
    answer: (path, ...list) => void answers.set(path, list),
    at: (path) => received.filter((item) => item.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Helpers ------------------------------------------------------------------------------------

const db = () => ctx.database.db;

function v1(
  account: { headers: Record<string, string> } | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return api.inject({
    method,
    url: `/api/v1${url}`,
    headers: account?.headers ?? {},
    ...(payload ? { payload } : {}),
  });
}

/** Adds an endpoint pointing at the receiver's `path`, which then verifies with its secret. */
async function addEndpoint(
  account: TTestAccount,
  path: string,
  events: TWebhookEventType[],
): Promise<{ id: string; secret: string }> {
  const response = await v1(account, 'POST', '/webhook-endpoints', {
    url: receiver.url(path),
    events,
  });
  expect(response.statusCode, response.body).toBe(201);
  const { secret, endpoint } = ZCreateWebhookEndpointResponse.parse(response.json());
  receiver.expect(path, secret);
  return { id: endpoint.id, secret };
}

const deliveriesOf = (endpointId: string) =>
  db()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(webhookDeliveries.createdAt);

async function onlyDelivery(endpointId: string) {
  const rows = await deliveriesOf(endpointId);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const statusOf = async (deliveryId: string) =>
  (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)))[0];

/** Waits for the delivery's status to become `status`; returns the row then. */
async function settled(deliveryId: string, status: 'succeeded' | 'failed') {
  await expect
    .poll(async () => (await statusOf(deliveryId))?.status, { timeout: 20_000, interval: 50 })
    .toBe(status);
  return (await statusOf(deliveryId))!;
}

const endpointRow = async (id: string) =>
  (await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0];

/** Emits an event as a committed change would, in a transaction. */
function emit<T extends TWebhookEventType>(userId: string, type: T, data: TWebhookEventData[T]) {
  return db().transaction((tx) => emitWebhookEvent(tx, userId, type, data));
}

const sale = { postId: randomUUID(), amountCents: 500, currency: 'usd' as const };

async function launchAccount(): Promise<TTestAccount> {
  const account = await registerAccount(ctx.app);
  await buyPlan(ctx.app, account, 'launch');
  return account;
}

async function queueUpscale(account: TTestAccount): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: account.headers,
    payload: multipartForm({ tool: 'upscale', model: 'v1', overlappingTiles: 'false' }, [
      { field: 'image', name: 'in.png', type: 'image/png', data: await makePng(32, 24) },
    ]),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().job.id;
}

// Tests ---------------------------------------------------------------------------------------

describe('webhook endpoints', () => {
  it('adds an endpoint: its secret shown once (whsec_ and 24 bytes), kept sealed, listed without it', async () => {
    const account = await registerAccount(ctx.app);
    const response = await v1(account, 'POST', '/webhook-endpoints', {
      url: receiver.url('listed'),
      events: ['job.succeeded', 'job.succeeded', 'post.sold'],
    });
    expect(response.statusCode).toBe(201);
    const created = ZCreateWebhookEndpointResponse.parse(response.json());
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(24);
    expect(created.endpoint).toMatchObject({
      url: receiver.url('listed'),
      events: ['job.succeeded', 'post.sold'],
      disabledAt: null,
    });
    const row = await endpointRow(created.endpoint.id);
    expect(row!.secretCiphertext).not.toContain(created.secret.slice(6));
    expect(ctx.app.services.secrets.open(row!.secretCiphertext)).toBe(created.secret);

    const listed = await v1(account, 'GET', '/webhook-endpoints');
    expect(listed.statusCode).toBe(200);
    expect(ZWebhookEndpointsResponse.parse(listed.json()).endpoints).toEqual([created.endpoint]);
    expect(listed.body).not.toContain(created.secret);

    expect(
      (await v1(account, 'DELETE', `/webhook-endpoints/${created.endpoint.id}`)).json(),
    ).toEqual({ success: true });
    expect((await v1(account, 'GET', '/webhook-endpoints')).json().endpoints).toEqual([]);
  });

  it('every route names the webhooks:write scope in the OpenAPI document', async () => {
    const document = (await api.inject({ url: '/api/v1/openapi.json' })).json() as {
      paths: Record<string, Record<string, { security: unknown; tags: string[] }>>;
    };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/webhook-endpoints'))
      .flatMap(([path, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({ path, method, operation })),
      );
    expect(routes.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual([
      'DELETE /webhook-endpoints/{id}',
      'GET /webhook-endpoints',
      'GET /webhook-endpoints/{id}/deliveries',
      'POST /webhook-endpoints',
      'POST /webhook-endpoints/{id}/deliveries/{deliveryId}/resend',
    ]);
    for (const { operation } of routes) {
      expect(operation.security).toEqual([{ apiKey: ['webhooks:write'] }]);
      expect(operation.tags).toEqual(['Webhooks']);
    }
  });

  it('refuses a caller without a session', async () => {
    const answer = await v1(null, 'GET', '/webhook-endpoints');
    expect([answer.statusCode, answer.json().code]).toEqual([401, 'UNAUTHORISED']);
  });

  it(`holds at most ${MAX_WEBHOOK_ENDPOINTS} live endpoints, also when added all at once`, async () => {
    const account = await registerAccount(ctx.app);
    const answers = await Promise.all(
      Array.from({ length: MAX_WEBHOOK_ENDPOINTS + 5 }, (_, index) =>
        v1(account, 'POST', '/webhook-endpoints', {
          url: receiver.url(`many-${index}`),
          events: ['post.sold'],
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_WEBHOOK_ENDPOINTS);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(refused.json()).toEqual({
      success: false,
      error: WEBHOOK_TEXTS.tooMany,
      code: 'WEBHOOK_ENDPOINT_LIMIT',
    });
  });

  it("answers 404 for another account's endpoint or delivery, and never sends it their events", async () => {
    const owner = await registerAccount(ctx.app);
    const stranger = await registerAccount(ctx.app);
    const mine = await addEndpoint(owner, 'owner', ['post.sold']);
    const theirs = await addEndpoint(stranger, 'stranger', ['post.sold']);
    await emit(owner.userId, 'post.sold', sale);
    const delivery = await onlyDelivery(mine.id);
    await settled(delivery.id, 'succeeded');

    const notFound = {
      success: false,
      error: WEBHOOK_TEXTS.notFound,
      code: 'WEBHOOK_ENDPOINT_NOT_FOUND',
    };
    for (const [method, url] of [
      ['DELETE', `/webhook-endpoints/${mine.id}`],
      ['GET', `/webhook-endpoints/${mine.id}/deliveries`],
      ['POST', `/webhook-endpoints/${mine.id}/deliveries/${delivery.id}/resend`],
      ['DELETE', '/webhook-endpoints/not-a-uuid'],
      ['GET', `/webhook-endpoints/${randomUUID()}/deliveries`],
    ] as const) {
      const answer = await v1(stranger, method, url);
      expect([url, answer.statusCode, answer.json()]).toEqual([url, 404, notFound]);
    }
    // The owner's delivery under the stranger's own endpoint is no delivery of theirs either.
    const crossed = await v1(
      stranger,
      'POST',
      `/webhook-endpoints/${theirs.id}/deliveries/${delivery.id}/resend`,
    );
    expect([crossed.statusCode, crossed.json()]).toEqual([
      404,
      {
        success: false,
        error: WEBHOOK_TEXTS.deliveryNotFound,
        code: 'WEBHOOK_DELIVERY_NOT_FOUND',
      },
    ]);
    expect((await v1(stranger, 'GET', '/webhook-endpoints')).json().endpoints).toEqual([
      expect.objectContaining({ id: theirs.id }),
    ]);
    expect(await deliveriesOf(theirs.id)).toEqual([]);
    expect(receiver.at('stranger')).toEqual([]);
    // Still the owner's, untouched.
    expect(await endpointRow(mine.id)).toBeDefined();
  });

  it('lists deliveries newest first, and a resend sends the same webhook-id and body again', async () => {
    const account = await registerAccount(ctx.app);
    const endpoint = await addEndpoint(account, 'resend', ['post.sold', 'post.published']);
    await emit(account.userId, 'post.sold', sale);
    await emit(account.userId, 'post.sold', { ...sale, amountCents: 900 });
    const [first, second] = await deliveriesOf(endpoint.id);
    await settled(first!.id, 'succeeded');
    await settled(second!.id, 'succeeded');

    const listed = await v1(account, 'GET', `/webhook-endpoints/${endpoint.id}/deliveries`);
    expect(listed.statusCode).toBe(200);
    const { deliveries } = ZWebhookDeliveriesResponse.parse(listed.json());
    expect(deliveries.map((item) => item.id)).toEqual([second!.id, first!.id]);
    expect(deliveries[1]).toMatchObject({
      type: 'post.sold',
      status: 'succeeded',
      attempts: 1,
      lastStatusCode: 200,
      nextAttemptAt: null,
      deliveredAt: expect.any(String),
    });
    expect(deliveries[1]!.lastResponse).toHaveLength(1000);

    const resent = await v1(
      account,
      'POST',
      `/webhook-endpoints/${endpoint.id}/deliveries/${first!.id}/resend`,
    );
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({
      success: true,
      delivery: { id: first!.id, status: 'pending', attempts: 1 },
    });
    await expect.poll(async () => (await statusOf(first!.id))?.attempts).toBe(2);
    expect((await statusOf(first!.id))!.status).toBe('succeeded');
    const tries = receiver.at('resend').filter((item) => item.headers['webhook-id'] === first!.id);
    expect(tries).toHaveLength(2);
    expect(tries[1]!.body).toBe(tries[0]!.body);
    expect(tries.map((item) => item.verified)).toEqual([true, true]);

    const unknown = await v1(
      account,
      'POST',
      `/webhook-endpoints/${endpoint.id}/deliveries/${randomUUID()}/resend`,
    );
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'WEBHOOK_DELIVERY_NOT_FOUND']);
  });
});

describe('deliveries', () => {
  it('a job that succeeds delivers job.succeeded, signed so Standard Webhooks verifies it', async () => {
    const account = await launchAccount();
    const endpoint = await addEndpoint(account, 'jobs-ok', ['job.succeeded', 'job.failed']);
    const jobId = await queueUpscale(account);
    const delivery = await settled((await waitForDeliveries(endpoint.id, 1))[0]!.id, 'succeeded');

    const [got] = receiver.at('jobs-ok');
    expect(got!.verified).toBe(true);
    expect(got!.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': delivery.id,
      'webhook-timestamp': expect.stringMatching(/^\d{10}$/),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]+=*$/),
    });
    expect(got!.body).toBe(delivery.payload);
    expect(got!.event).toMatchObject({
      type: 'job.succeeded',
      timestamp: expect.any(String),
      data: {
        job: {
          id: jobId,
          tool: 'upscale',
          status: 'succeeded',
          cost: 10,
          outputs: [expect.objectContaining({ url: expect.stringMatching(/^\/api\/files\//) })],
        },
      },
    });
    // The same job as GET /api/jobs/{id} answers it.
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/jobs/${jobId}`,
      headers: account.headers,
    });
    const { outputs, input, ...rest } = read.json().job;
    expect(got!.event.data.job).toMatchObject({ ...rest, outputs: [expect.anything()] });
    expect(Object.keys(got!.event.data.job as object).sort()).toEqual(
      Object.keys({ ...rest, outputs, input }).sort(),
    );
    expect(delivery).toMatchObject({ attempts: 1, lastStatusCode: 200, nextAttemptAt: null });
    expect((await endpointRow(endpoint.id))!.failingSince).toBeNull();
  });

  it('a failed job delivers job.failed with the credits refunded', async () => {
    const account = await launchAccount();
    const endpoint = await addEndpoint(account, 'jobs-failed', ['job.failed']);
    control.failWith = new Error('model exploded');
    try {
      const jobId = await queueUpscale(account);
      const [delivery] = await waitForDeliveries(endpoint.id, 1);
      await settled(delivery!.id, 'succeeded');
      const [got] = receiver.at('jobs-failed');
      expect(got!.verified).toBe(true);
      expect(got!.event).toMatchObject({
        type: 'job.failed',
        data: {
          job: { id: jobId, status: 'failed', failureReason: expect.any(String) },
          refundedCredits: 10,
        },
      });
    } finally {
      control.failWith = null;
    }
  });

  it('a receiver answering 500 three times gets the event on the fourth try, with the same id', async () => {
    const account = await registerAccount(ctx.app);
    const endpoint = await addEndpoint(account, 'flaky', ['post.sold']);
    receiver.answer('flaky', 500, 500, 500);
    await emit(account.userId, 'post.sold', sale);
    const delivery = await settled((await onlyDelivery(endpoint.id)).id, 'succeeded');

    const tries = receiver.at('flaky');
    expect(tries).toHaveLength(4);
    expect(new Set(tries.map((item) => item.headers['webhook-id']))).toEqual(
      new Set([delivery.id]),
    );
    expect(tries.map((item) => item.verified)).toEqual([true, true, true, true]);
    expect(new Set(tries.map((item) => item.body)).size).toBe(1);
    expect(delivery).toMatchObject({ attempts: 4, lastStatusCode: 200, status: 'succeeded' });
    // The failures marked the endpoint failing; the success cleared it.
    expect((await endpointRow(endpoint.id))!.failingSince).toBeNull();
  });

  it('a delivery that never gets a 2xx is failed once the schedule ends, keeping why', async () => {
    const account = await registerAccount(ctx.app);
    const answering = await addEndpoint(account, 'always-500', ['post.sold']);
    receiver.answer('always-500', 500, 500, 500, 500);
    const hanging = await addEndpoint(account, 'hanging', ['post.sold']);
    receiver.answer('hanging', 'hang', 'hang', 'hang', 'hang');
    // A port nothing listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await createEndpoint(
      db(),
      ctx.app.services.secrets,
      ctx.config,
      account.userId,
      { url: `http://127.0.0.1:${port}/nobody`, events: ['post.sold'] },
    );

    await emit(account.userId, 'post.sold', sale);
    const failed = await Promise.all(
      [answering.id, hanging.id, refused.row.id].map(async (id) =>
        settled((await onlyDelivery(id)).id, 'failed'),
      ),
    );
    expect(failed[0]).toMatchObject({ attempts: 4, lastStatusCode: 500, nextAttemptAt: null });
    expect(failed[0]!.lastResponse).toBe('500 '.repeat(250));
    expect(failed[1]).toMatchObject({
      attempts: 4,
      lastStatusCode: null,
      lastResponse: 'timed out',
    });
    expect(failed[2]).toMatchObject({
      attempts: 4,
      lastStatusCode: null,
      lastResponse: 'connection refused',
    });
    expect(receiver.at('always-500')).toHaveLength(4);
    for (const id of [answering.id, hanging.id, refused.row.id])
      expect((await endpointRow(id))!.failingSince).toBeInstanceOf(Date);
  }, 30_000);

  it('an endpoint failing for 5 days is turned off at its next failure, and its owner mailed once', async () => {
    const account = await registerAccount(ctx.app);
    const endpoint = await addEndpoint(account, 'dying', ['post.sold']);
    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 3600 * 1000);
    await db()
      .update(webhookEndpoints)
      .set({ failingSince: sixDaysAgo })
      .where(eq(webhookEndpoints.id, endpoint.id));
    receiver.answer('dying', 503, 503, 503, 503);
    await emit(account.userId, 'post.sold', sale);
    const delivery = await settled((await onlyDelivery(endpoint.id)).id, 'failed');

    // Tried once; the retry found the endpoint off and ended the delivery there.
    expect(receiver.at('dying')).toHaveLength(1);
    expect(delivery).toMatchObject({ attempts: 2, lastResponse: 'The endpoint is turned off' });
    const row = await endpointRow(endpoint.id);
    expect(row!.disabledAt).toBeInstanceOf(Date);
    expect(row!.failingSince!.getTime()).toBe(sixDaysAgo.getTime());
    const [mail] = await waitForMail(ctx, account.email, 'A Muse webhook endpoint was turned off');
    expect(mail!.text).toContain(receiver.url('dying'));
    expect(mail!.links).toContain(`${ctx.config.PUBLIC_URL}/settings/webhooks`);

    // Nothing more is sent to it; the list says it was turned off.
    await emit(account.userId, 'post.sold', sale);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    const listed = (await v1(account, 'GET', '/webhook-endpoints')).json().endpoints;
    expect(listed).toEqual([
      expect.objectContaining({ id: endpoint.id, disabledAt: expect.any(String) }),
    ]);
    expect(
      await waitForMail(ctx, account.email, 'A Muse webhook endpoint was turned off'),
    ).toHaveLength(1);
  });
});

describe('events from where things happen', () => {
  it('persona training: persona.trained, or persona.training_failed with the token back', async () => {
    const account = await launchAccount();
    const endpoint = await addEndpoint(account, 'personas', [
      'persona.trained',
      'persona.training_failed',
    ]);
    /** A training job as the persona page queues it, its zip holding `photos` photos. */
    const training = async (photos: number) => {
      const influencerId = randomUUID();
      const jobId = randomUUID();
      const key = `users/${account.userId}/jobs/${jobId}/training-photos.zip`;
      const files = Object.fromEntries(
        Array.from({ length: photos }, (_, index) => [
          `photo-0${index + 1}.jpg`,
          new Uint8Array(8),
        ]),
      );
      await ctx.app.services.storage.put(key, Buffer.from(zipSync(files)));
      await db().transaction(async (tx) => {
        await tx.insert(jobs).values({
          id: jobId,
          workspaceId: account.userId,
          tool: 'train-persona',
          options: { influencerId, photos: Math.max(1, photos), triggerWord: 'msk2bb7' },
          input: { key, width: 0, height: 0, contentType: 'application/zip', fileName: 'p.zip' },
          cost: 0,
          engine: 'local',
        });
        await tx.insert(influencers).values({
          id: influencerId,
          workspaceId: account.userId,
          name: 'Ava',
          niche: 'fashion',
          description: '',
          trainingJobId: jobId,
        });
        await debit(tx, {
          workspaceId: account.userId,
          currency: 'model_tokens',
          amount: 1,
          description: 'Persona training: Ava',
          reference: `job:${jobId}`,
        });
      });
      await runJob(db(), ctx.app.services, { jobId, attempt: 1 }, silent);
      return { influencerId, jobId };
    };

    const trained = await training(2);
    const untrainable = await training(0);
    const rows = await waitForDeliveries(endpoint.id, 2);
    await Promise.all(rows.map((row) => settled(row.id, 'succeeded')));
    const events = receiver.at('personas').map((item) => item.event);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'persona.trained', data: trained }),
        expect.objectContaining({
          type: 'persona.training_failed',
          data: { ...untrainable, reason: expect.any(String), refundedModelTokens: 1 },
        }),
      ]),
    );
    expect(receiver.at('personas').every((item) => item.verified === true)).toBe(true);
  });

  it('post.published for a post out now and one from the calendar; post.sold for a sale', async () => {
    const account = await registerAccount(ctx.app);
    const endpoint = await addEndpoint(account, 'posts', ['post.published', 'post.sold']);
    const page = await seller(ctx, account, 'Ava Rose');

    // Out now, through the API.
    const folder = `users/${account.userId}/jobs/${randomUUID()}`;
    const picture = await makePng(64, 64);
    await ctx.app.services.storage.put(`${folder}/output-0.png`, picture);
    await ctx.app.services.storage.put(`${folder}/preview-0.png`, picture);
    const [item] = await db()
      .insert(galleryItems)
      .values({
        workspaceId: account.userId,
        influencerId: page.influencerId,
        influencerName: page.name,
        kind: 'image',
        key: `${folder}/output-0.png`,
        thumbnailKey: `${folder}/preview-0.png`,
        width: 64,
        height: 64,
        contentType: 'image/png',
        fileName: 'ava.png',
        prompt: 'A portrait',
        engine: 'local',
        preview: true,
      })
      .returning();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: account.headers,
      payload: {
        influencerId: page.influencerId,
        caption: 'Hello',
        itemIds: [item!.id],
        priceCents: 0,
        publishAt: null,
        timeZone: 'UTC',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const nowPost = created.json().post.id as string;

    // From the calendar, once its time has come.
    const scheduled = await seedPost(ctx, page, { priceCents: 500, status: 'scheduled' });
    await publishDuePost(db(), { postId: scheduled.id });
    await db()
      .update(posts)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, scheduled.id));
    await publishDuePost(db(), { postId: scheduled.id });
    // Published already: no second event.
    await publishDuePost(db(), { postId: scheduled.id });

    const fan = await registerAccount(ctx.app, 'fan');
    await bookSale(ctx, scheduled.id, fan, 500);

    const rows = await waitForDeliveries(endpoint.id, 3);
    await Promise.all(rows.map((row) => settled(row.id, 'succeeded')));
    expect(rows).toHaveLength(3);
    const events = receiver.at('posts').map((got) => got.event);
    expect(events.map((event) => event.type)).toEqual([
      'post.published',
      'post.published',
      'post.sold',
    ]);
    expect(events[0]!.data).toEqual({
      post: {
        id: nowPost,
        influencerId: page.influencerId,
        influencerName: 'Ava Rose',
        caption: 'Hello',
        priceCents: 0,
        publishAt: expect.any(String),
        scheduled: false,
      },
    });
    expect(events[1]!.data).toMatchObject({ post: { id: scheduled.id, scheduled: true } });
    expect(events[2]!.data).toEqual({ postId: scheduled.id, amountCents: 500, currency: 'usd' });
  });
});

describe('private addresses in production', () => {
  const production = { isProduction: true };

  it.each([
    ['https://127.0.0.1/hooks', WEBHOOK_TEXTS.urlPrivate],
    ['https://10.0.0.1/hooks', WEBHOOK_TEXTS.urlPrivate],
    ['https://169.254.169.254/latest/meta-data', WEBHOOK_TEXTS.urlPrivate],
    ['https://[::1]/hooks', WEBHOOK_TEXTS.urlPrivate],
    ['https://localhost/hooks', WEBHOOK_TEXTS.urlPrivate],
    ['http://93.184.216.34/hooks', WEBHOOK_TEXTS.urlHttps],
  ])('refuses to save %s', async (url, text) => {
    const account = await registerAccount(ctx.app);
    await expect(
      createEndpoint(db(), ctx.app.services.secrets, production, account.userId, {
        url,
        events: ['post.sold'],
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: text,
      code: 'WEBHOOK_URL_NOT_ALLOWED',
      field: 'url',
    });
    expect(
      await db()
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.workspaceId, account.userId)),
    ).toEqual([]);
  });

  it('saves a public https address', async () => {
    const account = await registerAccount(ctx.app);
    const { row } = await createEndpoint(
      db(),
      ctx.app.services.secrets,
      production,
      account.userId,
      { url: 'https://93.184.216.34/hooks', events: ['post.sold'] },
    );
    expect(row.url).toBe('https://93.184.216.34/hooks');
  });

  it('refuses at delivery too: a saved local address gets a failed try, and nothing is sent', async () => {
    const account = await registerAccount(ctx.app);
    const endpoint = await addEndpoint(account, 'prod-local', ['post.sold']);
    // Written without a queue message: only the production worker below tries it.
    const [delivery] = await db()
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        workspaceId: account.userId,
        type: 'post.sold',
        payload: JSON.stringify({
          type: 'post.sold',
          timestamp: new Date().toISOString(),
          data: sale,
        }),
      })
      .returning();
    await deliverWebhook(
      db(),
      {
        ...webhookDeliveryContext(ctx.config, ctx.app.services),
        production: true,
        retrySchedule: [],
      },
      { deliveryId: delivery!.id, attempt: 1 },
    );
    expect(await statusOf(delivery!.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastStatusCode: null,
      lastResponse: 'URL not allowed',
    });
    expect(receiver.at('prod-local')).toEqual([]);
  });
});

/** Waits until the endpoint has `count` deliveries; returns them oldest first. */
async function waitForDeliveries(endpointId: string, count: number) {
  await expect
    .poll(async () => (await deliveriesOf(endpointId)).length, { timeout: 20_000, interval: 50 })
    .toBeGreaterThanOrEqual(count);
  return deliveriesOf(endpointId);
}
