import { randomUUID } from 'node:crypto';
import { EARNINGS_HOLD_DAYS, museFeeCents, PUBLISHING_TEXTS, type TEarnings } from '@muse/shared';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { StripeGateway } from '../src/modules/payments/stripe-gateway';
import { settleEarnings } from '../src/modules/sales/settlement';
import { registerAccount, type TTestAccount } from './accounts';
import { createPaymentApps, type TTestContext } from './app';
import { stripeClientFor, type TFakeStripe } from './fakes/stripe';
import {
  call,
  checkout,
  deliverTo,
  earningsOf,
  endHolds,
  ledgerOf,
  payout,
  purchasesOf,
  rows,
  seedPost,
  seller,
  sessionIdOf,
  type TSeller,
  bookSale,
} from './sales-helpers';

/*
 * Selling pay-per-view posts (docs/product/publishing.md, "Buying" and "Earnings and payouts"):
 * Stripe Checkout and its webhook against the fake Stripe, Muse's TEST MODE checkout, earnings
 * and payouts.
 */

// Each test signs up a few accounts (a deliberately slow password hash).
const SLOW = { timeout: 90_000 };

let fake: TFakeStripe;
let stripe: Stripe;
/** The API with Stripe (the fake) configured. */
let live: TTestContext;
/** The API without Stripe: TEST MODE. */
let offline: TTestContext;

beforeAll(async () => {
  ({ fake, live, offline } = await createPaymentApps());
  stripe = stripeClientFor(fake);
});

const deliver = (delivery: { payload: string; signature: string }) => deliverTo(live, delivery);

