import { BILLING_TEXTS } from '@muse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAction, getAccountState } from '../src/modules/billing/entitlements';
import { credit, debit, getBalances, refund } from '../src/modules/billing/ledger';
import { grantDueMonthlyBenefits } from '../src/modules/billing/subscriptions';
import { registerAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { rowsOf } from './drafts';

let ctx: TTestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});

const newAccount = () => registerAccount(ctx.app, 'payer');

const summary = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/users/subscription', headers })).json().data;

/** Walks the test-mode checkout the way the page does: create, then Pay or Cancel. */
async function testCheckout(
  headers: Record<string, string>,
  body: object,
  action: 'pay' | 'cancel' = 'pay',
) {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/create-checkout-session',
    headers,
    payload: body,
  });
  expect(created.statusCode).toBe(200);
  // Relative: the browser stays on the host name it opened Muse at.
  const url: string = created.json().url;
  expect(url).toMatch(/^\/checkout\/test\/cs_test_/);
  const id = url.split('/').pop();
  const session = await ctx.app.inject({
    method: 'GET',
    url: `/api/payments/test-checkout/${id}`,
    headers,
  });
  expect(session.statusCode).toBe(200);
  const done = await ctx.app.inject({
    method: 'POST',
    url: `/api/payments/test-checkout/${id}/${action}`,
    headers,
  });
  return {
    id,
    session: session.json().session,
    redirect: done.json().url as string,
    status: done.statusCode,
  };
}

