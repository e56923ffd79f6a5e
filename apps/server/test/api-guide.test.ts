import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../src/modules/jobs/worker';
import { webhookDeliveryContext } from '../src/modules/webhooks/delivery';
import { buyPlan, registerAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { createTestEngines } from './engines';

/**
 * The API quickstart (docs/guides/api-quickstart.md) runs as written: its `sh` blocks, in order,
 * in one bash, against this Muse over HTTP, with the five variables it asks the reader to set
 * (MUSE, KEY, WEBHOOK_URL, PHOTOS, HANDLE) set here instead. A receiver verifies every delivery
 * with the Standard Webhooks library, with the secret the guide printed.
 */
const GUIDE = path.resolve(import.meta.dirname, '../../../docs/guides/api-quickstart.md');
const FIXTURES = path.resolve(import.meta.dirname, 'fixtures/photos/persona');
const silent = { info: () => {}, error: () => {} };
const run = promisify(execFile);

let context: TTestContext;
let worker: { stop: () => Promise<void> };
let receiver: Server;
/** A folder of ten photos of one woman, as the guide's reader has. */
let photos: string;
const received: { body: string; headers: IncomingHttpHeaders }[] = [];

/** The guide's shell blocks, without the exports the reader fills in. */
function guideScript(): string {
  const blocks = [...readFileSync(GUIDE, 'utf8').matchAll(/```sh\n([\s\S]*?)```/g)].map(
    (match) => match[1]!,
  );
  const lines = blocks
    .join('\n')
    .split('\n')
    .filter((line) => !line.startsWith('export '));
  return ['set -euo pipefail', ...lines].join('\n');
}

beforeAll(async () => {
  context = await createTestApp({}, undefined, { engines: createTestEngines().engines });
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  worker = await startWorker({
    db: context.database.db,
    pool: context.database.pool,
    deps: context.app.services,
    concurrency: 2,
    log: silent,
    webhooks: webhookDeliveryContext(context.config, context.app.services),
  });
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ body, headers: request.headers });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  photos = await mkdtemp(path.join(os.tmpdir(), 'muse-guide-photos-'));
  for (let n = 1; n <= 10; n += 1) {
    const name = `same-person-${String(n).padStart(2, '0')}.jpg`;
    await copyFile(path.join(FIXTURES, name), path.join(photos, name));
  }
}, 120_000);
afterAll(async () => {
  await worker.stop();
  await new Promise((resolve) => receiver.close(resolve));
  await rm(photos, { recursive: true, force: true });
});

describe('the API quickstart', () => {
  it('runs as written: a key, ten photos, training, four images, their webhooks, a post', async () => {
    const owner = await registerAccount(context.app, 'guide');
    await buyPlan(context.app, owner, 'launch');
    const made = await context.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: owner.headers,
      payload: {
        name: 'Quickstart',
        scopes: [
          'influencers:write',
          'influencers:read',
          'tools:run',
          'publishing:write',
          'webhooks:write',
        ],
      },
    });
    const app = context.app.server.address() as AddressInfo;
    const hooks = receiver.address() as AddressInfo;
    const { stdout } = await run('bash', ['-c', guideScript()], {
      env: {
        PATH: process.env.PATH,
        MUSE: `http://127.0.0.1:${app.port}/api/v1`,
        KEY: made.json().key,
        WEBHOOK_URL: `http://127.0.0.1:${hooks.port}/muse-events`,
        PHOTOS: photos,
        HANDLE: `lina.${owner.userId.slice(0, 8)}`,
      },
      timeout: 120_000,
    });
    const lines = stdout.trim().split('\n');
    // Ten photos, each checked ok.
    expect(lines.filter((line) => /^\d+: ok$/.test(line))).toHaveLength(10);
    // The deliveries of the training and the four images, as the API lists them.
    expect(lines.filter((line) => line.startsWith('job.succeeded '))).toHaveLength(5);
    expect(lines.at(-1)).toMatch(/^scheduled for \d{4}-\d\d-\d\dT/);

    const secret = lines.find((line) => line.startsWith('signing secret: '))!.slice(16);
    const signing = new Webhook(secret);
    const succeeded = () =>
      received
        .map(({ body, headers }) => signing.verify(body, headers as Record<string, string>))
        .filter((event) => (event as { type: string }).type === 'job.succeeded');
    await expect.poll(() => succeeded().length, { timeout: 60_000 }).toBe(5);
  });
});
