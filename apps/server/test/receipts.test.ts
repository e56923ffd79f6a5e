import { beforeAll, describe, expect, it } from 'vitest';
import { advanceTestSubscriptions } from '../src/modules/billing/subscriptions';
import { ensureStripeCatalogue } from '../src/modules/billing/stripe-setup';
import { mailbox, startMailWorker, waitForMail, type TMail } from './account-mail';
import { registerAccount, type TTestAccount } from './accounts';
import { createPaymentApps, type TTestContext } from './app';
import { stripeClientFor, type TFakeStripe } from './fakes/stripe';
import { call, checkout, deliverTo, seedPost, seller, sessionIdOf } from './sales-helpers';

/*
 * Receipts (docs/product/plans-and-credits.md, "Receipts"): one mail per payment, for what was
 * charged, through the local mailbox, however often Stripe delivers the payment's events.
 */

const SLOW = { timeout: 90_000 };
const DAY = 86_400_000;

let fake: TFakeStripe;
let live: TTestContext;
let offline: TTestContext;

beforeAll(async () => {
  ({ fake, live, offline } = await createPaymentApps());
  await ensureStripeCatalogue(stripeClientFor(fake));
  await Promise.all([startMailWorker(live), startMailWorker(offline)]);
});

const deliver = (delivery: { payload: string; signature: string }) => deliverTo(live, delivery);

async function deliverRepeatedly(delivery: { payload: string; signature: string }, times = 5) {
  const together = await Promise.all(Array.from({ length: times }, () => deliver(delivery)));
  for (const answer of together) expect(answer.statusCode, answer.body).toBe(200);
  for (let i = 0; i < 2; i += 1) expect((await deliver(delivery)).statusCode).toBe(200);
}

/** Waits until no receipt waits in the queue: every one was sent. */
async function receiptsSent(ctx: TTestContext): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { rows } = await ctx.database.pool.query(
      `select count(*)::int as waiting from graphile_worker._private_jobs j
         join graphile_worker._private_tasks t on t.id = j.task_id
        where t.identifier = 'send-receipt'`,
    );
    if (rows[0].waiting === 0) return;
    expect(Date.now(), 'the receipts queue drains').toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The only receipt mail to `email` with `subject`, once every queued receipt was sent. */
async function onlyReceipt(ctx: TTestContext, email: string, subject: string): Promise<TMail> {
  await waitForMail(ctx, email, subject);
  await receiptsSent(ctx);
  const found = (await mailbox(ctx, email)).filter((mail) => mail.subject === subject);
  expect(found).toHaveLength(1);
  return found[0]!;
}

const today = () =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date());

describe('receipts of pay-per-view posts', () => {
  it(
    'mails the fan one receipt for a Stripe purchase, whatever the webhook deliveries',
    SLOW,
    async () => {
      const [creatorAccount, fan] = (await Promise.all([
        registerAccount(live.app, 'creator'),
        registerAccount(live.app, 'fan'),
      ])) as [TTestAccount, TTestAccount];
      const by = await seller(live, creatorAccount, 'Ava Rose');
      const post = await seedPost(live, by, { priceCents: 4999, caption: 'Golden hour' });
      const started = await checkout(live, fan, post.id);
      const paid = fake.completeCheckout(sessionIdOf(started.json().url), { mode: 'payment' });
      await deliverRepeatedly(paid.completed);
      await deliverRepeatedly(fake.event('checkout.session.completed', paid.session), 2);

      const receipt = await onlyReceipt(live, fan.email, 'Your Muse receipt: Post by Ava Rose');
      const postUrl = `${live.config.PUBLIC_URL}/i/${by.handle}/posts/${post.id}`;
      expect(receipt.text).toContain('Post by Ava Rose');
      expect(receipt.text).toContain('$49.99 USD');
      expect(receipt.text).toContain(today());
      expect(receipt.text).toContain('Stripe (card or PayPal)');
      expect(receipt.text).toMatch(/Receipt number\s+MUSE-[0-9A-F]{10}/);
      expect(receipt.text).toContain(live.config.SUPPORT_EMAIL);
      expect(receipt.links[0]).toBe(postUrl);
      expect(receipt.html).toContain('View your post');
      expect(receipt.text).not.toContain('TEST MODE');
      // The creator gets no receipt for a fan's purchase.
      const creatorMail = await mailbox(live, creatorAccount.email);
      expect(creatorMail.filter((mail) => mail.subject.startsWith('Your Muse receipt'))).toEqual(
        [],
      );
    },
  );

  it('mails a TEST MODE purchase once, saying no money was taken', SLOW, async () => {
    const [creatorAccount, fan] = (await Promise.all([
      registerAccount(offline.app, 'creator'),
      registerAccount(offline.app, 'fan'),
    ])) as [TTestAccount, TTestAccount];
    const by = await seller(offline, creatorAccount, 'Mia Lane');
    const post = await seedPost(offline, by, { priceCents: 1500, caption: 'Blue hour' });
    const id = sessionIdOf((await checkout(offline, fan, post.id)).json().url);
    const pay = () =>
      call(offline, fan, { method: 'POST', url: `/api/payments/test-checkout/${id}/pay` });
    await Promise.all([pay(), pay(), pay()]);

    const receipt = await onlyReceipt(offline, fan.email, 'Your Muse receipt: Post by Mia Lane');
    expect(receipt.text).toContain('$15.00 USD (TEST MODE)');
    expect(receipt.text).toContain('no money was taken');
  });
});

