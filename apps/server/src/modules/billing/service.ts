import {
  BILLING_TEXTS,
  PLANS,
  planLabel,
  priceCents,
  type TBillingPeriod,
  type TCreateCheckoutRequest,
  type TPlanKey,
  type TSubscriptionSummary,
  type TTestCheckoutSession,
} from '@muse/shared';
import { and, eq, gt } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { TDatabase } from '../../db/client';
import {
  paymentEvents,
  subscriptions,
  testCheckoutSessions,
  users,
  type TUserRow,
} from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { randomToken } from '../../lib/tokens';
import { getAccountState } from './entitlements';
import { invoiceSubscriptionId, snapshotFromStripe, type StripeGateway } from './stripe-gateway';
import {
  addPeriod,
  applySubscription,
  findLatestSubscription,
  findLiveSubscription,
  grantPaidPeriod,
  type TGrantContext,
  type TSubscriptionRow,
  type TSubscriptionSnapshot,
} from './subscriptions';

export type TBillingContext = TGrantContext & {
  stripe: StripeGateway | null;
  publicUrl: string;
};

/**
 * A paid period of a test-mode subscription: records its state and grants the period's
 * benefits through `grantPaidPeriod`, the function the Stripe webhook's paid invoice uses too.
 */
export async function fulfilSubscriptionPayment(
  context: TGrantContext,
  snapshot: TSubscriptionSnapshot,
  firstPeriod: boolean,
): Promise<TSubscriptionRow> {
  const row = await applySubscription(context, snapshot);
  await grantPaidPeriod(context, row, firstPeriod);
  return row;
}

function returnUrls(publicUrl: string, returnTo: TCreateCheckoutRequest['returnTo']) {
  const page = returnTo === 'dashboard' ? '/dashboard' : '/credits';
  return {
    successUrl: `${publicUrl}${page}?payment=success`,
    cancelUrl: `${publicUrl}${page}?payment=cancelled`,
  };
}

/**
 * Starts a purchase: a Stripe Checkout Session, or Muse's test-mode checkout without Stripe.
 * An account that already has a live plan changes it in place instead (an upgrade).
 */
export async function createCheckout(
  context: TBillingContext,
  user: TUserRow,
  request: TCreateCheckoutRequest,
): Promise<string> {
  const { db, stripe, publicUrl } = context;
  const urls = returnUrls(publicUrl, request.returnTo);
  const live = await findLiveSubscription(db, user.id);
  if (live && live.plan === request.plan && live.billing === request.billing) {
    throw conflict(BILLING_TEXTS.alreadyOnPlan);
  }

  if (stripe) {
    if (live) {
      // A live plan changes in place (Stripe prorates); no second subscription.
      await changePlan(context, live, request.plan, request.billing);
      return urls.successUrl;
    }
    const previous = await findLatestSubscription(db, user.id);
    return stripe.createCheckout({
      userId: user.id,
      email: user.email,
      customerId: previous?.providerCustomerId ?? null,
      plan: request.plan,
      billing: request.billing,
      promoCode: request.promoCode || null,
      ...urls,
    });
  }

  // Test mode knows no promotion codes.
  if (request.promoCode) throw badRequest(BILLING_TEXTS.promoCodeInvalid);
  const id = `cs_test_${randomToken()}`;
  await db.insert(testCheckoutSessions).values({
    id,
    userId: user.id,
    plan: request.plan,
    billing: request.billing,
    ...urls,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return `${publicUrl}/checkout/test/${id}`;
}

async function changePlan(
  context: TBillingContext,
  live: TSubscriptionRow,
  plan: TPlanKey,
  billing: TBillingPeriod,
): Promise<void> {
  if (live.provider === 'stripe') {
    if (!context.stripe)
      throw new AppError(503, BILLING_TEXTS.paymentsUnavailable, 'STRIPE_MISSING');
    const current = await context.stripe.client.subscriptions.retrieve(live.providerSubscriptionId);
    const item = current.items.data[0];
    const updated = await context.stripe.client.subscriptions.update(live.providerSubscriptionId, {
      items: [{ id: item?.id, price: await context.stripe.priceId(plan, billing) }],
      proration_behavior: 'always_invoice',
      cancel_at_period_end: false,
      metadata: { userId: live.userId, plan, billing },
    });
    await applySubscription(context, snapshotFromStripe(updated, live.userId));
    return;
  }
  await applySubscription(context, {
    userId: live.userId,
    provider: 'test',
    providerSubscriptionId: live.providerSubscriptionId,
    providerCustomerId: live.providerCustomerId,
    plan,
    billing,
    status: live.status,
    currentPeriodStart: live.currentPeriodStart,
    currentPeriodEnd: live.currentPeriodEnd,
    cancelAtPeriodEnd: false,
    canceledAt: null,
  });
}

/** Stripe events Muse acts on; every other type is acknowledged and ignored. */
export const HANDLED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
] as const;

async function syncStripeSubscription(
  context: TGrantContext,
  stripe: StripeGateway,
  subscriptionId: string,
  userHint: string | null,
): Promise<TSubscriptionRow | null> {
  const { db } = context;
  const subscription = await stripe.client.subscriptions.retrieve(subscriptionId);
  const [known] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, subscriptionId));
  const userId = known?.userId ?? subscription.metadata.userId ?? userHint;
  if (!userId) return null;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  return applySubscription(context, snapshotFromStripe(subscription, userId));
}

