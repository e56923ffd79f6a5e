import { museFeeCents, isUuid } from '@muse/shared';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { TDatabase, TQueryable } from '../../db/client';
import { postPurchases, posts, users } from '../../db/schema';
import type { StripeGateway } from '../payments/stripe-gateway';
import { recordPostReceipt } from '../receipts/record';
import { emitWebhookEvent } from '../webhooks/events';
import { bookSale, holdEndsAt, purchaseInForce } from './held-earnings';

/** A paid checkout of a pay-per-view post, as its provider reports it. */
export type TPostPayment = {
  postId: string;
  buyerId: string;
  /** What the fan paid, in cents: the checkout's total, not the post's price now. */
  amountCents: number;
  provider: 'stripe' | 'test';
  /** The Stripe Checkout Session's or the TEST MODE checkout's id. */
  checkoutId: string;
  paymentIntentId: string | null;
};

export type TFulfilment =
  /** This call booked the sale. */
  | { outcome: 'booked'; purchaseId: string }
  /** This checkout was booked before: a repeated or simultaneous delivery. */
  | { outcome: 'recorded'; purchaseId: string }
  /** The fan already owned the post through another checkout: paid twice, to be refunded. */
  | { outcome: 'owned'; purchaseId: string }
  /** Nothing can be sold: the post or the buyer is gone, or the buyer is the post's creator. */
  | { outcome: 'unsellable' };

/**
 * Books a paid purchase of a post, the one path for Stripe's webhook and the TEST MODE checkout
 * (docs/product/publishing.md, "Buying"). One transaction: the purchase, and only when this call
 * inserted it, the sale's net in the creator's pending earnings (an `earnings_entries` row and
 * the running balance). The unique indexes on post + buyer and on the checkout id make any number of
 * calls, also at the same moment, book one sale: a second insert waits for the first to commit,
 * then does nothing, and no unique-violation error escapes.
 */
export async function fulfilPostPurchase(
  db: TQueryable,
  payment: TPostPayment,
): Promise<TFulfilment> {
  const amount = payment.amountCents;
  if (!Number.isInteger(amount) || amount <= 0) {
    throw new Error(`Checkout ${payment.checkoutId} paid no whole number of cents (${amount})`);
  }
  return db.transaction(async (tx): Promise<TFulfilment> => {
    // The key-share locks keep the post and the buyer from being deleted before this commits
    // (the foreign keys would otherwise refuse the purchase with an error).
    const [post] = await tx
      .select({ workspaceId: posts.workspaceId })
      .from(posts)
      .where(eq(posts.id, payment.postId))
      .for('key share');
    const [buyer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, payment.buyerId))
      .for('key share');
    if (!post || !buyer || post.workspaceId === buyer.id) return { outcome: 'unsellable' };

    const feeCents = museFeeCents(amount);
    const netCents = amount - feeCents;
    const [inserted] = await tx
      .insert(postPurchases)
      .values({
        postId: payment.postId,
        buyerId: payment.buyerId,
        workspaceId: post.workspaceId,
        amountCents: amount,
        feeCents,
        netCents,
        provider: payment.provider,
        checkoutId: payment.checkoutId,
        paymentIntentId: payment.paymentIntentId,
        status: 'pending',
        availableAt: holdEndsAt(),
      })
      .onConflictDoNothing()
      .returning({ id: postPurchases.id });
    if (inserted) {
      // The share waits out its hold (docs/decisions/0038-refunds-disputes-and-held-earnings.md).
      await bookSale(tx, { purchaseId: inserted.id, workspaceId: post.workspaceId, netCents });
      await emitWebhookEvent(tx, post.workspaceId, 'post.sold', {
        postId: payment.postId,
        amountCents: amount,
        currency: 'usd',
      });
      return { outcome: 'booked', purchaseId: inserted.id };
    }

    // The purchase that won: each statement reads what was committed before it began.
    const [sameCheckout] = await tx
      .select({ id: postPurchases.id })
      .from(postPurchases)
      .where(eq(postPurchases.checkoutId, payment.checkoutId));
    if (sameCheckout) return { outcome: 'recorded', purchaseId: sameCheckout.id };
    const [owned] = await tx
      .select({ id: postPurchases.id })
      .from(postPurchases)
      .where(
        and(
          eq(postPurchases.postId, payment.postId),
          eq(postPurchases.buyerId, payment.buyerId),
          purchaseInForce(),
        ),
      );
    if (owned) return { outcome: 'owned', purchaseId: owned.id };
    throw new Error(`Checkout ${payment.checkoutId} was neither booked nor found`);
  });
}

/**
 * Gives a payment back in full, once: a payment that already has a refund gets no other, and the
 * idempotency key makes a retried request the same refund.
 */
async function refundPayment(
  stripe: StripeGateway,
  paymentIntentId: string,
  checkoutId: string,
  reason: 'duplicate' | 'requested_by_customer',
): Promise<void> {
  const { data } = await stripe.client.refunds.list({
    payment_intent: paymentIntentId,
    limit: 100,
  });
  if (data.some((refund) => refund.status !== 'failed' && refund.status !== 'canceled')) return;
  await stripe.client.refunds.create(
    { payment_intent: paymentIntentId, reason, metadata: { checkout: checkoutId } },
    { idempotencyKey: `muse-refund-${checkoutId}` },
  );
}

/**
 * A payment-mode Checkout Session of a post, as re-read from Stripe: once paid, the purchase is
 * booked through `fulfilPostPurchase`. A fan who already owned the post (two checkouts paid)
 * or a post that can no longer be sold gets the payment refunded, and nothing is booked. Safe to
 * run for every delivery, also several at once: the webhook's "already seen" check is not.
 */
export async function fulfilStripeCheckout(
  db: TDatabase,
  stripe: StripeGateway,
  session: Stripe.Checkout.Session,
): Promise<void> {
  const metadata = session.metadata ?? {};
  if (session.mode !== 'payment' || metadata.kind !== 'post') return;
  if (session.payment_status !== 'paid') return;
  // Muse wrote the metadata; anything else is not a checkout of Muse's.
  if (!isUuid(metadata.postId) || !isUuid(metadata.buyerId)) return;
  const intent = session.payment_intent;
  const paymentIntentId = typeof intent === 'string' ? intent : (intent?.id ?? null);
  const done = await fulfilPostPurchase(db, {
    postId: metadata.postId,
    buyerId: metadata.buyerId,
    amountCents: session.amount_total ?? 0,
    provider: 'stripe',
    checkoutId: session.id,
    paymentIntentId,
  });
  // Also for a repeated delivery: the receipt's reference makes it one mail.
  if (done.outcome === 'booked' || done.outcome === 'recorded') {
    await recordPostReceipt(db, done.purchaseId);
  }
  if (!paymentIntentId) return;
  if (done.outcome === 'owned') {
    await refundPayment(stripe, paymentIntentId, session.id, 'duplicate');
  } else if (done.outcome === 'unsellable') {
    await refundPayment(stripe, paymentIntentId, session.id, 'requested_by_customer');
  }
}
