/**
 * The four platforms' fakes behind one local HTTP server (see ./http.ts), started by the tests:
 * point PLATFORMS_API_URL at `url`.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { sendJson, sleep, type TFakeRequest, type TPlatformFake } from './http';

function parseFields(request: IncomingMessage, body: Buffer): Record<string, unknown> | null {
  const type = request.headers['content-type'] ?? '';
  if (!body.length) return null;
  try {
    if (type.includes('application/json')) return JSON.parse(body.toString('utf8'));
    if (type.includes('application/x-www-form-urlencoded'))
      return Object.fromEntries(new URLSearchParams(body.toString('utf8')));
  } catch {
    return null;
  }
  return null;
}

let picture: Promise<Buffer> | undefined;
/** An account's picture, as a platform's CDN serves it: a plain 200 px JPEG. */
const profilePicture = () =>
  (picture ??= sharp({
    create: { width: 200, height: 200, channels: 3, background: { r: 236, g: 72, b: 153 } },
  })
    .jpeg()
    .toBuffer());

export type TFakePlatformsServer = {
  url: string;
  /** Every request's host and path, oldest first. */
  requests: { method: string; host: string; path: string }[];
  /** Each answer is sent this long after its request arrived (the bench's 200 ms). */
  setLatency: (ms: number) => void;
  stop: () => Promise<void>;
};

export async function startFakePlatformsServer(
  fakes: readonly TPlatformFake[],
  options: { latencyMs?: number } = {},
): Promise<TFakePlatformsServer> {
  const byHost = new Map<string, TPlatformFake>();
  for (const fake of fakes) for (const host of fake.hosts) byHost.set(host, fake);
  const requests: TFakePlatformsServer['requests'] = [];
  let latencyMs = options.latencyMs ?? 0;
  let base = '';
  const server = createServer((incoming, response) => {
    void (async () => {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      const [, host = '', ...rest] = url.pathname.split('/');
      const body = await buffer(incoming);
      const request: TFakeRequest = {
        method: incoming.method ?? 'GET',
        host,
        path: `/${rest.join('/')}`,
        query: url.searchParams,
        headers: incoming.headers,
        body,
        fields: parseFields(incoming, body),
      };
      requests.push({ method: request.method, host, path: request.path });
      if (latencyMs) await sleep(latencyMs);
      const fake = byHost.get(host);
      // The platforms' picture CDNs: any picture an account's profile names is a small JPEG.
      if (!fake && request.method === 'GET' && /\.(jpe?g|png|webp)$/i.test(request.path)) {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        return response.end(await profilePicture());
      }
      if (!fake) return sendJson(response, 404, { error: `no fake answers for ${host}` });
      await fake.handle(request, response, base);
    })().catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: String(error) });
      else response.end();
    });
  });
  server.keepAliveTimeout = 1_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    setLatency: (ms) => {
      latencyMs = ms;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
