import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_KEY_PREFIX, CREDIT_COSTS } from '@muse/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKeys, jobs } from '../src/db/schema';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { credits } from './creations';
import { createTestEngines } from './engines';
import { makePng, multipartForm } from './images';
import { announced, secondInstance } from './instances';

let context: TTestContext;
let owner: TTestAccount;

/** Makes a key through the Settings page's call; answers the secret and its id. */
async function makeKey(
  account: TTestAccount,
  body: { name?: string; scopes: string[]; expiresAt?: string | null },
) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: account.headers,
    payload: { name: 'Scheduler', ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { key, apiKey } = response.json();
  return {
    key: key as string,
    id: apiKey.id as string,
    bearer: { authorization: `Bearer ${key}` },
  };
}

beforeAll(async () => {
  context = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '40' }, undefined, {
    engines: createTestEngines().engines,
  });
  owner = await registerAccount(context.app, 'agency');
});

describe('API keys', () => {
  it('shows the secret once, keeps only its hash, and lists the key without it', async () => {
    const made = await context.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: owner.headers,
      payload: { name: 'Spreadsheet', scopes: ['influencers:read', 'billing:read'] },
    });
    expect(made.statusCode).toBe(201);
    const { key, apiKey } = made.json();
    expect(key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(key.length).toBeGreaterThan(40);
    expect(apiKey).toMatchObject({
      name: 'Spreadsheet',
      prefix: key.slice(0, API_KEY_PREFIX.length + 6),
      scopes: ['influencers:read', 'billing:read'],
      lastUsedAt: null,
      expiresAt: null,
    });
    const [row] = await context.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(JSON.stringify(row)).not.toContain(key);

    const list = await context.app.inject({ url: '/api/api-keys', headers: owner.headers });
    expect(list.body).not.toContain(key);
    expect(list.json().apiKeys.map((each: { id: string }) => each.id)).toContain(apiKey.id);
  });

  it('says when the key was last used', async () => {
    const { id, bearer } = await makeKey(owner, { scopes: ['influencers:read'] });
    expect(
      (await context.app.inject({ url: '/api/v1/influencers', headers: bearer })).statusCode,
    ).toBe(200);
    await expect
      .poll(async () => {
        const list = await context.app.inject({ url: '/api/api-keys', headers: owner.headers });
        return list.json().apiKeys.find((key: { id: string }) => key.id === id)?.lastUsedAt;
      })
      .toEqual(expect.any(String));
  });

  it('refuses a key without a name or scopes, or with an expiry in the past', async () => {
    for (const [payload, text] of [
      [{ name: '', scopes: ['tools:run'] }, 'Give the key a name'],
      [{ name: 'x', scopes: [] }, 'Choose at least one scope'],
      [
        { name: 'x', scopes: ['tools:run'], expiresAt: '2020-01-01T00:00:00Z' },
        'The expiry must be in the future',
      ],
      [
        { name: 'x', scopes: ['tools:run'], expiresAt: 'next tuesday' },
        'Give the expiry as a date and time, such as 2027-01-31T23:59:59Z',
      ],
      [{ name: 'x', scopes: ['everything'] }, undefined],
    ] as const) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/api-keys',
        headers: owner.headers,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_REQUEST');
      if (text) expect(response.json().error).toBe(text);
    }
  });

  it('cannot make, list or revoke keys, nor call the web app’s routes', async () => {
    const { bearer } = await makeKey(owner, { scopes: [...['influencers:read']] });
    for (const call of [
      {
        method: 'POST' as const,
        url: '/api/api-keys',
        payload: { name: 'x', scopes: ['tools:run'] },
      },
      { method: 'GET' as const, url: '/api/api-keys' },
      { method: 'GET' as const, url: '/api/influencers' },
    ]) {
      const response = await context.app.inject({ ...call, headers: bearer });
      expect(response.statusCode, call.url).toBe(403);
      expect(response.json().code).toBe('SESSION_REQUIRED');
    }
  });

  it('does only what its scopes allow: 403 and its code outside them', async () => {
    const { bearer } = await makeKey(owner, { scopes: ['influencers:read'] });
    const read = await context.app.inject({ url: '/api/v1/influencers', headers: bearer });
    expect(read.statusCode).toBe(200);
    const run = await context.app.inject({ url: '/api/v1/jobs', headers: bearer });
    expect(run.statusCode).toBe(403);
    expect(run.json()).toMatchObject({
      code: 'SCOPE_MISSING',
      error: 'This API key lacks the scope tools:run: make a key with it in Settings → API keys',
    });
    const unknown = await context.app.inject({
      url: '/api/v1/influencers',
      headers: { authorization: `Bearer ${API_KEY_PREFIX}not-a-key-at-all` },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('UNAUTHORISED');
  });

  it('stops working when it expires', async () => {
    const { id, bearer } = await makeKey(owner, {
      scopes: ['influencers:read'],
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect(
      (await context.app.inject({ url: '/api/v1/influencers', headers: bearer })).statusCode,
    ).toBe(200);
    // The minute passes: moved back in the database, as the clock would move it.
    const heard = announced(context.app, { account: owner.userId });
    await context.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, id));
    await heard;
    const expired = await context.app.inject({ url: '/api/v1/influencers', headers: bearer });
    expect(expired.statusCode).toBe(401);
  });

  it('revoked, is refused by another instance within a second', async () => {
    const other = await secondInstance(context);
    const { id, bearer } = await makeKey(owner, { scopes: ['influencers:read'] });
    // Both instances have it in memory.
    for (const app of [context.app, other])
      expect((await app.inject({ url: '/api/v1/influencers', headers: bearer })).statusCode).toBe(
        200,
      );
    const heard = announced(other, { account: owner.userId });
    const revokedAt = Date.now();
    const revoked = await context.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect(
      (await context.app.inject({ url: '/api/v1/influencers', headers: bearer })).statusCode,
    ).toBe(401);
    await heard;
    expect((await other.inject({ url: '/api/v1/influencers', headers: bearer })).statusCode).toBe(
      401,
    );
    expect(Date.now() - revokedAt).toBeLessThan(1000);
    const list = await context.app.inject({ url: '/api/api-keys', headers: owner.headers });
    expect(list.json().apiKeys.map((each: { id: string }) => each.id)).not.toContain(id);
    const again = await context.app.inject({
      method: 'DELETE',
      url: `/api/api-keys/${id}`,
      headers: owner.headers,
    });
    expect(again.json().code).toBe('API_KEY_NOT_FOUND');
  });

  it('has its own rate limit: 429 with Retry-After and the RateLimit headers past it', async () => {
    const { bearer } = await makeKey(owner, { scopes: ['billing:read'] });
    const { bearer: other } = await makeKey(owner, { scopes: ['billing:read'] });
    const first = await context.app.inject({ url: '/api/v1/balance', headers: bearer });
    expect(first.headers['ratelimit-policy']).toBe('"per-key";q=40;w=60');
    expect(first.headers.ratelimit).toMatch(/^"per-key";r=39;t=\d+$/);
    let refused;
    for (let call = 2; call <= 41; call += 1) {
      const response = await context.app.inject({ url: '/api/v1/balance', headers: bearer });
      if (response.statusCode === 429) {
        refused = { call, response };
        break;
      }
    }
    expect(refused?.call).toBe(41);
    expect(refused?.response.json().code).toBe('RATE_LIMITED');
    expect(Number(refused?.response.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.response.headers.ratelimit).toMatch(/^"per-key";r=0;t=\d+$/);
    // Another key of the same account has its own count.
    expect((await context.app.inject({ url: '/api/v1/balance', headers: other })).statusCode).toBe(
      200,
    );
  });
});

describe('a program spending credits', () => {
  let bearer: { authorization: string };
  let keyId: string;
  let picture: Buffer;

  const upscale = (headers: Record<string, string>, name = 'portrait.png') =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers,
      payload: multipartForm({ tool: 'upscale' }, [
        { field: 'image', name, type: 'image/png', data: picture },
      ]),
    });

  beforeAll(async () => {
    await buyPlan(context.app, owner, 'launch');
    picture = await makePng(32, 24);
    ({ bearer, id: keyId } = await makeKey(owner, {
      name: 'n8n',
      scopes: ['tools:run', 'billing:read'],
    }));
  });

  it('is named in the credit history', async () => {
    const response = await upscale(bearer);
    expect(response.statusCode, response.body).toBe(201);
    const history = await context.app.inject({ url: '/api/v1/credit-history', headers: bearer });
    const [newest] = history.json().entries;
    expect(newest).toMatchObject({ kind: 'spend', apiKey: { id: keyId, name: 'n8n' } });
    // The web app's history names it too.
    const web = await context.app.inject({ url: '/api/credits/history', headers: owner.headers });
    expect(web.json().entries[0].apiKey).toEqual({ id: keyId, name: 'n8n' });
  });

  it('runs a tool on a picture Muse fetches from its address', async () => {
    const server = http.createServer((_request, response) => response.end(picture));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/jobs',
        headers: bearer,
        payload: multipartForm({
          tool: 'upscale',
          imageUrl: `http://127.0.0.1:${port}/from-the-web.png`,
        }),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().job).toMatchObject({
        tool: 'upscale',
        input: { width: 32, height: 24, contentType: 'image/png' },
      });
      // The credit history names the file as its address did.
      const history = await context.app.inject({ url: '/api/v1/credit-history', headers: bearer });
      expect(history.json().entries[0].description).toContain('from-the-web.png');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('adds a product for product shots, and lists it', async () => {
    const made = await context.app.inject({
      method: 'POST',
      url: '/api/v1/products',
      headers: bearer,
      payload: multipartForm({ name: 'Trail bottle', description: 'Steel, 750 ml' }, [
        { field: 'images', name: 'bottle.png', type: 'image/png', data: await makePng(96, 96) },
      ]),
    });
    expect(made.statusCode, made.body).toBe(201);
    const list = await context.app.inject({ url: '/api/v1/products', headers: bearer });
    expect(list.json().products.map((product: { id: string }) => product.id)).toContain(
      made.json().product.id,
    );
  });

  it('twenty identical POSTs with one Idempotency-Key make one job and pay once', async () => {
    const count = async () =>
      (await context.database.db.select().from(jobs).where(eq(jobs.workspaceId, owner.userId)))
        .length;
    const before = await credits(context, owner);
    const jobsBefore = await count();
    const headers = { ...bearer, 'idempotency-key': 'portrait-1' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => upscale(headers)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);
    expect(new Set(answers.map((answer) => answer.json().job.id)).size).toBe(1);
    const replayed = answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true');
    expect(replayed).toHaveLength(19);
    expect((await count()) - jobsBefore).toBe(1);
    expect(before - (await credits(context, owner))).toBe(CREDIT_COSTS.upscale);

    // The same key with another request: refused, and nothing runs.
    const other = await upscale(headers, 'another-name.png');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await count()) - jobsBefore).toBe(1);
  });
});
