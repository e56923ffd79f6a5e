import {
  FIRST_MONTH_DISCOUNT_PERCENT,
  ONBOARDING_OFFER_SECONDS,
  ONBOARDING_TEXTS,
} from '@muse/shared';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingStates, subscriptions, testCheckoutSessions } from '../src/db/schema';
import { ensureOfferCoupon, OFFER_COUPON_ID } from '../src/modules/payments/stripe-gateway';
import { ensureStripeCatalogue } from '../src/modules/billing/stripe-setup';
import { registerAccount, type TTestAccount } from './accounts';
import { createTestApp, stripeSettings, type TTestContext } from './app';
import { ONBOARDING_ANSWERS, rowsOf } from './drafts';
import { startFakeStripe, stripeClientFor, type TFakeStripe } from './fakes/stripe';

/** The onboarding's first-month offer (docs/decisions/0037-a-real-first-month-offer.md). */

const CUSTOM = { ...ONBOARDING_ANSWERS, creationMethod: 'custom', modelId: null } as const;
const ONBOARDING_CHECKOUT = {
  plan: 'launch',
  billing: 'monthly',
  promoCode: null,
  returnTo: 'onboarding',
  offer: true,
} as const;

async function reachStep7(ctx: TTestContext, account: TTestAccount, answers: object = CUSTOM) {
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/onboarding',
    headers: account.headers,
    payload: { step: 7, ...answers },
  });
  expect(saved.statusCode).toBe(200);
  return saved.json().onboarding;
}

const readOnboarding = async (ctx: TTestContext, account: TTestAccount) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/onboarding', headers: account.headers })).json()
    .onboarding;

/** Moves the offer's deadline (time passing, written where the server keeps it). */
async function endOfferAt(ctx: TTestContext, account: TTestAccount, at: Date) {
  await ctx.database.db
    .update(onboardingStates)
    .set({ offerEndsAt: at })
    .where(eq(onboardingStates.userId, account.userId));
}

async function startCheckout(ctx: TTestContext, account: TTestAccount, body: object) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/payments/create-checkout-session',
    headers: account.headers,
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  return response.json().url as string;
}