/**
 * Acts on a verified Stripe event. Deliveries repeat and arrive out of order, so the event is
 * skipped when already handled, and every object is re-read from Stripe before acting on it.
 */
export async function handleStripeEvent(
  context: TGrantContext,
  stripe: StripeGateway,
  event: Stripe.Event,
): Promise<'handled' | 'duplicate' | 'ignored'> {
  const { db } = context;
  if (!(HANDLED_STRIPE_EVENTS as readonly string[]).includes(event.type)) return 'ignored';
  const [seen] = await db.select().from(paymentEvents).where(eq(paymentEvents.id, event.id));
  if (seen) return 'duplicate';

  switch (event.type) {
    case 'checkout.session.completed': {
      const session = await stripe.client.checkout.sessions.retrieve(event.data.object.id);
      const subscriptionId =
        typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
      if (session.mode === 'subscription' && subscriptionId) {
        await syncStripeSubscription(context, stripe, subscriptionId, session.client_reference_id);
      }
      break;
    }
    case 'invoice.paid': {
      const invoice = await stripe.client.invoices.retrieve(event.data.object.id as string);
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (invoice.status !== 'paid' || !subscriptionId) break;
      const row = await syncStripeSubscription(context, stripe, subscriptionId, null);
      if (row) {
        await grantPaidPeriod(context, row, invoice.billing_reason === 'subscription_create');
      }
      break;
    }
    case 'invoice.payment_failed': {
      const invoice = await stripe.client.invoices.retrieve(event.data.object.id as string);
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (subscriptionId) await syncStripeSubscription(context, stripe, subscriptionId, null);
      break;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      await syncStripeSubscription(context, stripe, event.data.object.id, null);
      break;
  }
  await db.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return 'handled';
}

/** Cancels at the end of the paid period; the plan's benefits stay until then. */
export async function cancelSubscription(context: TBillingContext, userId: string): Promise<void> {
  const live = await findLiveSubscription(context.db, userId);
  if (!live) throw notFound(BILLING_TEXTS.noSubscription);
  if (live.provider === 'stripe') {
    if (!context.stripe)
      throw new AppError(503, BILLING_TEXTS.paymentsUnavailable, 'STRIPE_MISSING');
    const updated = await context.stripe.client.subscriptions.update(live.providerSubscriptionId, {
      cancel_at_period_end: true,
    });
    await applySubscription(context, snapshotFromStripe(updated, userId));
    return;
  }
  await context.db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: true, updatedAt: new Date() })
    .where(eq(subscriptions.id, live.id));
}

