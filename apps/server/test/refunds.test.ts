import { EARNINGS_HOLD_DAYS, PUBLISHING_TEXTS } from '@muse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { StripeGateway } from '../src/modules/payments/stripe-gateway';
import { refundRemovedPurchase } from '../src/modules/sales/removal-refunds';
import { settleEarnings } from '../src/modules/sales/settlement';
import { registerAccount, type TTestAccount } from './accounts';
import { createPaymentApps, type TTestContext } from './app';
import { type TFakeStripe } from './fakes/stripe';
import {
  call,
  checkout,
  deliverTo,
  earningsOf,
  endHolds,
  ledgerOf,
  payout,
  rows,
  seedPost,
  seller,
  sessionIdOf,
  type TSeller,
} from './sales-helpers';

/*
 * Refunds and disputes of pay-per-view sales, and the hold on new earnings
 * (docs/product/publishing.md, "Refunds, disputes and the hold";
 * docs/decisions/0038-refunds-disputes-and-held-earnings.md): Stripe's events from the fake
 * Stripe, signed as Stripe signs them, delivered again, at once and out of order.
 */

const SLOW = { timeout: 90_000 };

let fake: TFakeStripe;
let live: TTestContext;
let offline: TTestContext;

beforeAll(async () => {
  ({ fake, live, offline } = await createPaymentApps());
});

const deliver = (delivery: { payload: string; signature: string }) => deliverTo(live, delivery);

/** Delivers each event `times` times, the first few at once, and expects each to be taken. */
async function deliverRepeatedly(delivery: { payload: string; signature: string }, times = 4) {
  const together = await Promise.all(Array.from({ length: times }, () => deliver(delivery)));
  for (const answer of together) expect(answer.statusCode, answer.body).toBe(200);
  expect((await deliver(delivery)).statusCode).toBe(200);
}

/** A fan buys the post on Stripe Checkout; the webhook books it. Its PaymentIntent's id. */
async function buyWithStripe(fan: TTestAccount, postId: string): Promise<string> {
  const started = await checkout(live, fan, postId);
  expect(started.statusCode, started.body).toBe(200);
  const paid = fake.completeCheckout(sessionIdOf(started.json().url), { mode: 'payment' });
  expect((await deliver(paid.completed)).json()).toMatchObject({ outcome: 'handled' });
  return paid.paymentIntent.id;
}

const statusOf = async (ctx: TTestContext, postId: string, buyerId: string) =>
  (
    await rows<{ status: string }>(
      ctx,
      'select status from post_purchases where post_id = $1 and buyer_id = $2 order by created_at',
      [postId, buyerId],
    )
  ).map((row) => row.status);

