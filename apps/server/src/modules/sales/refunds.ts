import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { TDatabase } from '../../db/client';
import { postPurchases } from '../../db/schema';
import type { StripeGateway } from '../payments/stripe-gateway';
import { reconcilePurchase, type TPaymentState } from './held-earnings';

/** A dispute Stripe has not decided yet holds the share; `won`, `prevented` and a closed inquiry release it. */
function disputeState(dispute: Stripe.Dispute | undefined): TPaymentState['dispute'] {
  if (!dispute) return null;
  if (dispute.status === 'lost') return 'lost';
  if (['won', 'prevented', 'warning_closed'].includes(dispute.status)) return 'won';
  return 'open';
}

/**
 * A refund or a dispute of a charge, reported by Stripe (`charge.refunded`,
 * `charge.dispute.created`, `charge.dispute.closed`): the charge and its disputes are read from
 * Stripe again, and the post's purchase paid by it is brought in line with them
 * (`reconcilePurchase`). Charges of plans, and of checkouts that booked nothing, are left alone.
 */
export async function reconcileStripeCharge(
  db: TDatabase,
  stripe: StripeGateway,
  chargeId: string,
): Promise<void> {
  const charge = await stripe.client.charges.retrieve(chargeId);
  const intent = charge.payment_intent;
  const paymentIntentId = typeof intent === 'string' ? intent : intent?.id;
  if (!paymentIntentId) return;
  const [purchase] = await db
    .select({ id: postPurchases.id })
    .from(postPurchases)
    .where(
      and(eq(postPurchases.paymentIntentId, paymentIntentId), eq(postPurchases.provider, 'stripe')),
    );
  if (!purchase) return;
  const { data: disputes } = await stripe.client.disputes.list({ charge: charge.id, limit: 100 });
  // The newest dispute decides (a charge has one; a second would follow the first's end).
  const newest = [...disputes].sort((a, b) => b.created - a.created)[0];
  await reconcilePurchase(db, purchase.id, {
    amountCents: charge.amount,
    refundedCents: charge.amount_refunded,
    refunded: charge.refunded,
    dispute: disputeState(newest),
  });
}

/** The charge a refund or dispute event is about. */
export function chargeOfEvent(object: {
  id: string;
  object: string;
  charge?: unknown;
}): string | null {
  if (object.object === 'charge') return object.id;
  const charge = object.charge;
  if (typeof charge === 'string') return charge;
  if (charge && typeof charge === 'object' && 'id' in charge) return String(charge.id);
  return null;
}