/** Undoes a cancellation before the period ends: the plan renews again. */
export async function resumeSubscription(context: TBillingContext, userId: string): Promise<void> {
  const live = await findLiveSubscription(context.db, userId);
  if (!live || !live.cancelAtPeriodEnd) throw notFound(BILLING_TEXTS.noSubscription);
  if (live.provider === 'stripe') {
    if (!context.stripe)
      throw new AppError(503, BILLING_TEXTS.paymentsUnavailable, 'STRIPE_MISSING');
    const updated = await context.stripe.client.subscriptions.update(live.providerSubscriptionId, {
      cancel_at_period_end: false,
    });
    await applySubscription(context, snapshotFromStripe(updated, userId));
    return;
  }
  await context.db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: false, updatedAt: new Date() })
    .where(eq(subscriptions.id, live.id));
}

export async function subscriptionSummary(
  db: TDatabase,
  userId: string,
): Promise<TSubscriptionSummary> {
  const state = await getAccountState(db, userId);
  const shown = state.subscription ?? (await findLatestSubscription(db, userId)) ?? null;
  return {
    plan: state.plan,
    planLabel: planLabel(state.plan),
    credits: state.credits,
    modelTokens: state.modelTokens,
    influencerSlots: state.influencerSlots,
    subscription: shown
      ? {
          plan: shown.plan,
          planName: PLANS[shown.plan].name,
          billing: shown.billing,
          status: shown.status,
          provider: shown.provider,
          currentPeriodStart: shown.currentPeriodStart.toISOString(),
          currentPeriodEnd: shown.currentPeriodEnd.toISOString(),
          cancelAtPeriodEnd: shown.cancelAtPeriodEnd,
          canceledAt: shown.canceledAt?.toISOString() ?? null,
        }
      : null,
  };
}

// Test-mode checkout (no Stripe keys): Muse's own checkout page, clearly marked TEST MODE.

async function openTestSession(db: TDatabase, userId: string, id: string) {
  const [session] = await db
    .select()
    .from(testCheckoutSessions)
    .where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.userId, userId)));
  if (!session) throw notFound('This checkout does not exist');
  return session;
}

export async function getTestCheckout(
  db: TDatabase,
  user: TUserRow,
  id: string,
): Promise<TTestCheckoutSession> {
  const session = await openTestSession(db, user.id, id);
  const plan = PLANS[session.plan];
  const { billing } = session;
  return {
    id: session.id,
    plan: plan.key,
    billing,
    amountCents: billing === 'yearly' ? plan.yearlyTotalCents : priceCents(plan, billing),
    status: session.status,
    email: user.email,
  };
}

/** Pays a test-mode checkout: the subscription starts and its first period is granted. */
export async function payTestCheckout(
  context: TGrantContext,
  userId: string,
  id: string,
): Promise<string> {
  const { db } = context;
  const session = await openTestSession(db, userId, id);
  // Completing the session and starting the subscription happen once, also on a double click.
  const [claimed] = await db
    .update(testCheckoutSessions)
    .set({ status: 'complete' })
    .where(
      and(
        eq(testCheckoutSessions.id, id),
        eq(testCheckoutSessions.status, 'open'),
        gt(testCheckoutSessions.expiresAt, new Date()),
      ),
    )
    .returning();
  if (!claimed) {
    if (session.status === 'complete') return session.successUrl;
    throw badRequest('This checkout has expired or was cancelled. Start again from the plans.');
  }
  const { plan, billing } = session;
  const live = await findLiveSubscription(db, userId);
  if (live) {
    await changePlan({ ...context, stripe: null, publicUrl: '' }, live, plan, billing);
    return session.successUrl;
  }
  const start = new Date();
  await fulfilSubscriptionPayment(
    context,
    {
      userId,
      provider: 'test',
      providerSubscriptionId: `sub_test_${session.id.slice('cs_test_'.length)}`,
      providerCustomerId: null,
      plan,
      billing,
      status: 'active',
      currentPeriodStart: start,
      currentPeriodEnd: addPeriod(start, billing),
      cancelAtPeriodEnd: false,
      canceledAt: null,
    },
    true,
  );
  return session.successUrl;
}

export async function cancelTestCheckout(
  db: TDatabase,
  userId: string,
  id: string,
): Promise<string> {
  const session = await openTestSession(db, userId, id);
  await db
    .update(testCheckoutSessions)
    .set({ status: 'cancelled' })
    .where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.status, 'open')));
  return session.cancelUrl;
}
