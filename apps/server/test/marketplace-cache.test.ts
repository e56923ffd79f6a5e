import { LICENCE_TERMS } from '@muse/shared';
import type { FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyPlan, registerAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { announced, secondInstance } from './instances';

/**
 * The public marketplace list is kept in memory by each instance and sent with a strong ETag
 * (docs/decisions/0031-session-cache-and-hot-reads.md); a claim anywhere changes it everywhere.
 */
let first: TTestContext;
let second: FastifyInstance;

beforeAll(async () => {
  first = await createTestApp();
  second = await secondInstance(first);
});

const list = (app: FastifyInstance, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/marketplace/models', headers });

const claimedOf = (response: Awaited<ReturnType<typeof list>>, id: number) =>
  (response.json().models as { id: number; claimed: number }[]).find((model) => model.id === id)!
    .claimed;

describe('GET /api/marketplace/models, cached', () => {
  it('answers 304 without a body to the ETag it sent, and the list again to any other', async () => {
    const fresh = await list(first.app);
    expect(fresh.statusCode).toBe(200);
    const etag = fresh.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(fresh.headers['cache-control']).toBe('no-cache');

    const again = await list(first.app, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await list(first.app, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);

    const stale = await list(first.app, { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual(fresh.json());
  });

  it('sends the twin a browser accepts, compressed once with the list', async () => {
    const plain = await list(first.app);
    const brotli = await list(first.app, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(brotli.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    // Refused brotli, the next best.
    const gzip = await list(first.app, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('a claim on one instance changes the list and its ETag on the other once announced', async () => {
    const before = await list(second);
    const etag = before.headers.etag as string;
    const account = await registerAccount(first.app);
    await buyPlan(first.app, account, 'launch');

    const heard = announced(second, 'marketplace');
    const claimed = await first.app.inject({
      method: 'POST',
      url: '/api/marketplace/models/4/claim',
      payload: { acceptTerms: true, termsVersion: LICENCE_TERMS.version },
      headers: account.headers,
    });
    expect(claimed.statusCode).toBe(201);
    // The instance that took the claim shows it at once.
    expect(claimedOf(await list(first.app), 4)).toBe(claimedOf(before, 4) + 1);

    await heard;
    const after = await list(second, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(claimedOf(after, 4)).toBe(claimedOf(before, 4) + 1);
    expect((await list(second, { 'if-none-match': after.headers.etag as string })).statusCode).toBe(
      304,
    );
  });

  it('a licence written by another process (straight in the database) reaches every instance', async () => {
    const before = [await list(first.app), await list(second)];
    const heard = [announced(first.app, 'marketplace'), announced(second, 'marketplace')];
    const other = new pg.Client({ connectionString: first.database.url });
    await other.connect();
    try {
      await other.query('insert into model_licences (model_id) values (6)');
    } finally {
      await other.end();
    }
    await Promise.all(heard);
    for (const [index, app] of [first.app, second].entries()) {
      const after = await list(app, { 'if-none-match': before[index]!.headers.etag as string });
      expect(after.statusCode).toBe(200);
      expect(claimedOf(after, 6)).toBe(claimedOf(before[index]!, 6) + 1);
    }
  });
});