describe('buying a post through Stripe Checkout', () => {
  let creator: TSeller;
  let fan: TTestAccount;
  let other: TTestAccount;

  beforeAll(async () => {
    const [creatorAccount, fanAccount, otherAccount] = await Promise.all([
      registerAccount(live.app, 'creator'),
      registerAccount(live.app, 'fan'),
      registerAccount(live.app, 'fan'),
    ]);
    creator = await seller(live, creatorAccount!, 'Ava Rose');
    fan = fanAccount!;
    other = otherAccount!;
  }, 60_000);

  it('books one sale for a checkout.session.completed delivered 10 times, 5 of them at once', async () => {
    const post = await seedPost(live, creator, { priceCents: 4999, caption: 'Golden hour' });
    fake.requests.length = 0;
    const started = await checkout(live, fan, post.id);
    expect(started.statusCode, started.body).toBe(200);
    const url: string = started.json().url;
    expect(url.startsWith('https://checkout.stripe.com/')).toBe(true);

    const sent = fake.requests.find(
      (request) => request.method === 'POST' && request.path === '/v1/checkout/sessions',
    )!;
    const page = `${live.config.PUBLIC_URL}/i/${creator.handle}/posts/${post.id}`;
    const metadata = { kind: 'post', postId: post.id, buyerId: fan.userId };
    expect(sent.body).toMatchObject({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'usd',
            unit_amount: '4999',
            product_data: { name: 'Post by Ava Rose' },
          },
        },
      ],
      customer: expect.stringMatching(/^cus_/),
      client_reference_id: fan.userId,
      metadata,
      payment_intent_data: { metadata },
      success_url: `${page}?purchase=success`,
      cancel_url: `${page}?purchase=cancelled`,
    });
    // The fan's purchase customer carries their e-mail, which Checkout fills in.
    const customer = await stripe.customers.retrieve(String(sent.body.customer));
    expect(customer).toMatchObject({ email: fan.email, metadata: { buyerId: fan.userId } });

    // Asked again before paying: the open session, not a second one.
    expect((await checkout(live, fan, post.id)).json().url).toBe(url);
    expect(
      fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions'),
    ).toHaveLength(1);

    const { completed } = fake.completeCheckout(sessionIdOf(url), { mode: 'payment' });
    const together = await Promise.all(Array.from({ length: 5 }, () => deliver(completed)));
    expect(together.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (let i = 0; i < 5; i += 1) expect((await deliver(completed)).statusCode).toBe(200);

    expect(await purchasesOf(live, post.id)).toEqual([
      {
        buyer_id: fan.userId,
        amount_cents: 4999,
        fee_cents: 1000,
        net_cents: 3999,
        provider: 'stripe',
        checkout_id: sessionIdOf(url),
      },
    ]);
    const ledger = await ledgerOf(live, creator.account.userId);
    expect(
      ledger.entries.map((entry) => [entry.kind, entry.amount_cents, entry.pending_cents]),
    ).toEqual([['sale', 0, 3999]]);
    // The share waits out its hold before it can be paid out.
    const earnings = await earningsOf(live, creator.account);
    expect(earnings).toMatchObject({
      sales: 1,
      grossCents: 4999,
      feeCents: 1000,
      netCents: 3999,
      availableCents: 0,
      pendingCents: 3999,
      holdDays: EARNINGS_HOLD_DAYS,
      pending: [{ label: 'Golden hour', netCents: 3999, status: 'pending' }],
    });
    const [bought] = await rows<{ created_at: Date }>(
      live,
      'select created_at from post_purchases where post_id = $1',
      [post.id],
    );
    expect(
      new Date(earnings.pending[0]!.availableAt).getTime() - bought!.created_at.getTime(),
    ).toBe(EARNINGS_HOLD_DAYS * 86_400_000);

    const again = await checkout(live, fan, post.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(PUBLISHING_TEXTS.alreadyBought);
  });

  it("never hands another fan a link to the original; the buyer's links open it", async () => {
    const post = await seedPost(live, creator, { priceCents: 2500, caption: 'Locked' });
    const url: string = (await checkout(live, fan, post.id)).json().url;
    await deliver(fake.completeCheckout(sessionIdOf(url), { mode: 'payment' }).completed);

    const links = async (viewer: TTestAccount | null) => {
      const answers = await Promise.all(
        [
          `/api/public/pages/${creator.handle}`,
          `/api/public/pages/${creator.handle}/posts/${post.id}`,
          ...(viewer ? ['/api/purchases'] : []),
        ].map((path) => call(live, viewer, { method: 'GET', url: path })),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      return answers.flatMap((answer) => answer.body.match(/\/api\/files\/[^"\\]+/g) ?? []);
    };
    const bytesOf = async (link: string) => {
      const answer = await call(live, null, { method: 'GET', url: link });
      expect(answer.statusCode).toBe(200);
      return answer.rawPayload;
    };

    for (const viewer of [other, null]) {
      const seen = await links(viewer);
      expect(seen.length).toBeGreaterThan(0); // the blurred previews
      for (const link of seen) expect((await bytesOf(link)).equals(post.original)).toBe(false);
    }
    const bought = await Promise.all((await links(fan)).map(bytesOf));
    expect(bought.some((bytes) => bytes.equals(post.original))).toBe(true);
  });

  it('refunds the second of two paid checkouts of the same post, once, and books one sale', async () => {
    const post = await seedPost(live, creator, { priceCents: 2500 });
    const first = sessionIdOf((await checkout(live, other, post.id)).json().url);
    const firstPaid = fake.completeCheckout(first, { mode: 'payment' });
    // Paid, but its webhook is still on its way: the fan starts another checkout and pays it.
    const second = sessionIdOf((await checkout(live, other, post.id)).json().url);
    expect(second).not.toBe(first);
    const secondPaid = fake.completeCheckout(second, { mode: 'payment' });

    expect((await deliver(secondPaid.completed)).statusCode).toBe(200);
    expect((await deliver(firstPaid.completed)).statusCode).toBe(200);
    // Stripe retries later with a new event: no second refund.
    const retried = fake.event('checkout.session.completed', firstPaid.session);
    expect((await deliver(retried)).statusCode).toBe(200);

    const refunds = await stripe.refunds.list({ payment_intent: firstPaid.paymentIntent.id });
    expect(refunds.data).toEqual([
      expect.objectContaining({ amount: 2500, reason: 'duplicate', status: 'succeeded' }),
    ]);
    const kept = await stripe.refunds.list({ payment_intent: secondPaid.paymentIntent.id });
    expect(kept.data).toEqual([]);
    expect(await purchasesOf(live, post.id)).toEqual([
      expect.objectContaining({ buyer_id: other.userId, checkout_id: second, net_cents: 2000 }),
    ]);
  });

  it('books a delayed payment when it succeeds, not when the checkout completes', async () => {
    const post = await seedPost(live, creator, { priceCents: 333 });
    const id = sessionIdOf((await checkout(live, fan, post.id)).json().url);
    const { completed } = fake.completeCheckout(id, { mode: 'payment', delayed: true });
    expect((await deliver(completed)).statusCode).toBe(200);
    expect(await purchasesOf(live, post.id)).toEqual([]);

    const { succeeded } = fake.settleDelayedPayment(id);
    expect((await deliver(succeeded)).json()).toMatchObject({ outcome: 'handled' });
    expect(await purchasesOf(live, post.id)).toEqual([
      expect.objectContaining({ amount_cents: 333, fee_cents: 67, net_cents: 266 }),
    ]);
  });

  it('refuses the creator their own post, a free one and one not on a published page', async () => {
    const priced = await seedPost(live, creator, { priceCents: 5000 });
    const own = await checkout(live, creator.account, priced.id);
    expect([own.statusCode, own.json().error]).toEqual([400, PUBLISHING_TEXTS.ownPost]);

    const free = await seedPost(live, creator, { priceCents: 0 });
    const freeAnswer = await checkout(live, fan, free.id);
    expect([freeAnswer.statusCode, freeAnswer.json().error]).toEqual([
      400,
      PUBLISHING_TEXTS.freePost,
    ]);

    const hidden = await seedPost(live, await seller(live, creator.account, 'Hidden', false), {
      priceCents: 5000,
    });
    const scheduled = await seedPost(live, creator, { priceCents: 5000, status: 'scheduled' });
    for (const id of [hidden.id, scheduled.id, randomUUID(), 'not-a-post']) {
      const answer = await checkout(live, fan, id);
      expect([answer.statusCode, answer.json().error]).toEqual([
        404,
        PUBLISHING_TEXTS.postNotFound,
      ]);
    }
    const anonymous = await call(live, null, {
      method: 'POST',
      url: `/api/posts/${priced.id}/checkout`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

const sell = (ctx: TTestContext, postId: string, buyer: TTestAccount, amountCents: number) =>
  bookSale(ctx, postId, buyer, amountCents);

describe('payouts through Stripe Connect', () => {
  let creator: TSeller;

  beforeAll(async () => {
    const [creatorAccount, fan] = await Promise.all([
      registerAccount(live.app, 'payee'),
      registerAccount(live.app, 'fan'),
    ]);
    creator = await seller(live, creatorAccount!, 'Cleo');
    for (const price of [5000, 5000]) {
      await sell(live, (await seedPost(live, creator, { priceCents: price })).id, fan!, price);
    }
    await endHolds(live, creator.account.userId);
  }, 60_000);

  it(
    'connects an account, transfers to it once it is ready, and gives a refused transfer back once',
    SLOW,
    async () => {
      const { account } = creator;
      const needsAccount = await payout(live, account, { amountCents: 1000 });
      expect([needsAccount.statusCode, needsAccount.json().error]).toEqual([
        400,
        PUBLISHING_TEXTS.payoutAccountNeeded,
      ]);

      fake.requests.length = 0;
      const link = await call(live, account, {
        method: 'POST',
        url: '/api/earnings/payout-account',
      });
      expect(link.statusCode, link.body).toBe(200);
      expect(link.json().url.startsWith(fake.url)).toBe(true);
      const created = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/accounts')!;
      expect(created.body).toMatchObject({
        type: 'express',
        email: account.email,
        metadata: { workspaceId: account.userId },
        capabilities: { transfers: { requested: 'true' } },
      });
      const linked = fake.requests.find((r) => r.path === '/v1/account_links')!;
      expect(linked.body).toMatchObject({
        type: 'account_onboarding',
        refresh_url: `${live.config.PUBLIC_URL}/earnings?payouts=refresh`,
        return_url: `${live.config.PUBLIC_URL}/earnings?payouts=return`,
      });
      const accountId = String(linked.body.account);

      // A second link (the creator left onboarding and comes back) reuses the account.
      const relinked = await call(live, account, {
        method: 'POST',
        url: '/api/earnings/payout-account',
      });
      expect(relinked.statusCode).toBe(200);
      expect(fake.requests.filter((r) => r.path === '/v1/accounts')).toHaveLength(1);

      expect((await earningsOf(live, account)).payoutAccount).toEqual({
        testMode: false,
        connected: true,
        ready: false,
      });
      const notReady = await payout(live, account, { amountCents: 1000 });
      expect(notReady.json().error).toBe(PUBLISHING_TEXTS.payoutAccountNeeded);

      const { updated } = fake.finishOnboarding(accountId);
      expect((await deliver(updated)).json()).toMatchObject({ outcome: 'handled' });
      const [stored] = await rows<{ transfers_active: boolean; details_submitted: boolean }>(
        live,
        'select transfers_active, details_submitted from payout_accounts where workspace_id = $1',
        [account.userId],
      );
      expect(stored).toEqual({ transfers_active: true, details_submitted: true });

      const paid = await payout(live, account, { amountCents: 2500 });
      expect(paid.statusCode, paid.body).toBe(200);
      const afterPaid: TEarnings = paid.json().earnings;
      expect(afterPaid).toMatchObject({
        netCents: 8000,
        paidOutCents: 2500,
        availableCents: 5500,
        payoutAccount: { testMode: false, connected: true, ready: true },
      });
      expect(afterPaid.payouts).toEqual([
        expect.objectContaining({ amountCents: 2500, status: 'paid', provider: 'stripe' }),
      ]);
      const payoutId = afterPaid.payouts[0]!.id;
      const transfers = await stripe.transfers.list({ destination: accountId });
      expect(transfers.data).toEqual([
        expect.objectContaining({
          amount: 2500,
          currency: 'usd',
          metadata: expect.objectContaining({ payoutId }),
        }),
      ]);
      const transferRequest = fake.requests.find((r) => r.path === '/v1/transfers')!;
      expect(transferRequest.headers['idempotency-key']).toBe(`muse-payout-${payoutId}`);

      fake.failNextTransfer();
      const refused = await payout(live, account); // the whole balance
      expect([refused.statusCode, refused.json().error]).toEqual([
        502,
        PUBLISHING_TEXTS.payoutFailed,
      ]);
      const afterRefused = await earningsOf(live, account);
      expect(afterRefused).toMatchObject({ paidOutCents: 2500, availableCents: 5500 });
      expect(afterRefused.payouts.map((p) => [p.amountCents, p.status])).toEqual([
        [5500, 'failed'],
        [2500, 'paid'],
      ]);
      const failedId = afterRefused.payouts[0]!.id;
      const ledger = await ledgerOf(live, account.userId);
      expect(
        ledger.entries
          .filter((entry) => entry.payout_id === failedId)
          .map((e) => [e.kind, e.amount_cents]),
      ).toEqual([
        ['payout', -5500],
        ['payout-reversal', 5500],
      ]);
      expect(ledger.available).toBe(5500);
      expect((await stripe.transfers.list({ destination: accountId })).data).toHaveLength(1);
    },
  );

  it('settles a payout left pending by an unknown outcome in the scheduled task, not on a read', async () => {
    const { account } = creator;
    const before = await earningsOf(live, account);
    expect(before.payoutAccount.ready).toBe(true);
    // A payout request that stopped after booking, before Stripe answered, minutes ago.
    const [pending] = await rows<{ id: string }>(
      live,
      `insert into payouts (workspace_id, amount_cents, status, provider, created_at)
       values ($1, 1200, 'pending', 'stripe', now() - interval '10 minutes') returning id`,
      [account.userId],
    );
    await live.database.pool.query(
      `insert into earnings_entries (workspace_id, kind, amount_cents, payout_id) values ($1, 'payout', -1200, $2)`,
      [account.userId, pending!.id],
    );
    await live.database.pool.query(
      'update earnings_balances set available_cents = available_cents - 1200 where workspace_id = $1',
      [account.userId],
    );
    const transfersOf = async () =>
      (await stripe.transfers.list({ transfer_group: `muse-payout-${pending!.id}` })).data;

    // The read shows it on its way and sends nothing.
    const read = await earningsOf(live, account);
    expect(read.payouts.find((p) => p.id === pending!.id)).toMatchObject({ status: 'pending' });
    expect(await transfersOf()).toEqual([]);

    const context = { db: live.database.db, stripe: new StripeGateway(live.config) };
    expect(await settleEarnings(context)).toMatchObject({ payoutsSettled: 1 });
    const after = await earningsOf(live, account);
    expect(after.payouts.find((p) => p.id === pending!.id)).toMatchObject({ status: 'paid' });
    expect(after.availableCents).toBe(before.availableCents - 1200);
    expect(after.availableCents).toBe(after.netCents - after.paidOutCents);
    expect(await transfersOf()).toEqual([expect.objectContaining({ amount: 1200 })]);
    // Run again: settled once.
    expect(await settleEarnings(context)).toMatchObject({ payoutsSettled: 0 });
    expect(await transfersOf()).toHaveLength(1);
  });
});

describe('the TEST MODE checkout of a post', () => {
  let creator: TSeller;
  let fan: TTestAccount;
  let second: TTestAccount;

  beforeAll(async () => {
    const [creatorAccount, fanAccount, secondAccount] = await Promise.all([
      registerAccount(offline.app, 'creator'),
      registerAccount(offline.app, 'fan'),
      registerAccount(offline.app, 'fan'),
    ]);
    creator = await seller(offline, creatorAccount!, 'Mia Lane');
    fan = fanAccount!;
    second = secondAccount!;
  }, 60_000);

  it('books through the same function as the webhook, once for a double click on Pay', async () => {
    const post = await seedPost(offline, creator, { priceCents: 4999, caption: 'Blue hour' });
    const started = await checkout(offline, fan, post.id);
    expect(started.statusCode, started.body).toBe(200);
    const url: string = started.json().url;
    expect(url).toMatch(/^\/checkout\/test\/cs_test_[\w-]+$/);
    expect((await checkout(offline, fan, post.id)).json().url).toBe(url);
    const id = sessionIdOf(url);

    const shown = await call(offline, fan, {
      method: 'GET',
      url: `/api/payments/test-checkout/${id}`,
    });
    expect(shown.json().session).toEqual({
      id,
      plan: null,
      billing: null,
      post: {
        id: post.id,
        caption: 'Blue hour',
        influencerName: 'Mia Lane',
        handle: creator.handle,
      },
      amountCents: 4999,
      status: 'open',
      email: fan.email,
    });

    const pay = () =>
      call(offline, fan, { method: 'POST', url: `/api/payments/test-checkout/${id}/pay` });
    const clicks = await Promise.all([pay(), pay()]);
    const success = `/i/${creator.handle}/posts/${post.id}?purchase=success`;
    expect(clicks.map((answer) => [answer.statusCode, answer.json().url])).toEqual([
      [200, success],
      [200, success],
    ]);
    expect((await pay()).json().url).toBe(success);

    expect(await purchasesOf(offline, post.id)).toEqual([
      {
        buyer_id: fan.userId,
        amount_cents: 4999,
        fee_cents: 1000,
        net_cents: 3999,
        provider: 'test',
        checkout_id: id,
      },
    ]);
    const ledger = await ledgerOf(offline, creator.account.userId);
    expect(ledger.entries.map((entry) => [entry.kind, entry.pending_cents])).toEqual([
      ['sale', 3999],
    ]);
    const again = await checkout(offline, fan, post.id);
    expect([again.statusCode, again.json().error]).toEqual([409, PUBLISHING_TEXTS.alreadyBought]);

    const own = await checkout(offline, creator.account, post.id);
    expect([own.statusCode, own.json().error]).toEqual([400, PUBLISHING_TEXTS.ownPost]);
  });

  it('returns to the post on cancel, and a cancelled checkout cannot be paid', async () => {
    const post = await seedPost(offline, creator, { priceCents: 1500 });
    const id = sessionIdOf((await checkout(offline, second, post.id)).json().url);
    const cancelled = await call(offline, second, {
      method: 'POST',
      url: `/api/payments/test-checkout/${id}/cancel`,
    });
    expect(cancelled.json().url).toBe(`/i/${creator.handle}/posts/${post.id}?purchase=cancelled`);
    const paid = await call(offline, second, {
      method: 'POST',
      url: `/api/payments/test-checkout/${id}/pay`,
    });
    expect(paid.statusCode).toBe(400);
    expect(await purchasesOf(offline, post.id)).toEqual([]);
  });

  it('"refunds" an older checkout paid after a newer one, and books one sale', async () => {
    const post = await seedPost(offline, creator, { priceCents: 2000 });
    const older = sessionIdOf((await checkout(offline, second, post.id)).json().url);
    // The creator changes the price: the next checkout is a new one, at the new price.
    await offline.database.pool.query('update posts set price_cents = 2200 where id = $1', [
      post.id,
    ]);
    const newer = sessionIdOf((await checkout(offline, second, post.id)).json().url);
    expect(newer).not.toBe(older);

    const pay = (id: string) =>
      call(offline, second, { method: 'POST', url: `/api/payments/test-checkout/${id}/pay` });
    expect((await pay(newer)).json().url).toMatch(/\?purchase=success$/);
    expect((await pay(older)).json().url).toBe(`/checkout/test/${older}`);
    const shown = await call(offline, second, {
      method: 'GET',
      url: `/api/payments/test-checkout/${older}`,
    });
    expect(shown.json().session.status).toBe('refunded');
    expect(await purchasesOf(offline, post.id)).toEqual([
      expect.objectContaining({ amount_cents: 2200, checkout_id: newer }),
    ]);
  });
});

describe('earnings and TEST MODE payouts', () => {
  let creator: TTestAccount;
  let fan: TTestAccount;
  const longCaption =
    'A walk through the old town at dawn, before the first trams and the first tourists arrive';

  beforeAll(async () => {
    [creator, fan] = (await Promise.all([
      registerAccount(offline.app, 'earner'),
      registerAccount(offline.app, 'fan'),
    ])) as [TTestAccount, TTestAccount];
    const ava = await seller(offline, creator, 'Ava');
    const bea = await seller(offline, creator, 'Bea');
    const sold = [
      [ava, 4999, longCaption],
      [ava, 101, ''],
      [bea, 5000, 'Studio'],
      [bea, 333, 'Rain'],
    ] as const;
    // Bought the way a fan buys: the TEST MODE checkout, paid.
    for (const [by, priceCents, caption] of sold) {
      const post = await seedPost(offline, by, { priceCents, caption });
      const id = sessionIdOf((await checkout(offline, fan, post.id)).json().url);
      const paid = await call(offline, fan, {
        method: 'POST',
        url: `/api/payments/test-checkout/${id}/pay`,
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    await endHolds(offline, creator.userId);
  }, 60_000);

  it('adds up to the cent over odd prices, by post and by influencer', async () => {
    const earnings = await earningsOf(offline, creator);
    const prices = [4999, 101, 5000, 333];
    const fees = prices.map(museFeeCents);
    expect(fees).toEqual([1000, 20, 1000, 67]);
    expect(earnings).toMatchObject({
      feePercent: 20,
      sales: 4,
      grossCents: 10433,
      feeCents: 2087,
      netCents: 8346,
      paidOutCents: 0,
      availableCents: 8346,
      payouts: [],
      payoutAccount: { testMode: true, connected: false, ready: true },
    });
    const line = (label: string | RegExp, gross: number) => ({
      id: expect.any(String),
      label: typeof label === 'string' ? label : expect.stringMatching(label),
      sales: 1,
      grossCents: gross,
      feeCents: museFeeCents(gross),
      netCents: gross - museFeeCents(gross),
    });
    expect(earnings.byPost).toEqual([
      line('Studio', 5000),
      line(longCaption.slice(0, 60).trimEnd(), 4999),
      line('Rain', 333),
      line(/^Post of [A-Z][a-z]{2} \d{1,2}, \d{4}$/, 101),
    ]);
    expect(earnings.byInfluencer).toEqual([
      {
        id: expect.any(String),
        label: 'Bea',
        sales: 2,
        grossCents: 5333,
        feeCents: 1067,
        netCents: 4266,
      },
      {
        id: expect.any(String),
        label: 'Ava',
        sales: 2,
        grossCents: 5100,
        feeCents: 1020,
        netCents: 4080,
      },
    ]);
    for (const lines of [earnings.byPost, earnings.byInfluencer]) {
      for (const key of ['sales', 'grossCents', 'feeCents', 'netCents'] as const) {
        expect(lines.reduce((sum, l) => sum + l[key], 0)).toBe(earnings[key]);
      }
    }
    expect(earnings.grossCents - earnings.feeCents).toBe(earnings.netCents);

    // The fan sold nothing.
    expect(await earningsOf(offline, fan)).toMatchObject({
      sales: 0,
      netCents: 0,
      availableCents: 0,
    });
  });

  it(
    'pays out in TEST MODE: at least $10, at most the balance, and never below zero at once',
    SLOW,
    async () => {
      const refusedWith = async (payload: object | undefined, text: string) => {
        const answer = await payout(offline, creator, payload);
        expect([answer.statusCode, answer.json().error]).toEqual([400, text]);
      };
      await refusedWith({ amountCents: 999 }, PUBLISHING_TEXTS.payoutTooSmall);
      await refusedWith({ amountCents: 0 }, PUBLISHING_TEXTS.payoutTooSmall);
      await refusedWith({ amountCents: -5000 }, PUBLISHING_TEXTS.payoutTooSmall);
      await refusedWith({ amountCents: 8347 }, PUBLISHING_TEXTS.payoutTooLarge);
      const account = await call(offline, creator, {
        method: 'POST',
        url: '/api/earnings/payout-account',
      });
      expect(account.statusCode).toBe(400);

      const paid = await payout(offline, creator, { amountCents: 1000 });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().earnings).toMatchObject({
        paidOutCents: 1000,
        availableCents: 7346,
        payouts: [{ amountCents: 1000, status: 'paid', provider: 'test' }],
      });

      const together = await Promise.all(
        Array.from({ length: 5 }, () => payout(offline, creator, { amountCents: 3000 })),
      );
      expect(together.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
      const refused = together.filter((answer) => answer.statusCode !== 200);
      expect(refused.map((answer) => [answer.statusCode, answer.json().error])).toEqual(
        Array(3).fill([400, PUBLISHING_TEXTS.payoutTooLarge]),
      );
      expect((await ledgerOf(offline, creator.userId)).available).toBe(1346);

      const rest = await payout(offline, creator); // the whole balance
      expect(rest.json().earnings).toMatchObject({ availableCents: 0, paidOutCents: 8346 });
      await refusedWith(undefined, PUBLISHING_TEXTS.payoutTooSmall);

      const earnings = await earningsOf(offline, creator);
      expect(earnings.payouts.map((p) => p.amountCents)).toEqual([1346, 3000, 3000, 1000]);
      expect(earnings.availableCents).toBe(earnings.netCents - earnings.paidOutCents);
      const ledger = await ledgerOf(offline, creator.userId);
      expect(ledger.entries.filter((entry) => entry.kind === 'payout')).toHaveLength(4);
    },
  );
});
