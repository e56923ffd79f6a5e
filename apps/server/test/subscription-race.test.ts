import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureStripeCatalogue } from '../src/modules/billing/stripe-setup';
import { advanceTestSubscriptions, LIVE_STATUSES } from '../src/modules/billing/subscriptions';
import { registerAccount, type TTestAccount } from './accounts';
import { createTestApp, stripeSettings, type TTestContext } from './app';
import { startFakeStripe, stripeClientFor, type TFakeStripe } from './fakes/stripe';

/*
 * One live subscription per account, also when two checkouts for different plans are paid at
 * the same moment (docs/decisions/0023-one-live-subscription.md). Each scenario runs over
 * several accounts at once, so that a missing lock shows in some of them.
 */

const ACCOUNTS = 5;
const DAY = 24 * 60 * 60 * 1000;
// Each test signs up several accounts (a deliberately slow password hash) and races them.
const SLOW = { timeout: 90_000 };

type TLedgerRow = { kind: string; currency: string; amount: number };

async function liveRows(ctx: TTestContext, userId: string) {
  const { rows } = await ctx.database.pool.query<{
    plan: string;
    provider_subscription_id: string;
  }>(
    'select plan, provider_subscription_id from subscriptions where workspace_id = $1 and status = any($2)',
    [userId, [...LIVE_STATUSES]],
  );
  return rows;
}

/** The ledger, sorted, and the balances kept beside it (which must be its sums). */
async function ledgerOf(ctx: TTestContext, userId: string) {
  const { rows } = await ctx.database.pool.query<TLedgerRow>(
    'select kind, currency, amount from ledger_entries where workspace_id = $1 order by kind, currency, amount',
    [userId],
  );
  const {
    rows: [balance],
  } = await ctx.database.pool.query<{ credits: number; model_tokens: number }>(
    'select credits, model_tokens from account_balances where workspace_id = $1',
    [userId],
  );
  const sum = (currency: string) =>
    rows.filter((row) => row.currency === currency).reduce((total, row) => total + row.amount, 0);
  expect(balance).toEqual({ credits: sum('credits'), model_tokens: sum('model_tokens') });
  return rows.map((row) => [row.kind, row.currency, row.amount]);
}

const WELCOME = ['welcome', 'credits', 75];
const GROWTH_BOUGHT = [WELCOME, ['plan', 'credits', 8000], ['plan', 'model_tokens', 5]];
const BUILDER_THEN_GROWTH = [
  WELCOME,
  ['plan', 'credits', 500],
  ['plan', 'model_tokens', 1],
  ['upgrade', 'credits', 8000],
  ['upgrade', 'model_tokens', 5],
];