describe('the first-month offer in TEST MODE', () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });

  const testId = (url: string) => url.split('/').pop()!;
  const testSession = async (account: TTestAccount, id: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/payments/test-checkout/${id}`,
        headers: account.headers,
      })
    ).json().session;
  const pay = (account: TTestAccount, id: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/payments/test-checkout/${id}/pay`,
      headers: account.headers,
    });

  it('is created once, when step 7 is first reached, and lasts 86389 s', async () => {
    const account = await registerAccount(ctx.app);
    expect((await readOnboarding(ctx, account)).offer).toBeNull();
    const before = Date.now();
    const first = await reachStep7(ctx, account);
    const endsAt = Date.parse(first.offer.endsAt);
    expect(first.offer).toMatchObject({
      percentOff: FIRST_MONTH_DISCOUNT_PERCENT,
      plans: ['launch'],
    });
    expect(first.offer.endsAt).toBe(first.offerEndsAt);
    expect(endsAt - before).toBeGreaterThanOrEqual(ONBOARDING_OFFER_SECONDS * 1000 - 1000);
    expect(endsAt - before).toBeLessThanOrEqual(ONBOARDING_OFFER_SECONDS * 1000 + 5000);
    // Going back and reaching step 7 again keeps the same deadline.
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/onboarding',
      headers: account.headers,
      payload: { step: 6 },
    });
    expect((await reachStep7(ctx, account)).offer.endsAt).toBe(first.offer.endsAt);
  });

  it('charges the first month 50% off, once; a cancelled checkout leaves the onboarding open', async () => {
    const account = await registerAccount(ctx.app);
    await reachStep7(ctx, account);

    // Cancelled: back to the onboarding's plans, which stay open with the offer.
    const cancelled = testId(await startCheckout(ctx, account, ONBOARDING_CHECKOUT));
    expect(await testSession(account, cancelled)).toMatchObject({
      amountCents: 1250,
      discountPercent: 50,
    });
    const back = await ctx.app.inject({
      method: 'POST',
      url: `/api/payments/test-checkout/${cancelled}/cancel`,
      headers: account.headers,
    });
    expect(back.json().url).toBe('/onboarding?payment=cancelled');
    const open = await readOnboarding(ctx, account);
    expect(open).toMatchObject({ step: 7, completedAt: null, draftPending: false });
    expect(open.offer).not.toBeNull();

    // Two checkouts with the offer, paid one after the other: the first uses it.
    const first = testId(await startCheckout(ctx, account, ONBOARDING_CHECKOUT));
    const second = testId(await startCheckout(ctx, account, ONBOARDING_CHECKOUT));
    const [paidFirst, paidSecond] = await Promise.all([pay(account, first), pay(account, second)]);
    const outcomes = [paidFirst, paidSecond].map((response) => response.statusCode).sort();
    // The one paid second finds the offer taken (or, same plan, the payment refunded).
    expect(outcomes[0]).toBe(200);
    const [winner] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, account.userId));
    expect(winner).toMatchObject({ plan: 'launch', firstPaymentCents: 1250 });
    const live = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, account.userId));
    expect(live).toHaveLength(1);
    const sessions = await ctx.database.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.userId, account.userId));
    expect(sessions.filter((session) => session.status === 'complete')).toHaveLength(1);

    // Paying finished the onboarding and kept the persona: its influencer waits for photos.
    const finished = await readOnboarding(ctx, account);
    expect(finished.completedAt).not.toBeNull();
    expect(finished.offer).toBeNull();
    const rows = await rowsOf(ctx.database.db, account.userId);
    expect(rows.onboarding).toMatchObject({ offerRedeemedAt: expect.any(Date) });
    expect(rows.influencers.map((row) => row.name)).toEqual(['Mira']);
  });

  it('a checkout paid after another used the offer is refused, nothing charged', async () => {
    const account = await registerAccount(ctx.app);
    await reachStep7(ctx, account);
    const held = testId(await startCheckout(ctx, account, ONBOARDING_CHECKOUT));
    // Another checkout of this account used the offer (and its plan has ended since).
    await ctx.database.db
      .update(onboardingStates)
      .set({ offerRedeemedAt: new Date(), offerCheckoutId: 'cs_test_elsewhere' })
      .where(eq(onboardingStates.userId, account.userId));

    const refused = await pay(account, held);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      error: ONBOARDING_TEXTS.offerUsed,
      code: 'OFFER_USED',
    });
    expect((await testSession(account, held)).status).toBe('cancelled');
    const rows = await rowsOf(ctx.database.db, account.userId);
    expect(rows.ledger.filter((entry) => entry.kind === 'plan')).toEqual([]);

    // A new checkout is at full price.
    const full = testId(await startCheckout(ctx, account, ONBOARDING_CHECKOUT));
    expect(await testSession(account, full)).toMatchObject({
      amountCents: 2500,
      discountPercent: null,
    });
  });

  it('after the deadline the offer is gone and the checkout charges full price', async () => {
    const account = await registerAccount(ctx.app);
    await reachStep7(ctx, account);
    await endOfferAt(ctx, account, new Date(Date.now() - 1000));
    const state = await readOnboarding(ctx, account);
    expect(state.offer).toBeNull();
    expect(state.offerEndsAt).not.toBeNull();

    const id = testId(await startCheckout(ctx, account, ONBOARDING_CHECKOUT));
    expect(await testSession(account, id)).toMatchObject({
      amountCents: 2500,
      discountPercent: null,
    });
    expect((await pay(account, id)).statusCode).toBe(200);
    const [subscription] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, account.userId));
    expect(subscription?.firstPaymentCents).toBe(2500);
  });

  it('finishing the onboarding without it ends the offer', async () => {
    const account = await registerAccount(ctx.app);
    await reachStep7(ctx, account);
    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/onboarding/complete',
      headers: account.headers,
    });
    expect(done.json().onboarding).toMatchObject({ offer: null, draftPending: true });
    const id = testId(await startCheckout(ctx, account, ONBOARDING_CHECKOUT));
    expect(await testSession(account, id)).toMatchObject({
      amountCents: 2500,
      discountPercent: null,
    });
  });

  it('covers only the plans it shows, billed monthly, and only when asked for', async () => {
    const account = await registerAccount(ctx.app);
    await reachStep7(ctx, account);
    for (const body of [
      { ...ONBOARDING_CHECKOUT, plan: 'growth' },
      { ...ONBOARDING_CHECKOUT, billing: 'yearly' },
      { ...ONBOARDING_CHECKOUT, offer: undefined },
    ]) {
      const id = testId(await startCheckout(ctx, account, body));
      expect((await testSession(account, id)).discountPercent).toBeNull();
    }
  });

  it('a discounted checkout closes when the offer ends, 30 minutes after it starts at the soonest', async () => {
    const account = await registerAccount(ctx.app);
    await reachStep7(ctx, account);
    const endsAt = new Date(Date.now() + 2 * 60 * 60 * 1000);
    await endOfferAt(ctx, account, endsAt);
    const id = testId(await startCheckout(ctx, account, ONBOARDING_CHECKOUT));
    const [session] = await ctx.database.db
      .select()
      .from(testCheckoutSessions)
      .where(eq(testCheckoutSessions.id, id));
    expect(session?.expiresAt.getTime()).toBe(endsAt.getTime());

    // Past its close, it cannot be paid, and nothing is granted.
    await ctx.database.db
      .update(testCheckoutSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(testCheckoutSessions.id, id));
    expect((await pay(account, id)).statusCode).toBe(400);
    expect((await rowsOf(ctx.database.db, account.userId)).onboarding?.offerRedeemedAt).toBeNull();
  });
});

