import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { startWorker } from '../src/modules/jobs/worker';
import { webhookDeliveryContext } from '../src/modules/webhooks/delivery';
import { createTestApp, type TTestContext } from './app';
import { createTestEngines } from './engines';

const silent = { info: () => {}, error: () => {} };

export type TProgramWorld = {
  context: TTestContext;
  /** Where the API listens, over HTTP, as a program reaches it. */
  baseUrl: string;
  /** Where the receiver of webhooks listens. */
  receiverUrl: string;
  /** What the receiver got: each body as sent, with its headers. */
  received: { body: string; headers: IncomingHttpHeaders }[];
};

/**
 * What the tests of a program's whole flow need: the API listening on a port, a worker that
 * runs jobs and delivers webhooks, and a receiver that keeps what it gets. Stopped when the
 * file ends.
 */
export async function startProgramWorld(): Promise<TProgramWorld> {
  const context = await createTestApp({}, undefined, { engines: createTestEngines().engines });
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  const worker = await startWorker({
    db: context.database.db,
    pool: context.database.pool,
    deps: context.app.services,
    concurrency: 2,
    log: silent,
    webhooks: webhookDeliveryContext(context.config, context.app.services),
  });
  const received: TProgramWorld['received'] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ body, headers: request.headers });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  afterAll(async () => {
    await worker.stop();
    await new Promise((resolve) => receiver.close(resolve));
  });
  const port = (server: { address: () => unknown }) => (server.address() as AddressInfo).port;
  return {
    context,
    baseUrl: `http://127.0.0.1:${port(context.app.server)}`,
    receiverUrl: `http://127.0.0.1:${port(receiver)}`,
    received,
  };
}