const sorted = (rows: unknown[][]) =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe('TEST MODE: two checkouts paid at the same moment', SLOW, () => {
  let ctx: TTestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });

  async function startCheckout(account: TTestAccount, plan: string) {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      headers: account.headers,
      payload: { plan, billing: 'monthly', promoCode: null },
    });
    expect(created.statusCode).toBe(200);
    return new URL(created.json().url, 'http://muse.test').pathname.split('/').pop()!;
  }

  const pay = (account: TTestAccount, id: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/payments/test-checkout/${id}/pay`,
      headers: account.headers,
    });

  const sessionOf = async (account: TTestAccount, id: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/payments/test-checkout/${id}`,
        headers: account.headers,
      })
    ).json().session;

  it('keeps one live subscription, the higher plan, with an exact ledger; cancel ends it', async () => {
    const accounts = await Promise.all(
      Array.from({ length: ACCOUNTS }, () => registerAccount(ctx.app, 'race')),
    );
    // Both checkouts start while no plan is live, as from two tabs.
    const checkouts: { account: TTestAccount; builder: string; growth: string }[] = [];
    for (const account of accounts) {
      checkouts.push({
        account,
        builder: await startCheckout(account, 'builder'),
        growth: await startCheckout(account, 'growth'),
      });
    }

    // All ten payments at once.
    const payments = await Promise.all(
      checkouts.map(({ account, builder, growth }) =>
        Promise.all([pay(account, builder), pay(account, growth)]),
      ),
    );
    expect(payments.flat().map((response) => response.statusCode)).toEqual(
      payments.flat().map(() => 200),
    );

    for (const [index, { account, builder, growth }] of checkouts.entries()) {
      const live = await liveRows(ctx, account.userId);
      expect(live.map((row) => row.plan)).toEqual(['growth']);
      expect((await sessionOf(account, growth)).status).toBe('complete');
      // Builder first: Growth paid second becomes an upgrade. Growth first: Builder is refunded.
      const builderSession = await sessionOf(account, builder);
      const ledger = await ledgerOf(ctx, account.userId);
      if (builderSession.status === 'refunded') {
        expect(sorted(ledger)).toEqual(sorted(GROWTH_BOUGHT));
        // Pay answers the checkout's own page, which says so.
        expect(payments[index]![0].json().url).toBe(`/checkout/test/${builder}`);
      } else {
        expect(builderSession.status).toBe('complete');
        expect(sorted(ledger)).toEqual(sorted(BUILDER_THEN_GROWTH));
      }
    }

    for (const { account } of checkouts) {
      const cancelled = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/cancel-subscription',
        headers: account.headers,
      });
      expect(cancelled.statusCode).toBe(200);
    }
    // The paid month ends: nothing renews, nothing stays live.
    await advanceTestSubscriptions(
      { db: ctx.database.db, ...ctx.app.services },
      new Date(Date.now() + 40 * DAY),
    );
    for (const { account } of checkouts) {
      expect(await liveRows(ctx, account.userId)).toEqual([]);
      const summary = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/subscription',
        headers: account.headers,
      });
      expect(summary.json().data).toMatchObject({ plan: null, planLabel: 'FREE' });
    }
  });

  it('refunds the second of two checkouts for the same plan, and the checkout says so', async () => {
    const accounts = await Promise.all(
      Array.from({ length: ACCOUNTS }, () => registerAccount(ctx.app, 'twice')),
    );
    const checkouts: { account: TTestAccount; ids: string[] }[] = [];
    for (const account of accounts) {
      checkouts.push({
        account,
        ids: [await startCheckout(account, 'launch'), await startCheckout(account, 'launch')],
      });
    }
    const payments = await Promise.all(
      checkouts.flatMap(({ account, ids }) => ids.map((id) => pay(account, id))),
    );
    expect(payments.map((response) => response.statusCode)).toEqual(payments.map(() => 200));

    for (const { account, ids } of checkouts) {
      expect((await liveRows(ctx, account.userId)).map((row) => row.plan)).toEqual(['launch']);
      const statuses = await Promise.all(
        ids.map(async (id) => (await sessionOf(account, id)).status),
      );
      expect([...statuses].sort()).toEqual(['complete', 'refunded']);
      expect(sorted(await ledgerOf(ctx, account.userId))).toEqual(
        sorted([WELCOME, ['plan', 'credits', 2000], ['plan', 'model_tokens', 2]]),
      );
      // Pay pressed again on the refunded checkout changes nothing and answers the same page.
      const refunded = ids[statuses.indexOf('refunded')]!;
      const again = await pay(account, refunded);
      expect(again.statusCode).toBe(200);
      expect(again.json().url).toBe(`/checkout/test/${refunded}`);
      expect((await ledgerOf(ctx, account.userId)).length).toBe(3);
    }
  });

  it('still changes a live plan in place from a checkout started while it was live', async () => {
    const account = await registerAccount(ctx.app, 'switch');
    await pay(account, await startCheckout(account, 'growth'));
    const down = await startCheckout(account, 'builder');
    const paid = await pay(account, down);
    expect(paid.json().url).toBe('/credits?payment=success');
    expect((await liveRows(ctx, account.userId)).map((row) => row.plan)).toEqual(['builder']);
    expect((await sessionOf(account, down)).status).toBe('complete');
  });
});