describe('the first-month offer through Stripe', () => {
  let fake: TFakeStripe;
  let ctx: TTestContext;
  let stripe: Stripe;

  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = stripeClientFor(fake);
    await ensureStripeCatalogue(stripe);
    ctx = await createTestApp(stripeSettings(fake));
  });
  afterAll(() => fake.stop());

  const deliver = (delivery: { payload: string; signature: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: delivery.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
    });

  const sessionRequests = () =>
    fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

  it('sends the offer coupon (50% off, once) in the Checkout Session; paid, it is used once', async () => {
    const account = await registerAccount(ctx.app, 'stripe');
    const { offer } = await reachStep7(ctx, account);
    fake.requests.length = 0;
    const url = await startCheckout(ctx, account, ONBOARDING_CHECKOUT);
    const [sent] = sessionRequests();
    expect(sent?.body.discounts).toEqual([{ coupon: OFFER_COUPON_ID }]);
    expect(sent?.body.allow_promotion_codes).toBeUndefined();
    expect(sent?.body.cancel_url).toBe(`${ctx.config.PUBLIC_URL}/onboarding?payment=cancelled`);
    expect(sent?.body.success_url).toBe(`${ctx.config.PUBLIC_URL}/dashboard?payment=success`);
    // The checkout closes when the offer does.
    expect(Number(sent?.body.expires_at)).toBe(Math.floor(Date.parse(offer.endsAt) / 1000));
    // The coupon was made on demand, as the offer is.
    const coupon = await stripe.coupons.retrieve(OFFER_COUPON_ID);
    expect(coupon).toMatchObject({ percent_off: 50, duration: 'once', valid: true });

    const { session, invoice, completed } = fake.completeCheckout(url.split('/').pop()!);
    expect(session.amount_total).toBe(1250);
    expect(invoice.amount_paid).toBe(1250);
    expect((await deliver(completed)).statusCode).toBe(200);
    expect((await deliver(fake.event('invoice.paid', invoice))).statusCode).toBe(200);

    const rows = await rowsOf(ctx.database.db, account.userId);
    expect(rows.onboarding).toMatchObject({
      offerRedeemedAt: expect.any(Date),
      offerCheckoutId: session.id,
      completedAt: expect.any(Date),
    });
    const [subscription] = await ctx.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.workspaceId, account.userId));
    expect(subscription).toMatchObject({ plan: 'launch', firstPaymentCents: 1250 });
    expect((await readOnboarding(ctx, account)).offer).toBeNull();
  });

  it('an offer already used, or ended, sends no coupon: full price', async () => {
    const used = await registerAccount(ctx.app, 'stripe');
    await reachStep7(ctx, used);
    await ctx.database.db
      .update(onboardingStates)
      .set({ offerRedeemedAt: new Date(), offerCheckoutId: 'cs_test_other' })
      .where(eq(onboardingStates.userId, used.userId));
    const ended = await registerAccount(ctx.app, 'stripe');
    await reachStep7(ctx, ended);
    await endOfferAt(ctx, ended, new Date(Date.now() - 1000));

    for (const account of [used, ended]) {
      fake.requests.length = 0;
      await startCheckout(ctx, account, ONBOARDING_CHECKOUT);
      const [sent] = sessionRequests();
      expect(sent?.body.discounts).toBeUndefined();
      expect(sent?.body.allow_promotion_codes).toBe('true');
    }
  });

  it('the coupon, once made, is found and not made again (npm run stripe:setup)', async () => {
    await ensureOfferCoupon(stripe);
    expect(await ensureOfferCoupon(stripe)).toBe(false);
  });
});