/** Whether the fan sees the post unlocked, and lists it under their purchases. */
async function fanHas(fan: TTestAccount, by: TSeller, postId: string) {
  const answer = await call(live, fan, {
    method: 'GET',
    url: `/api/public/pages/${by.handle}/posts/${postId}`,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const purchases = await call(live, fan, { method: 'GET', url: '/api/purchases' });
  const listed = purchases
    .json()
    .purchases.some((purchase: { post: { id: string } }) => purchase.post.id === postId);
  return { unlocked: answer.json().post.locked === false, listed };
}

describe('refunds and disputes of a post sold through Stripe', () => {
  let creator: TSeller;
  let fan: TTestAccount;

  beforeAll(async () => {
    const [creatorAccount, fanAccount] = await Promise.all([
      registerAccount(live.app, 'creator'),
      registerAccount(live.app, 'fan'),
    ]);
    creator = await seller(live, creatorAccount!, 'Ava Rose');
    fan = fanAccount!;
    // A payout account that can receive transfers.
    const link = await call(live, creator.account, {
      method: 'POST',
      url: '/api/earnings/payout-account',
    });
    expect(link.statusCode, link.body).toBe(200);
    const [payoutAccount] = await rows<{ stripe_account_id: string }>(
      live,
      'select stripe_account_id from payout_accounts where workspace_id = $1',
      [creator.account.userId],
    );
    await deliver(fake.finishOnboarding(payoutAccount!.stripe_account_id).updated);
  }, 60_000);

  it(
    'a refund in the hold revokes the purchase and takes the share from pending, once however delivered',
    SLOW,
    async () => {
      const post = await seedPost(live, creator, { priceCents: 5000, caption: 'Refunded one' });
      const intent = await buyWithStripe(fan, post.id);
      expect(await fanHas(fan, creator, post.id)).toEqual({ unlocked: true, listed: true });
      const before = await earningsOf(live, creator.account);

      const { refunded, refund } = fake.refundPayment(intent);
      await deliverRepeatedly(refunded);
      // Stripe sends the event again later, under a new id.
      await deliverRepeatedly(
        fake.event('charge.refunded', { id: String(refund.charge), object: 'charge' }),
        2,
      );

      expect(await statusOf(live, post.id, fan.userId)).toEqual(['refunded']);
      expect(await fanHas(fan, creator, post.id)).toEqual({ unlocked: false, listed: false });
      const after = await earningsOf(live, creator.account);
      expect(after.pendingCents).toBe(before.pendingCents - 4000);
      expect(after.refundedCents).toBe(before.refundedCents + 4000);
      expect(after.availableCents).toBe(before.availableCents);
      expect(after.pending.map((sale) => sale.label)).not.toContain('Refunded one');
      const ledger = await ledgerOf(live, creator.account.userId);
      const [purchase] = await rows<{ id: string }>(
        live,
        'select id from post_purchases where post_id = $1',
        [post.id],
      );
      expect(
        ledger.entries
          .filter((entry) => entry.purchase_id === purchase!.id)
          .map((entry) => [entry.kind, entry.amount_cents, entry.pending_cents, entry.owed_cents]),
      ).toEqual([
        ['sale', 0, 4000, 0],
        ['refund', 0, -4000, 0],
      ]);

      // Refunded, the fan may buy the post again.
      const again = await checkout(live, fan, post.id);
      expect(again.statusCode, again.body).toBe(200);
    },
  );

  it(
    'a refund of money already paid out leaves the balance at zero and is owed, paid from the next earnings',
    SLOW,
    async () => {
      const { account } = creator;
      const sold = await seedPost(live, creator, { priceCents: 5000, caption: 'Paid out' });
      const intent = await buyWithStripe(fan, sold.id);
      await endHolds(live, account.userId);
      const all = await payout(live, account); // everything available
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().earnings.availableCents).toBe(0);

      await deliverRepeatedly(fake.refundPayment(intent).refunded);
      const owing = await earningsOf(live, account);
      expect(owing).toMatchObject({ availableCents: 0, owedCents: 4000 });
      const tooMuch = await payout(live, account, { amountCents: 1000 });
      expect([tooMuch.statusCode, tooMuch.json().error]).toEqual([
        400,
        PUBLISHING_TEXTS.payoutTooLarge,
      ]);

      // The next sales pay it back before anything becomes available again.
      const next = await seedPost(live, creator, { priceCents: 2500, caption: 'Next one' });
      await buyWithStripe(fan, next.id);
      await endHolds(live, account.userId);
      expect(await earningsOf(live, account)).toMatchObject({ availableCents: 0, owedCents: 2000 });
      const third = await seedPost(live, creator, { priceCents: 5000, caption: 'Third one' });
      await buyWithStripe(fan, third.id);
      await endHolds(live, account.userId);
      const repaid = await earningsOf(live, account);
      expect(repaid).toMatchObject({ availableCents: 2000, owedCents: 0 });
      expect(
        repaid.availableCents + repaid.pendingCents + repaid.heldCents - repaid.owedCents,
      ).toBe(repaid.netCents - repaid.refundedCents - repaid.paidOutCents);
      // The scheduled task books the releases the read showed.
      await settleEarnings({ db: live.database.db, stripe: null });
      const ledger = await ledgerOf(live, account.userId);
      expect(ledger).toMatchObject({ available: 2000, owed: 0 });
      expect(await earningsOf(live, account)).toEqual(repaid);
    },
  );

  it(
    'a dispute holds the share; won, it is back; lost, it is taken and the purchase revoked',
    SLOW,
    async () => {
      const { account } = creator;
      const won = await seedPost(live, creator, { priceCents: 5000, caption: 'Disputed, won' });
      const wonIntent = await buyWithStripe(fan, won.id);
      await endHolds(live, account.userId);
      const before = await earningsOf(live, account);

      const opened = fake.openDispute(wonIntent);
      await deliverRepeatedly(opened.created);
      const held = await earningsOf(live, account);
      expect(held.heldCents).toBe(before.heldCents + 4000);
      expect(held.availableCents).toBe(before.availableCents - 4000);
      expect(held.pending).toContainEqual(
        expect.objectContaining({ label: 'Disputed, won', status: 'disputed', netCents: 4000 }),
      );
      // Held money cannot be paid out.
      const tooMuch = await payout(live, account, { amountCents: before.availableCents });
      expect(tooMuch.json().error).toBe(PUBLISHING_TEXTS.payoutTooLarge);
      expect(await fanHas(fan, creator, won.id)).toEqual({ unlocked: true, listed: true });

      await deliverRepeatedly(fake.closeDispute(opened.dispute.id, 'won').closed);
      const released = await earningsOf(live, account);
      expect(released).toMatchObject({
        heldCents: before.heldCents,
        availableCents: before.availableCents,
        refundedCents: before.refundedCents,
      });
      expect(await statusOf(live, won.id, fan.userId)).toEqual(['available']);

      const lost = await seedPost(live, creator, { priceCents: 2500, caption: 'Disputed, lost' });
      const lostIntent = await buyWithStripe(fan, lost.id);
      const lostDispute = fake.openDispute(lostIntent);
      await deliverRepeatedly(lostDispute.created);
      expect((await earningsOf(live, account)).heldCents).toBe(before.heldCents + 2000);
      await deliverRepeatedly(fake.closeDispute(lostDispute.dispute.id, 'lost').closed);
      const after = await earningsOf(live, account);
      expect(after).toMatchObject({
        heldCents: before.heldCents,
        pendingCents: before.pendingCents,
        availableCents: before.availableCents,
        refundedCents: before.refundedCents + 2000,
      });
      expect(await statusOf(live, lost.id, fan.userId)).toEqual(['lost']);
      expect(await fanHas(fan, creator, lost.id)).toEqual({ unlocked: false, listed: false });
      await ledgerOf(live, account.userId);
    },
  );

  it('settles a dispute whose close arrives before its opening, once', SLOW, async () => {
    const { account } = creator;
    const post = await seedPost(live, creator, { priceCents: 3000, caption: 'Out of order' });
    const intent = await buyWithStripe(fan, post.id);
    const before = await earningsOf(live, account);
    const opened = fake.openDispute(intent);
    const closed = fake.closeDispute(opened.dispute.id, 'lost').closed;

    await deliverRepeatedly(closed);
    await deliverRepeatedly(opened.created);
    expect(await statusOf(live, post.id, fan.userId)).toEqual(['lost']);
    const after = await earningsOf(live, account);
    expect(after).toMatchObject({
      pendingCents: before.pendingCents - 2400,
      heldCents: before.heldCents,
      refundedCents: before.refundedCents + 2400,
    });
    const ledger = await ledgerOf(live, account.userId);
    const [purchase] = await rows<{ id: string }>(
      live,
      'select id from post_purchases where post_id = $1',
      [post.id],
    );
    expect(
      ledger.entries.filter((entry) => entry.purchase_id === purchase!.id).map((e) => e.kind),
    ).toEqual(['sale', 'dispute-lost']);
  });

  it(
    'a partial refund takes back the creator’s share of it and keeps the purchase',
    SLOW,
    async () => {
      const { account } = creator;
      const post = await seedPost(live, creator, { priceCents: 5000, caption: 'Partly refunded' });
      const intent = await buyWithStripe(fan, post.id);
      const before = await earningsOf(live, account);

      await deliverRepeatedly(fake.refundPayment(intent, { amount: 1000 }).refunded);
      expect(await statusOf(live, post.id, fan.userId)).toEqual(['pending']);
      expect(await fanHas(fan, creator, post.id)).toEqual({ unlocked: true, listed: true });
      const partly = await earningsOf(live, account);
      // $10 of $50 back: a fifth of the creator's $40.
      expect(partly.refundedCents).toBe(before.refundedCents + 800);
      expect(partly.pendingCents).toBe(before.pendingCents - 800);
      expect(partly.pending).toContainEqual(
        expect.objectContaining({ label: 'Partly refunded', netCents: 3200 }),
      );

      await deliverRepeatedly(fake.refundPayment(intent).refunded);
      expect(await statusOf(live, post.id, fan.userId)).toEqual(['refunded']);
      const after = await earningsOf(live, account);
      expect(after.refundedCents).toBe(before.refundedCents + 4000);
      expect(after.pendingCents).toBe(before.pendingCents - 4000);
      await ledgerOf(live, account.userId);
    },
  );

  it(
    'leaves the sale alone when Muse refunds a second payment of the same post',
    SLOW,
    async () => {
      const other = await registerAccount(live.app, 'fan');
      const post = await seedPost(live, creator, { priceCents: 2000, caption: 'Paid twice' });
      const first = sessionIdOf((await checkout(live, other, post.id)).json().url);
      const firstPaid = fake.completeCheckout(first, { mode: 'payment' });
      const second = sessionIdOf((await checkout(live, other, post.id)).json().url);
      const secondPaid = fake.completeCheckout(second, { mode: 'payment' });
      await deliver(secondPaid.completed);
      await deliver(firstPaid.completed); // refunded by Muse: the fan owned the post already
      const before = await earningsOf(live, creator.account);

      // Stripe reports Muse's own refund of the duplicate.
      const charge = String(firstPaid.paymentIntent.latest_charge);
      await deliverRepeatedly(fake.event('charge.refunded', { id: charge, object: 'charge' }));
      expect(await statusOf(live, post.id, other.userId)).toEqual(['pending']);
      expect(await earningsOf(live, creator.account)).toMatchObject({
        pendingCents: before.pendingCents,
        refundedCents: before.refundedCents,
      });
      const forged = fake.event('charge.refunded', { id: charge, object: 'charge' });
      const refused = await deliver({
        ...forged,
        signature: forged.signature.replace(/v1=\w+/, 'v1=00'),
      });
      expect([refused.statusCode, refused.json().error]).toEqual([400, 'Invalid Stripe signature']);
    },
  );

  it(
    'refunds a post Muse removed through Stripe in full, once however often the refund runs',
    SLOW,
    async () => {
      const buyer = await registerAccount(live.app, 'fan');
      const post = await seedPost(live, creator, { priceCents: 3000, caption: 'Removed one' });
      const intent = await buyWithStripe(buyer, post.id);
      const [purchase] = await rows<{ id: string }>(
        live,
        'select id from post_purchases where post_id = $1 and buyer_id = $2',
        [post.id, buyer.userId],
      );
      const before = await earningsOf(live, creator.account);
      const stripe = new StripeGateway(live.config);

      // The queue's task, run twice as a retry would: one refund at Stripe, booked once.
      expect(await refundRemovedPurchase(live.database.db, stripe, purchase!.id)).toBe(true);
      expect(await refundRemovedPurchase(live.database.db, stripe, purchase!.id)).toBe(true);
      const refunds = await stripe.client.refunds.list({ payment_intent: intent });
      expect(refunds.data.map((refund) => refund.amount)).toEqual([3000]);
      expect(refunds.data[0]!.metadata).toMatchObject({ removedByMuse: 'true' });
      expect(await statusOf(live, post.id, buyer.userId)).toEqual(['refunded']);
      const after = await earningsOf(live, creator.account);
      expect(after.pendingCents).toBe(before.pendingCents - 2400);
      expect(after.refundedCents).toBe(before.refundedCents + 2400);

      // Stripe's own event for that refund changes nothing more.
      const charge = String(refunds.data[0]!.charge);
      await deliverRepeatedly(fake.event('charge.refunded', { id: charge, object: 'charge' }), 2);
      expect(await statusOf(live, post.id, buyer.userId)).toEqual(['refunded']);
      expect((await earningsOf(live, creator.account)).refundedCents).toBe(after.refundedCents);
    },
  );
});

describe('the hold on new earnings (TEST MODE)', () => {
  let creator: TTestAccount;
  let fan: TTestAccount;

  beforeAll(async () => {
    [creator, fan] = (await Promise.all([
      registerAccount(offline.app, 'holder'),
      registerAccount(offline.app, 'fan'),
    ])) as [TTestAccount, TTestAccount];
  }, 60_000);

  it(
    'keeps a sale pending for the hold period; payouts take only what became available',
    SLOW,
    async () => {
      const by = await seller(offline, creator, 'Nora');
      const prices = [5000, 2500];
      for (const priceCents of prices) {
        const post = await seedPost(offline, by, { priceCents, caption: `At ${priceCents}` });
        const id = sessionIdOf((await checkout(offline, fan, post.id)).json().url);
        const paid = await call(offline, fan, {
          method: 'POST',
          url: `/api/payments/test-checkout/${id}/pay`,
        });
        expect(paid.statusCode, paid.body).toBe(200);
      }
      const pending = await earningsOf(offline, creator);
      expect(pending).toMatchObject({
        netCents: 6000,
        availableCents: 0,
        pendingCents: 6000,
        holdDays: EARNINGS_HOLD_DAYS,
      });
      const nothing = await payout(offline, creator, { amountCents: 1000 });
      expect([nothing.statusCode, nothing.json().error]).toEqual([
        400,
        PUBLISHING_TEXTS.payoutTooLarge,
      ]);

      // The first sale's hold ends (its time set in the past), the second's not yet.
      await offline.database.pool.query(
        `update post_purchases set available_at = now() - interval '1 minute'
          where workspace_id = $1 and amount_cents = 5000`,
        [creator.userId],
      );
      const half = await earningsOf(offline, creator);
      expect(half).toMatchObject({ availableCents: 4000, pendingCents: 2000 });
      expect(half.pending).toEqual([
        expect.objectContaining({ label: 'At 2500', netCents: 2000, status: 'pending' }),
      ]);
      const whole = await payout(offline, creator);
      expect(whole.statusCode, whole.body).toBe(200);
      expect(whole.json().earnings).toMatchObject({
        paidOutCents: 4000,
        availableCents: 0,
        pendingCents: 2000,
      });
      const more = await payout(offline, creator, { amountCents: 1000 });
      expect(more.json().error).toBe(PUBLISHING_TEXTS.payoutTooLarge);
      await ledgerOf(offline, creator.userId);
    },
  );
});
