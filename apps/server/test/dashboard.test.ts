import { PLANS, WELCOME_CREDITS } from '@muse/shared';
import type { FastifyInstance } from 'fastify';
import { brotliDecompressSync } from 'node:zlib';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { debit, getBalances } from '../src/modules/billing/ledger';
import { buyPlan, registerAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { multipartForm } from './images';
import { announced, secondInstance } from './instances';

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const dashboardOf = async (headers: Record<string, string>, app: FastifyInstance = ctx.app) => {
  const response = await app.inject({ method: 'GET', url: '/api/users/dashboard', headers });
  expect(response.statusCode).toBe(200);
  return response.json().dashboard;
};

describe('GET /api/users/dashboard', () => {
  it('needs a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/users/dashboard' });
    expect(response.statusCode).toBe(401);
  });

  it('a new FREE account reads 75 credits, 0/0 influencers and 0/0 products', async () => {
    const account = await registerAccount(ctx.app);
    expect(await dashboardOf(account.headers)).toEqual({
      plan: null,
      planLabel: 'FREE',
      credits: WELCOME_CREDITS,
      modelTokens: 0,
      influencers: { used: 0, limit: 0 },
      products: { used: 0, limit: 0 },
      recentInfluencers: [],
    });
  });

  it('is sent compressed to a browser, the same answer', async () => {
    const account = await registerAccount(ctx.app);
    const plain = await dashboardOf(account.headers);
    const brotli = await ctx.app.inject({
      method: 'GET',
      url: '/api/users/dashboard',
      headers: { ...account.headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString()).dashboard).toEqual(plain);
  });

  it('follows the ledger and the plan', async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    await debit(ctx.database.db, {
      workspaceId: account.userId,
      currency: 'credits',
      amount: 30,
      description: 'Test spend',
      reference: 'test-spend',
    });
    for (const name of ['Ava', 'Bea'])
      await ctx.app.inject({
        method: 'POST',
        url: '/api/influencers',
        headers: account.headers,
        payload: multipartForm({ name, niche: 'tech', description: `${name} reviews gadgets.` }),
      });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: account.headers,
      payload: multipartForm({ name: 'Desk lamp' }),
    });
    const dashboard = await dashboardOf(account.headers);
    const balances = await getBalances(ctx.database.db, account.userId);
    expect(dashboard).toMatchObject({
      plan: 'launch',
      planLabel: 'Launch',
      credits: WELCOME_CREDITS + PLANS.launch.creditsPerMonth - 30,
      // Custom influencers hold slots; their tokens are spent when they train.
      modelTokens: PLANS.launch.trainingsPerMonth,
      influencers: { used: 2, limit: PLANS.launch.trainingsPerMonth },
      products: { used: 1, limit: PLANS.launch.entitlements.productSlots },
    });
    expect(dashboard.credits).toBe(balances.credits);
    expect(dashboard.recentInfluencers.map((row: { name: string }) => row.name)).toEqual([
      'Bea',
      'Ava',
    ]);
  });
});

/**
 * Each instance keeps dashboards in memory (docs/decisions/0031-session-cache-and-hot-reads.md):
 * what changes one, through any instance or straight in the database, must still show.
 */
describe('the dashboard cache', () => {
  let second: FastifyInstance;
  beforeAll(async () => {
    second = await secondInstance(ctx);
  });

  it("a signed-in creator's own change shows in the next read on the same instance", async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    expect((await dashboardOf(account.headers)).products.used).toBe(0);
    // Without the database's announcement, so only this instance's own forgetting can show it.
    const admin = new pg.Client({ connectionString: ctx.database.url });
    await admin.connect();
    await admin.query('alter table products disable trigger products_notify_dashboard');
    try {
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: account.headers,
        payload: multipartForm({ name: 'Desk lamp' }),
      });
      expect(created.statusCode).toBe(201);
      expect((await dashboardOf(account.headers)).products.used).toBe(1);
    } finally {
      await admin.query('alter table products enable trigger products_notify_dashboard');
      await admin.end();
    }
  });

  it('a change through another instance shows on this one once announced', async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    expect((await dashboardOf(account.headers)).influencers.used).toBe(0);
    const heard = announced(ctx.app, { dashboard: account.userId });
    const created = await second.inject({
      method: 'POST',
      url: '/api/influencers',
      headers: account.headers,
      payload: multipartForm({ name: 'Ava', niche: 'tech', description: 'Ava reviews gadgets.' }),
    });
    expect(created.statusCode).toBe(201);
    await heard;
    const dashboard = await dashboardOf(account.headers);
    expect(dashboard.influencers.used).toBe(1);
    expect(dashboard.recentInfluencers.map((row: { name: string }) => row.name)).toEqual(['Ava']);
  });

  it('a change made straight in the database (another process) shows on every instance', async () => {
    const account = await registerAccount(ctx.app);
    const before = (await dashboardOf(account.headers)).credits;
    expect((await dashboardOf(account.headers, second)).credits).toBe(before);
    const heardFirst = announced(ctx.app, { dashboard: account.userId });
    const heardSecond = announced(second, { dashboard: account.userId });
    const other = new pg.Client({ connectionString: ctx.database.url });
    await other.connect();
    try {
      await other.query(
        'update account_balances set credits = credits - 5 where workspace_id = $1',
        [account.userId],
      );
    } finally {
      await other.end();
    }
    await Promise.all([heardFirst, heardSecond]);
    expect((await dashboardOf(account.headers)).credits).toBe(before - 5);
    expect((await dashboardOf(account.headers, second)).credits).toBe(before - 5);
  });
});
