import type Stripe from 'stripe';
import type { StripeGateway } from '../payments/stripe-gateway';
import type { TStripeEventHandlers } from '../payments/webhook';
import type { TSalesContext } from './checkout';
import { fulfilStripeCheckout } from './fulfil';
import { chargeOfEvent, reconcileStripeCharge } from './refunds';
import { payoutAccountUpdated } from './settlement';

/**
 * The Stripe events of post sales and payouts, for the webhook's router
 * (modules/payments/webhook.ts): a post's paid Checkout (payment mode; a plan's is the billing
 * module's), refunds and disputes of its charge, and a creator's payout account.
 */
export function salesStripeEvents(context: Pick<TSalesContext, 'db'>): TStripeEventHandlers {
  const { db } = context;
  const checkoutCompleted = async (event: Stripe.Event, stripe: StripeGateway) => {
    const object = event.data.object as Stripe.Checkout.Session;
    const session = await stripe.client.checkout.sessions.retrieve(object.id);
    // A pay-per-view post's (docs/product/publishing.md): booked once paid, however often
    // and however many at once the event arrives.
    if (session.mode === 'payment') await fulfilStripeCheckout(db, stripe, session);
  };
  // A refunded or disputed post sale (docs/decisions/0038-refunds-disputes-and-held-earnings.md).
  const chargeChanged = async (event: Stripe.Event, stripe: StripeGateway) => {
    const chargeId = chargeOfEvent(event.data.object as { id: string; object: string });
    if (chargeId) await reconcileStripeCharge(db, stripe, chargeId);
  };
  return {
    'checkout.session.completed': checkoutCompleted,
    'checkout.session.async_payment_succeeded': checkoutCompleted,
    // A creator's payout account (Stripe Connect) finished or changed its onboarding.
    'account.updated': async (event, stripe) => {
      const account = event.data.object as Stripe.Account;
      await payoutAccountUpdated({ db, stripe }, account.id);
    },
    'charge.refunded': chargeChanged,
    'charge.dispute.created': chargeChanged,
    'charge.dispute.closed': chargeChanged,
  };
}