describe('the credit ledger', () => {
  it('gives a new account the 75-credit welcome grant and the FREE plan', async () => {
    const { headers } = await newAccount();
    expect(await summary(headers)).toMatchObject({
      plan: null,
      planLabel: 'FREE',
      credits: 75,
      modelTokens: 0,
      influencerSlots: 0,
      subscription: null,
    });
  });

  it('lets exactly 10 of 50 concurrent spends of 10 through a balance of 100, never below zero', async () => {
    const { userId } = await newAccount();
    await credit(ctx.database.db, {
      workspaceId: userId,
      currency: 'credits',
      amount: 25,
      kind: 'adjustment',
      description: 'Top up to 100',
      reference: 'test-topup',
    });
    expect((await getBalances(ctx.database.db, userId)).credits).toBe(100);

    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        debit(ctx.database.db, {
          workspaceId: userId,
          currency: 'credits',
          amount: 10,
          description: `Upscale ${i}`,
          reference: `job:${i}`,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .every((r) => (r.reason as Error).name === 'AppError'),
    ).toBe(true);
    expect((await getBalances(ctx.database.db, userId)).credits).toBe(0);
    const { rows } = await ctx.database.pool.query(
      "select count(*)::int as spends, sum(amount)::int as total from ledger_entries where workspace_id = $1 and kind = 'spend'",
      [userId],
    );
    expect(rows[0]).toEqual({ spends: 10, total: -100 });
  });

  it('refunds a spend exactly once', async () => {
    const { userId } = await newAccount();
    await debit(ctx.database.db, {
      workspaceId: userId,
      currency: 'credits',
      amount: 10,
      description: 'Upscale',
      reference: 'job:refund-me',
    });
    expect((await getBalances(ctx.database.db, userId)).credits).toBe(65);
    const refunds = await Promise.all(
      Array.from({ length: 5 }, () =>
        refund(ctx.database.db, {
          workspaceId: userId,
          currency: 'credits',
          reference: 'job:refund-me',
          description: 'Upscale failed',
        }),
      ),
    );
    expect(refunds.filter(Boolean)).toHaveLength(1);
    expect((await getBalances(ctx.database.db, userId)).credits).toBe(75);
  });
});

describe('entitlements', () => {
  it('allows nothing on FREE, and says why', async () => {
    const { userId } = await newAccount();
    const state = await getAccountState(ctx.database.db, userId);
    expect(checkAction(state, 'upscale')).toEqual({ allowed: false, cost: 10, reason: 'plan' });
  });

  it('keeps image and video generation from Builder and gives them to Launch', async () => {
    const builder = await newAccount();
    await testCheckout(builder.headers, { plan: 'builder', billing: 'monthly' });
    const builderState = await getAccountState(ctx.database.db, builder.userId);
    expect(checkAction(builderState, 'imageGeneration')).toMatchObject({
      allowed: false,
      reason: 'plan',
    });
    expect(checkAction(builderState, 'videoGeneration')).toMatchObject({
      allowed: false,
      reason: 'plan',
    });
    expect(checkAction(builderState, 'upscale')).toEqual({ allowed: true, cost: 10 });
    expect(checkAction(builderState, 'videoFaceSwap')).toEqual({ allowed: true, cost: 50 });

    const launch = await newAccount();
    await testCheckout(launch.headers, { plan: 'launch', billing: 'monthly' });
    const launchState = await getAccountState(ctx.database.db, launch.userId);
    expect(checkAction(launchState, 'videoGeneration')).toEqual({ allowed: true, cost: 100 });
    expect(checkAction(launchState, 'imageGeneration', 300)).toMatchObject({
      allowed: false,
      reason: 'credits',
    });
  });
});

describe('test-mode checkout', () => {
  it.each([
    ['builder', 500, 1],
    ['launch', 2000, 2],
    ['growth', 8000, 5],
  ] as const)(
    'paying for %s grants its credits and trainings on top of the welcome grant',
    async (plan, credits, tokens) => {
      const { headers } = await newAccount();
      const { session, redirect } = await testCheckout(headers, {
        plan,
        billing: 'monthly',
        promoCode: null,
      });
      expect(session).toMatchObject({ plan, billing: 'monthly', status: 'open' });
      expect(redirect).toBe('/credits?payment=success');
      expect(await summary(headers)).toMatchObject({
        plan,
        credits: 75 + credits,
        modelTokens: tokens,
        influencerSlots: tokens,
        subscription: { plan, status: 'active', provider: 'test', cancelAtPeriodEnd: false },
      });
    },
  );

  it('returns to the dashboard when bought from onboarding', async () => {
    const { headers } = await newAccount();
    const { redirect } = await testCheckout(headers, {
      plan: 'launch',
      billing: 'monthly',
      returnTo: 'dashboard',
    });
    expect(redirect).toBe('/dashboard?payment=success');
  });

  it('grants once when Pay is pressed twice', async () => {
    const { headers } = await newAccount();
    const { id } = await testCheckout(headers, { plan: 'launch', billing: 'monthly' });
    await ctx.app.inject({ method: 'POST', url: `/api/payments/test-checkout/${id}/pay`, headers });
    expect((await summary(headers)).credits).toBe(2075);
  });

  it('changes nothing when the buyer cancels', async () => {
    const { headers } = await newAccount();
    const { redirect } = await testCheckout(
      headers,
      { plan: 'launch', billing: 'monthly' },
      'cancel',
    );
    expect(redirect).toBe('/credits?payment=cancelled');
    expect(await summary(headers)).toMatchObject({ plan: null, credits: 75 });
  });

  it("does not show or pay another account's checkout", async () => {
    const owner = await newAccount();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      headers: owner.headers,
      payload: { plan: 'growth', billing: 'yearly' },
    });
    const id = new URL(created.json().url, 'http://muse.test').pathname.split('/').pop();
    const other = await newAccount();
    for (const [method, action] of [
      ['GET', ''],
      ['POST', '/pay'],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url: `/api/payments/test-checkout/${id}${action}`,
        headers: other.headers,
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await summary(other.headers)).credits).toBe(75);
  });

  it('upgrades in place, adding the new plan on top: benefits accumulate', async () => {
    const { headers } = await newAccount();
    await testCheckout(headers, { plan: 'builder', billing: 'monthly' });
    await testCheckout(headers, { plan: 'growth', billing: 'monthly' });
    expect(await summary(headers)).toMatchObject({
      plan: 'growth',
      credits: 75 + 500 + 8000,
      influencerSlots: 1 + 5,
    });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      headers,
      payload: { plan: 'growth', billing: 'monthly' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(BILLING_TEXTS.alreadyOnPlan);
  });

  it('cancels at the end of the period and keeps the benefits until then', async () => {
    const { headers } = await newAccount();
    await testCheckout(headers, { plan: 'launch', billing: 'monthly' });
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/cancel-subscription',
      headers,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      plan: 'launch',
      subscription: { cancelAtPeriodEnd: true, status: 'active' },
    });

    const resumed = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/resume-subscription',
      headers,
    });
    expect(resumed.json().data).toMatchObject({
      plan: 'launch',
      subscription: { cancelAtPeriodEnd: false },
    });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/resume-subscription',
      headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('grants a plan to an account with no finished onboarding and writes nothing else', async () => {
    const fresh = await newAccount();
    const halfway = await newAccount();
    const step2 = await ctx.app.inject({
      method: 'PUT',
      url: '/api/onboarding',
      headers: halfway.headers,
      payload: { step: 2, goal: 'content-creation' },
    });
    expect(step2.statusCode).toBe(200);

    for (const account of [fresh, halfway]) {
      await testCheckout(account.headers, { plan: 'launch', billing: 'monthly' });
      const rows = await rowsOf(ctx.database.db, account.userId);
      expect(rows.influencers).toEqual([]);
      expect(rows.licences).toEqual([]);
      expect(rows.ledger.map((entry) => [entry.currency, entry.kind, entry.amount]).sort()).toEqual(
        [
          ['credits', 'plan', 2000],
          ['credits', 'welcome', 75],
          ['model_tokens', 'plan', 2],
        ],
      );
      expect(rows.balance).toMatchObject({ modelTokens: 2, modelTokensGranted: 2 });
    }
    expect((await rowsOf(ctx.database.db, halfway.userId)).onboarding).toMatchObject({
      step: 2,
      completedAt: null,
      influencerId: null,
    });
  });

  it('gives a yearly plan its credits every month', async () => {
    const { headers, userId } = await newAccount();
    await testCheckout(headers, { plan: 'launch', billing: 'yearly' });
    expect((await summary(headers)).credits).toBe(2075);
    const threeMonthsOn = new Date(Date.now() + 3 * 31 * 24 * 60 * 60 * 1000);
    const grants = { db: ctx.database.db, ...ctx.app.services };
    await grantDueMonthlyBenefits(grants, threeMonthsOn);
    await grantDueMonthlyBenefits(grants, threeMonthsOn);
    expect((await getBalances(ctx.database.db, userId)).credits).toBe(75 + 4 * 2000);
  });

  it('refuses a bad plan or period with 400, and no session answers 401', async () => {
    const { headers } = await newAccount();
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      headers,
      payload: { plan: 'platinum', billing: 'monthly' },
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      payload: { plan: 'launch', billing: 'monthly' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists the credit history', async () => {
    const { headers } = await newAccount();
    await testCheckout(headers, { plan: 'launch', billing: 'monthly' });
    const history = (
      await ctx.app.inject({ method: 'GET', url: '/api/credits/history', headers })
    ).json();
    expect(
      history.entries.map((e: { description: string; amount: number }) => [
        e.description,
        e.amount,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['Welcome credits', 75],
        ['Launch plan: 2,000 monthly credits', 2000],
        ['Launch plan: 2 influencer trainings', 2],
      ]),
    );
  });
});

describe('pricing plans', () => {
  it('answers the plans publicly, from the shared module', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/payments/pricing-plans' });
    expect(
      response.json().plans.map((p: { monthlyPriceCents: number }) => p.monthlyPriceCents),
    ).toEqual([1200, 2500, 7900]);
  });
});
