import { BILLING_TEXTS } from '@muse/shared';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStripeCatalogue } from '../src/modules/billing/stripe-setup';
import { registerAccount } from './accounts';
import { createTestApp, stripeSettings, type TTestContext } from './app';
import { finishOnboarding, rowsOf } from './drafts';
import { startFakeStripe, stripeClientFor, type TFakeStripe } from './fakes/stripe';

let fake: TFakeStripe;
let ctx: TTestContext;
let stripe: Stripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = stripeClientFor(fake);
  expect((await ensureStripeCatalogue(stripe)).length).toBe(6);
  expect(await ensureStripeCatalogue(stripe)).toEqual([]); // a second run creates nothing
  ctx = await createTestApp(stripeSettings(fake));
});
afterAll(() => fake.stop());

const newAccount = () => registerAccount(ctx.app, 'stripe');

const summary = async (headers: Record<string, string>) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/users/subscription', headers })).json().data;

function deliver(delivery: { payload: string; signature: string }) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: delivery.payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
  });
}

async function checkout(headers: Record<string, string>, body: object) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/create-checkout-session',
    headers,
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  const url: string = response.json().url;
  expect(url.startsWith('https://checkout.stripe.com/')).toBe(true);
  return url.split('/').pop()!;
}

/** The customer pays on Stripe's page; Stripe then sends its two events. */
async function payAndNotify(sessionId: string) {
  const { session, invoice, subscription } = fake.completeCheckout(sessionId);
  const completed = fake.event('checkout.session.completed', session);
  const paid = fake.event('invoice.paid', invoice);
  return { session, invoice, subscription, completed, paid };
}

describe('Stripe checkout', () => {
  it('creates a subscription Checkout Session for the plan price, naming the user', async () => {
    const { userId, headers } = await newAccount();
    fake.requests.length = 0;
    await checkout(headers, { plan: 'launch', billing: 'yearly', promoCode: null });
    const sent = fake.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
    )!;
    const [price] = (await stripe.prices.list({ lookup_keys: ['muse_launch_yearly'] })).data;
    expect(sent.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: price!.id, quantity: '1' }],
      client_reference_id: userId,
      metadata: { userId, plan: 'launch', billing: 'yearly' },
      subscription_data: { metadata: { userId, plan: 'launch', billing: 'yearly' } },
      success_url: `${ctx.config.PUBLIC_URL}/credits?payment=success`,
      cancel_url: `${ctx.config.PUBLIC_URL}/credits?payment=cancelled`,
    });
  });

  it('applies a promotion code as a discount and refuses an unknown one', async () => {
    fake.addPromotionCode('LAUNCH50', 50);
    const { headers } = await newAccount();
    fake.requests.length = 0;
    await checkout(headers, { plan: 'launch', billing: 'monthly', promoCode: 'LAUNCH50' });
    const sent = fake.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
    )!;
    expect(sent.body.discounts).toEqual([{ promotion_code: expect.stringMatching(/^promo_/) }]);

    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      headers,
      payload: { plan: 'launch', billing: 'monthly', promoCode: 'NOPE' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(BILLING_TEXTS.promoCodeInvalid);
  });
});

