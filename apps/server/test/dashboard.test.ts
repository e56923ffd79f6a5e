import { PLANS, WELCOME_CREDITS } from '@muse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { debit, getBalances } from '../src/modules/billing/ledger';
import { buyPlan, registerAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { multipartForm } from './images';

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const dashboardOf = async (headers: Record<string, string>) => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/users/dashboard', headers });
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

  it('follows the ledger and the plan', async () => {
    const account = await registerAccount(ctx.app);
    await buyPlan(ctx.app, account, 'launch');
    await debit(ctx.database.db, {
      userId: account.userId,
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