describe('Stripe: two checkouts paid at the same moment', SLOW, () => {
  let fake: TFakeStripe;
  let stripe: Stripe;
  let ctx: TTestContext;

  beforeAll(async () => {
    fake = await startFakeStripe();
    stripe = stripeClientFor(fake);
    await ensureStripeCatalogue(stripe);
    ctx = await createTestApp(stripeSettings(fake));
  });
  afterAll(() => fake.stop());

  async function checkout(account: TTestAccount, plan: string, billing = 'monthly') {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      headers: account.headers,
      payload: { plan, billing },
    });
    expect(response.statusCode).toBe(200);
    const url: string = response.json().url;
    expect(url.startsWith('https://checkout.stripe.com/')).toBe(true);
    return url.split('/').pop()!;
  }

  function deliver(delivery: { payload: string; signature: string }) {
    return ctx.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: delivery.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
    });
  }

  const refundedOf = async (invoice: Stripe.Invoice) => {
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id });
    const intent = payments.data[0]?.payment.payment_intent;
    if (typeof intent !== 'string') return 0;
    const refunds = await stripe.refunds.list({ payment_intent: intent });
    return refunds.data.reduce((total, refund) => total + refund.amount, 0);
  };

  it('keeps one live subscription, the higher plan, refunds the other; cancel ends it', async () => {
    const accounts = await Promise.all(
      Array.from({ length: ACCOUNTS }, () => registerAccount(ctx.app, 'stripe-race')),
    );
    // Builder is paid on Stripe's page; before its webhook arrives, Growth is bought too.
    const bought = [];
    for (const account of accounts) {
      const builder = fake.completeCheckout(await checkout(account, 'builder'));
      const growth = fake.completeCheckout(await checkout(account, 'growth'));
      bought.push({ account, builder, growth });
    }
    const deliveries = bought.flatMap(({ builder, growth }) =>
      [builder, growth].flatMap(({ session, invoice }) => [
        fake.event('checkout.session.completed', session),
        fake.event('invoice.paid', invoice),
      ]),
    );
    const answers = await Promise.all(deliveries.map(deliver));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));

    for (const { account, builder, growth } of bought) {
      const live = await liveRows(ctx, account.userId);
      expect(live.map((row) => row.plan)).toEqual(['growth']);
      const kept = await stripe.subscriptions.retrieve(live[0]!.provider_subscription_id);
      expect(kept.status).toBe('active');
      expect(kept.items.data[0]!.price.lookup_key).toBe('muse_growth_monthly');

      const ledger = sorted(await ledgerOf(ctx, account.userId));
      if (kept.id === builder.subscription.id) {
        // Builder first: Growth became an upgrade of it, and Growth's own payment came back.
        expect((await stripe.subscriptions.retrieve(growth.subscription.id)).status).toBe(
          'canceled',
        );
        expect(await refundedOf(growth.invoice)).toBe(growth.invoice.amount_paid);
        expect(await refundedOf(builder.invoice)).toBe(0);
        expect(ledger).toEqual(sorted(BUILDER_THEN_GROWTH));
      } else {
        expect(kept.id).toBe(growth.subscription.id);
        expect((await stripe.subscriptions.retrieve(builder.subscription.id)).status).toBe(
          'canceled',
        );
        expect(await refundedOf(builder.invoice)).toBe(builder.invoice.amount_paid);
        expect(await refundedOf(growth.invoice)).toBe(0);
        expect(ledger).toEqual(sorted(GROWTH_BOUGHT));
      }
    }

    // Stripe redelivers everything: nothing changes.
    const again = await Promise.all(deliveries.map(deliver));
    expect(again.map((answer) => answer.json().outcome)).toEqual(deliveries.map(() => 'duplicate'));

    for (const { account, builder, growth } of bought) {
      const cancelled = await ctx.app.inject({
        method: 'POST',
        url: '/api/payments/cancel-subscription',
        headers: account.headers,
      });
      expect(cancelled.statusCode).toBe(200);
      // Nothing of this account renews on Stripe any more.
      for (const id of [builder.subscription.id, growth.subscription.id]) {
        const subscription = await stripe.subscriptions.retrieve(id);
        expect(subscription.status === 'canceled' || subscription.cancel_at_period_end).toBe(true);
      }
      // The period ends; Stripe ends the subscription.
      const [live] = await liveRows(ctx, account.userId);
      const ended = fake.cancelSubscription(live!.provider_subscription_id);
      expect((await deliver(fake.event('customer.subscription.deleted', ended))).statusCode).toBe(
        200,
      );
      expect(await liveRows(ctx, account.userId)).toEqual([]);
    }
  });

  it('reuses an open checkout for the same plan and expires it for another', async () => {
    const account = await registerAccount(ctx.app, 'open-session');
    const first = await checkout(account, 'launch');
    expect(await checkout(account, 'launch')).toBe(first);

    const second = await checkout(account, 'growth');
    expect(second).not.toBe(first);
    expect((await stripe.checkout.sessions.retrieve(first)).status).toBe('expired');
    const open = await stripe.checkout.sessions.retrieve(second);
    expect(open.status).toBe('open');
    const listed = await stripe.checkout.sessions.list({
      customer: String(open.customer),
      status: 'open',
    });
    expect(listed.data.map((session) => session.id)).toEqual([second]);
    // An expired checkout cannot be paid.
    expect(() => fake.completeCheckout(first)).toThrow(/expired/);
  });

  it('leaves one open checkout when two are started at the same moment', async () => {
    const accounts = await Promise.all(
      Array.from({ length: ACCOUNTS }, () => registerAccount(ctx.app, 'open-race')),
    );
    const started = await Promise.all(
      accounts.map(async (account) =>
        Promise.all([checkout(account, 'builder'), checkout(account, 'growth', 'yearly')]),
      ),
    );
    for (const ids of started) {
      const sessions = await Promise.all(ids.map((id) => stripe.checkout.sessions.retrieve(id)));
      expect(sessions.filter((session) => session.status === 'open')).toHaveLength(1);
      const customers = new Set(sessions.map((session) => session.customer));
      expect(customers.size).toBe(1);
      const listed = await stripe.checkout.sessions.list({
        customer: String(sessions[0]!.customer),
        status: 'open',
      });
      expect(listed.data).toHaveLength(1);
    }
  });
});
