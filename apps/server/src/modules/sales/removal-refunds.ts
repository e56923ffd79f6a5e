/**
 * Refunds of the purchases of a post Muse removed after a report
 * (docs/product/reports-and-takedown.md): every purchase in force is refunded in full, through
 * the refund path of docs/decisions/0038-refunds-disputes-and-held-earnings.md. A Stripe purchase
 * gets a Stripe refund, and its charge is then read back and reconciled as a `charge.refunded`
 * event would be; a TEST MODE purchase took no money, so the ledger is brought to what a full
 * refund leaves. The creator's share is taken back by the ledger's own rules (pending first, then
 * available, what was paid out becomes owed).
 */
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TDatabase, TQueryable } from '../../db/client';
import { postPurchases } from '../../db/schema';
import type { StripeGateway } from '../payments/stripe-gateway';
import { reconcilePurchase } from './held-earnings';
import { reconcileStripeCharge } from './refunds';

/** The queue task that refunds one purchase of a removed post. */
export const REFUND_REMOVED_PURCHASE_TASK = 'refund-removed-purchase';

export const ZRefundRemovedPurchasePayload = z.object({ purchaseId: z.uuid() });

/**
 * Queues the refund of `purchaseId`, inside the transaction that removes its post, so the
 * refund happens only if the removal commits, and is retried until the provider answers.
 */
export async function queueRemovalRefund(tx: TQueryable, purchaseId: string): Promise<void> {
  await tx.execute(
    sql`select graphile_worker.add_job(${REFUND_REMOVED_PURCHASE_TASK}, ${JSON.stringify({ purchaseId })}::json, job_key := ${`removal-refund:${purchaseId}`}, job_key_mode := 'preserve_run_at', max_attempts := 25)`,
  );
}

/**
 * Refunds a removed post's purchase in full, once however often it runs: Stripe is asked with
 * an idempotency key and only when its refunds do not cover the charge yet. Answers whether the
 * purchase is refunded now (a Stripe refund still pending is reconciled by its webhook later).
 */
export async function refundRemovedPurchase(
  db: TDatabase,
  stripe: StripeGateway | null,
  purchaseId: string,
): Promise<boolean> {
  const [purchase] = await db.select().from(postPurchases).where(eq(postPurchases.id, purchaseId));
  if (!purchase) return false;
  if (purchase.status === 'refunded') return true;
  if (purchase.provider === 'test') {
    const status = await reconcilePurchase(db, purchase.id, {
      amountCents: purchase.amountCents,
      refundedCents: purchase.amountCents,
      refunded: true,
      dispute: null,
    });
    return status === 'refunded';
  }
  // Retried by the queue: a worker without Stripe leaves it to one that has it.
  if (!stripe) throw new Error('Refunding a Stripe purchase needs STRIPE_SECRET_KEY');
  const paymentIntent = purchase.paymentIntentId;
  if (!paymentIntent) throw new Error(`Purchase ${purchase.id} has no PaymentIntent to refund`);
  const { data: refunds } = await stripe.client.refunds.list({
    payment_intent: paymentIntent,
    limit: 100,
  });
  const given = refunds
    .filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled')
    .reduce((sum, refund) => sum + refund.amount, 0);
  let charge = refunds.find((refund) => refund.charge)?.charge ?? null;
  if (given < purchase.amountCents) {
    const refund = await stripe.client.refunds.create(
      {
        payment_intent: paymentIntent,
        reason: 'requested_by_customer',
        metadata: { purchaseId: purchase.id, removedByMuse: 'true' },
      },
      { idempotencyKey: `muse-removal-refund-${purchase.id}` },
    );
    charge = refund.charge ?? charge;
  }
  const chargeId = typeof charge === 'string' ? charge : charge?.id;
  if (chargeId) await reconcileStripeCharge(db, stripe, chargeId);
  const [after] = await db
    .select({ status: postPurchases.status })
    .from(postPurchases)
    .where(eq(postPurchases.id, purchase.id));
  return after?.status === 'refunded';
}
