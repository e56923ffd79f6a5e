import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook, signWebhook } from './delivery';

let port: number;
const seen: { headers: IncomingHttpHeaders; body: string }[] = [];
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    seen.push({ headers: request.headers, body });
    if (request.url === '/hang') return;
    response.writeHead(request.url === '/moved' ? 302 : 204, { location: '/elsewhere' }).end();
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('signWebhook', () => {
  it('signs as Standard Webhooks verifies', () => {
    const secret = `whsec_${Buffer.from('a key of twenty-four byte').toString('base64')}`;
    const timestamp = Math.floor(Date.now() / 1000);
    const body = '{"type":"post.sold","timestamp":"2026-01-01T00:00:00.000Z","data":{}}';
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, 'msg_1', timestamp, body),
    };
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });
});

describe('postWebhook', () => {
  it('connects to the address it is given, not to what the host name resolves to', async () => {
    // `.invalid` never resolves: reaching the server proves no lookup was made.
    const url = new URL(`http://hooks.invalid:${port}/in`);
    const result = await postWebhook(
      url,
      { address: '127.0.0.1', family: 4 },
      { 'content-type': 'application/json' },
      '{"a":1}',
      2_000,
    );
    expect(result).toEqual({ ok: true, statusCode: 204, answer: '' });
    expect(seen.at(-1)).toMatchObject({
      body: '{"a":1}',
      headers: { host: `hooks.invalid:${port}`, 'content-length': '7' },
    });
  });

  it('does not follow a redirect, and gives up on a receiver that does not answer', async () => {
    const pinned = { address: '127.0.0.1', family: 4 as const };
    expect(
      await postWebhook(new URL(`http://127.0.0.1:${port}/moved`), pinned, {}, '{}', 2_000),
    ).toEqual({ ok: false, statusCode: 302, answer: '' });
    expect(
      await postWebhook(new URL(`http://127.0.0.1:${port}/hang`), null, {}, '{}', 200),
    ).toEqual({ ok: false, statusCode: null, answer: 'timed out' });
  });
});
