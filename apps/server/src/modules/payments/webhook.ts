import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { TDatabase } from '../../db/client';
import { paymentEvents } from '../../db/schema';
import type { StripeGateway } from './stripe-gateway';

/*
 * Stripe's webhook router. The modules that sell through Stripe each hand it the events they
 * act on (billing: plans' checkouts, invoices and subscriptions; sales: posts' checkouts,
 * refunds, disputes and payout accounts), so that this module knows none of them and none of
 * them knows another.
 */

/** Acts on a verified event; safe to run again for the same event (deliveries repeat). */
export type TStripeEventHandler = (event: Stripe.Event, stripe: StripeGateway) => Promise<void>;

/** The events a module acts on, by type. */
export type TStripeEventHandlers = Partial<Record<Stripe.Event.Type, TStripeEventHandler>>;

export type TStripeWebhook = {
  /** Stripe events Muse acts on; every other type is acknowledged and ignored. */
  handledEvents: readonly Stripe.Event.Type[];
  handle: (event: Stripe.Event) => Promise<'handled' | 'duplicate' | 'ignored'>;
};

/**
 * The router of `handlers` (one set per module; a type several modules act on runs each, in
 * the order given). Deliveries repeat and arrive out of order, so an event is skipped when
 * already handled, and handlers re-read every object from Stripe before acting on it.
 */
export function stripeWebhook(
  db: TDatabase,
  stripe: StripeGateway,
  handlers: readonly TStripeEventHandlers[],
): TStripeWebhook {
  const byType = new Map<string, TStripeEventHandler[]>();
  for (const set of handlers) {
    for (const [type, handler] of Object.entries(set)) {
      if (handler) byType.set(type, [...(byType.get(type) ?? []), handler]);
    }
  }
  return {
    handledEvents: [...byType.keys()] as Stripe.Event.Type[],
    async handle(event) {
      const run = byType.get(event.type);
      if (!run) return 'ignored';
      const [seen] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id));
      if (seen) return 'duplicate';
      for (const handler of run) await handler(event, stripe);
      await db
        .insert(paymentEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing();
      return 'handled';
    },
  };
}