describe('receipts of plans', () => {
  it(
    'mails what Stripe charged for a discounted first month, and each renewal once',
    SLOW,
    async () => {
      const account = await registerAccount(live.app, 'subscriber');
      fake.addPromotionCode('HALFOFF', 50);
      const started = await call(live, account, {
        method: 'POST',
        url: '/api/payments/create-checkout-session',
        payload: { plan: 'launch', billing: 'monthly', promoCode: 'HALFOFF' },
      });
      expect(started.statusCode, started.body).toBe(200);
      const { session, invoice, subscription } = fake.completeCheckout(
        sessionIdOf(started.json().url),
      );
      await deliverRepeatedly(fake.event('checkout.session.completed', session), 2);
      await deliverRepeatedly(fake.event('invoice.paid', invoice));

      const first = await onlyReceipt(
        live,
        account.email,
        'Your Muse receipt: Launch plan, monthly',
      );
      // Half of Launch's $25: the amount Stripe charged, not the plan table's price.
      expect(first.text).toContain('$12.50 USD');
      expect(first.links[0]).toBe(`${live.config.PUBLIC_URL}/subscriptions`);
      expect(first.html).toContain('Manage your plan');

      const renewal = fake.renewSubscription(subscription.id);
      await deliverRepeatedly(fake.event('invoice.paid', renewal));
      const renewed = await onlyReceipt(
        live,
        account.email,
        'Your Muse receipt: Launch plan renewal, monthly',
      );
      expect(renewed.text).toContain('$25.00 USD');
    },
  );

  it('mails a TEST MODE plan for its checkout’s amount, and its renewal once', SLOW, async () => {
    const account = await registerAccount(offline.app, 'subscriber');
    const started = await call(offline, account, {
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      payload: { plan: 'builder', billing: 'yearly', promoCode: null },
    });
    const id = sessionIdOf(started.json().url);
    // The checkout's own record is what the receipt says was paid.
    await offline.database.pool.query(
      'update test_checkout_sessions set amount_cents = 5400 where id = $1',
      [id],
    );
    const shown = await call(offline, account, {
      method: 'GET',
      url: `/api/payments/test-checkout/${id}`,
    });
    expect(shown.json().session.amountCents).toBe(5400);
    const pay = () =>
      call(offline, account, { method: 'POST', url: `/api/payments/test-checkout/${id}/pay` });
    await Promise.all([pay(), pay()]);
    const first = await onlyReceipt(
      offline,
      account.email,
      'Your Muse receipt: Builder plan, yearly',
    );
    expect(first.text).toContain('$54.00 USD (TEST MODE)');

    // The year ends: the schedule renews it, also when two workers run it at once.
    const grants = { db: offline.database.db, ...offline.app.services };
    const later = new Date(Date.now() + 370 * DAY);
    await Promise.all([
      advanceTestSubscriptions(grants, later),
      advanceTestSubscriptions(grants, later),
    ]);
    const renewed = await onlyReceipt(
      offline,
      account.email,
      'Your Muse receipt: Builder plan renewal, yearly',
    );
    expect(renewed.text).toContain('$108.00 USD (TEST MODE)');
  });
});
