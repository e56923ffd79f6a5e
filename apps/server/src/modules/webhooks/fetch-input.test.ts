import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { fetchInput } from './fetch-input';

let server: http.Server;
let base: string;
const PICTURE = Buffer.alloc(5000, 7);

beforeAll(async () => {
  server = http.createServer((request, response) => {
    if (request.url === '/portrait%20one.png') return response.end(PICTURE);
    if (request.url === '/moved') {
      response.writeHead(302, { location: '/portrait%20one.png' });
      return response.end();
    }
    response.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe('a tool input fetched from its address', () => {
  it('is fetched whole, named after its path, outside production from this machine', async () => {
    const fetched = await fetchInput(`${base}/portrait%20one.png`, {
      production: false,
      maxBytes: 10_000,
      field: 'imageUrl',
    });
    expect(fetched.data.equals(PICTURE)).toBe(true);
    expect(fetched.fileName).toBe('portrait one.png');
  });

  it('is refused over its size, without a 200, or when it redirects', async () => {
    const options = { production: false, field: 'imageUrl' };
    const big = await refusal(
      fetchInput(`${base}/portrait%20one.png`, { ...options, maxBytes: 1000 }),
    );
    expect([big.statusCode, big.code, big.field]).toEqual([413, 'PAYLOAD_TOO_LARGE', 'imageUrl']);
    for (const path of ['/missing', '/moved']) {
      const refused = await refusal(fetchInput(`${base}${path}`, { ...options, maxBytes: 10_000 }));
      expect(refused.code).toBe('URL_NOT_ALLOWED');
    }
  });

  it('in production, reaches neither this machine, nor a private address, nor plain http', async () => {
    const options = { production: true, maxBytes: 10_000, field: 'imageUrl' };
    for (const url of [
      `${base}/portrait%20one.png`,
      'https://127.0.0.1/x.png',
      'https://10.0.0.7/x.png',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x.png',
      'http://93.184.216.34/x.png',
    ]) {
      const refused = await refusal(fetchInput(url, options));
      expect({ url, code: refused.code }).toEqual({ url, code: 'URL_NOT_ALLOWED' });
    }
    // A public name that resolves to a private address is refused too.
    const rebound = await refusal(
      fetchInput('https://pictures.example/x.png', {
        ...options,
        lookup: async () => [{ address: '192.168.1.20', family: 4 }],
      }),
    );
    expect(rebound.code).toBe('URL_NOT_ALLOWED');
  });
});