describe('Stripe webhooks', () => {
  it.each([
    ['builder', 500, 1],
    ['launch', 2000, 2],
    ['growth', 8000, 5],
  ] as const)(
    'checkout.session.completed + invoice.paid grant %s: %i credits and %i trainings',
    async (plan, credits, tokens) => {
      const { headers } = await newAccount();
      const { completed, paid } = await payAndNotify(
        await checkout(headers, { plan, billing: 'monthly' }),
      );
      expect((await deliver(completed)).statusCode).toBe(200);
      expect((await deliver(paid)).statusCode).toBe(200);
      expect(await summary(headers)).toMatchObject({
        plan,
        credits: 75 + credits,
        modelTokens: tokens,
        subscription: { plan, status: 'active', provider: 'stripe' },
      });
    },
  );

  it('grants once when the same event arrives 10 times, and in any order', async () => {
    const { headers } = await newAccount();
    const { completed, paid } = await payAndNotify(
      await checkout(headers, { plan: 'launch', billing: 'monthly' }),
    );
    for (let i = 0; i < 10; i += 1) expect((await deliver(paid)).statusCode).toBe(200);
    await deliver(completed);
    expect((await summary(headers)).credits).toBe(2075);
  });

  it("turns a finished onboarding's waiting persona into an influencer with the paid invoice, once", async () => {
    const account = await newAccount();
    expect(await finishOnboarding(ctx.app, account)).toMatchObject({ draftPending: true });
    const { completed, paid } = await payAndNotify(
      await checkout(account.headers, { plan: 'builder', billing: 'monthly' }),
    );
    await deliver(completed);
    expect((await rowsOf(ctx.database.db, account.userId)).influencers).toEqual([]);
    for (let i = 0; i < 3; i += 1) expect((await deliver(paid)).statusCode).toBe(200);

    const rows = await rowsOf(ctx.database.db, account.userId);
    expect(rows.influencers.map((row) => [row.name, row.modelId])).toEqual([['Mira', 2]]);
    expect(rows.licences.map((licence) => licence.modelId)).toEqual([2]);
    expect(rows.onboarding?.influencerId).toBe(rows.influencers[0]?.id);
    expect(rows.balance).toMatchObject({ modelTokens: 0, modelTokensGranted: 1 });
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const { headers } = await newAccount();
    const { paid } = await payAndNotify(
      await checkout(headers, { plan: 'growth', billing: 'monthly' }),
    );
    const forged = await deliver({
      payload: paid.payload,
      // One hex digit changed (to a different digit, whatever the first one was).
      signature: paid.signature.replace(/v1=(\w)/, (_, digit) => `v1=${digit === '0' ? '1' : '0'}`),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    const tampered = await deliver({
      payload: paid.payload.replace('"paid"', '"PAID"'),
      signature: paid.signature,
    });
    expect(tampered.statusCode).toBe(400);
    expect(await summary(headers)).toMatchObject({ plan: null, credits: 75 });
  });

  it('adds the next month on top when the renewal invoice is paid', async () => {
    const { headers } = await newAccount();
    const { subscription, completed, paid } = await payAndNotify(
      await checkout(headers, { plan: 'launch', billing: 'monthly' }),
    );
    await deliver(completed);
    await deliver(paid);
    const renewal = fake.renewSubscription(subscription.id);
    await deliver(fake.event('invoice.paid', renewal));
    expect(await summary(headers)).toMatchObject({
      credits: 75 + 2000 + 2000,
      modelTokens: 4,
      influencerSlots: 4,
    });
  });

  it('cancels at period end: the plan and its benefits stay until Stripe ends it', async () => {
    const { headers } = await newAccount();
    const { subscription, completed, paid } = await payAndNotify(
      await checkout(headers, { plan: 'launch', billing: 'monthly' }),
    );
    await deliver(completed);
    await deliver(paid);

    const cancel = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/cancel-subscription',
      headers,
    });
    expect(cancel.statusCode).toBe(200);
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
    expect(await summary(headers)).toMatchObject({
      plan: 'launch',
      credits: 2075,
      subscription: { cancelAtPeriodEnd: true, status: 'active' },
    });

    const resumed = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/resume-subscription',
      headers,
    });
    expect(resumed.json().data.subscription.cancelAtPeriodEnd).toBe(false);
    expect((await stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);
    await ctx.app.inject({ method: 'POST', url: '/api/payments/cancel-subscription', headers });

    const ended = fake.cancelSubscription(subscription.id);
    await deliver(fake.event('customer.subscription.deleted', ended));
    expect(await summary(headers)).toMatchObject({
      plan: null,
      planLabel: 'FREE',
      credits: 2075,
      subscription: { status: 'canceled' },
    });
  });

  it('marks a failed renewal past due and keeps the plan while Stripe retries', async () => {
    const { headers } = await newAccount();
    const { subscription, completed, paid } = await payAndNotify(
      await checkout(headers, { plan: 'builder', billing: 'monthly' }),
    );
    await deliver(completed);
    await deliver(paid);
    const failed = fake.failPayment(subscription.id);
    await deliver(fake.event('invoice.payment_failed', failed));
    expect(await summary(headers)).toMatchObject({
      plan: 'builder',
      credits: 575,
      subscription: { status: 'past_due' },
    });
  });

  it('acknowledges and ignores events it does not handle', async () => {
    const response = await deliver(
      fake.event('customer.created', { id: 'cus_123', object: 'customer' }),
    );
    expect(response.json()).toMatchObject({ received: true, outcome: 'ignored' });
  });
});
