import {
  BILLING_TEXTS,
  ONBOARDING_TEXTS,
  PLANS,
  firstMonthOfferCents,
  planLabel,
  type TBillingPeriod,
  type TCreateCheckoutRequest,
  type TPlanKey,
  type TSubscriptionSummary,
  type TTestCheckoutSession,
  type TTestCheckoutStatus,
} from '@muse/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { TDatabase, TTransaction } from '../../db/client';
import {
  paymentEvents,
  subscriptions,
  testCheckoutSessions,
  users,
  type TUserRow,
} from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { offerForCheckout, redeemOffer } from '../onboarding/offer';
import { randomToken } from '../../lib/tokens';
import { describePostTestCheckout, payPostTestCheckout } from '../sales/checkout';
import { recordPlanReceipt } from '../receipts/record';
import { refreshPayoutAccount } from '../sales/earnings';
import { fulfilStripeCheckout } from '../sales/fulfil';
import { chargeOfEvent, reconcileStripeCharge } from '../sales/refunds';
import { getAccountState } from './entitlements';
import {
  invoiceSubscriptionId,
  isOfferDiscount,
  snapshotFromStripe,
  type StripeGateway,
} from './stripe-gateway';
import {
  addPeriod,
  applySubscription,
  findLatestSubscription,
  findLiveSubscription,
  findOtherLive,
  grantPaidPeriod,
  grantUpgrade,
  isLive,
  planChargeCents,
  recordSubscription,
  secondPayment,
  withSubscriptionLock,
  type TGrantContext,
  type TRecorded,
  type TSubscriptionRow,
  type TSubscriptionSnapshot,
} from './subscriptions';

export type TBillingContext = TGrantContext & {
  stripe: StripeGateway | null;
  publicUrl: string;
};

/**
 * Where a checkout returns to. Stripe needs absolute addresses (`origin` = `PUBLIC_URL`); Muse's
 * own test-mode checkout gets relative ones (`origin` = ''), so a visitor on another host name of
 * Muse (127.0.0.1 rather than localhost) comes back to the host that holds their session, as a
 * post's checkout does (modules/sales/checkout.ts).
 */
function returnUrls(origin: string, returnTo: TCreateCheckoutRequest['returnTo']) {
  const page = returnTo === 'dashboard' || returnTo === 'onboarding' ? '/dashboard' : '/credits';
  // The onboarding's cancelled checkout returns to its plans, which stay open.
  const cancelPage = returnTo === 'onboarding' ? '/onboarding' : page;
  return {
    successUrl: `${origin}${page}?payment=success`,
    cancelUrl: `${origin}${cancelPage}?payment=cancelled`,
  };
}

/**
 * Starts a purchase: a Stripe Checkout Session, or Muse's test-mode checkout without Stripe.
 * An account that already has a live plan changes it in place instead (an upgrade).
 */
export async function createCheckout(
  context: TBillingContext,
  user: Omit<TUserRow, 'passwordHash'>,
  request: TCreateCheckoutRequest,
): Promise<string> {
  const { db, stripe, publicUrl } = context;
  const live = await findLiveSubscription(db, user.id);
  if (live && live.plan === request.plan && live.billing === request.billing) {
    throw conflict(BILLING_TEXTS.alreadyOnPlan, 'ALREADY_ON_PLAN');
  }
  // The onboarding's first-month offer, when asked for and still open; a promotion code or a
  // live plan (changed in place) leaves it aside (docs/decisions/0037-a-real-first-month-offer.md).
  const offer =
    request.offer && !request.promoCode && !live
      ? await offerForCheckout(db, user.id, request)
      : null;

  if (stripe) {
    const urls = returnUrls(publicUrl, request.returnTo);
    if (live) {
      // A live plan changes in place (Stripe prorates); no second subscription.
      await changePlan(context, live, request.plan, request.billing);
      return urls.successUrl;
    }
    // One checkout at a time per account: a second request waits, then finds the first open.
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`checkout:${user.id}`}))`);
      const previous = await findLatestSubscription(tx, user.id);
      return stripe.createCheckout({
        userId: user.id,
        email: user.email,
        customerId: previous?.providerCustomerId ?? null,
        plan: request.plan,
        billing: request.billing,
        promoCode: request.promoCode || null,
        offer: offer ? { expiresAt: offer.checkoutExpiresAt } : null,
        ...urls,
      });
    });
  }

  // Test mode knows no promotion codes.
  if (request.promoCode) throw badRequest(BILLING_TEXTS.promoCodeInvalid, 'PROMO_CODE_INVALID');
  const id = `cs_test_${randomToken()}`;
  await db.insert(testCheckoutSessions).values({
    id,
    userId: user.id,
    plan: request.plan,
    billing: request.billing,
    // The price is fixed when the checkout starts: the first month's under the offer.
    amountCents: offer
      ? firstMonthOfferCents(PLANS[request.plan])
      : planChargeCents(request.plan, request.billing),
    discountPercent: offer?.percentOff ?? null,
    ...returnUrls('', request.returnTo),
    expiresAt: offer?.checkoutExpiresAt ?? new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return `/checkout/test/${id}`;
}

/** The live subscription moved to another plan: Stripe prorates; a test-mode one just changes. */
async function changedPlan(
  stripe: StripeGateway | null,
  live: TSubscriptionRow,
  plan: TPlanKey,
  billing: TBillingPeriod,
): Promise<TSubscriptionSnapshot> {
  if (live.provider === 'stripe') {
    if (!stripe) throw new AppError(503, BILLING_TEXTS.paymentsUnavailable, 'PAYMENTS_UNAVAILABLE');
    const current = await stripe.client.subscriptions.retrieve(live.providerSubscriptionId);
    const item = current.items.data[0];
    const updated = await stripe.client.subscriptions.update(live.providerSubscriptionId, {
      items: [{ id: item?.id, price: await stripe.priceId(plan, billing) }],
      proration_behavior: 'always_invoice',
      cancel_at_period_end: false,
      metadata: { userId: live.userId, plan, billing },
    });
    return snapshotFromStripe(updated, live.userId);
  }
  return {
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
  };
}

async function changePlan(
  context: TBillingContext,
  live: TSubscriptionRow,
  plan: TPlanKey,
  billing: TBillingPeriod,
): Promise<void> {
  await applySubscription(context, await changedPlan(context.stripe, live, plan, billing));
}

/** Stripe events Muse acts on; every other type is acknowledged and ignored. */
export const HANDLED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'invoice.paid',
  'invoice.payment_failed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'account.updated',
  'charge.refunded',
  'charge.dispute.created',
  'charge.dispute.closed',
] as const;

/**
 * A second Stripe subscription, paid while the account already had a live one (two checkouts
 * paid at once): a higher plan upgrades the live one in place, then the second's payment is
 * refunded and it is cancelled at once (docs/decisions/0023-one-live-subscription.md). Runs under
 * the account's subscription lock; each step is safe to repeat when Stripe redelivers after a
 * failure, and the cancellation comes last, since a live second is what brings this back.
 */
async function supersede(
  tx: TTransaction,
  stripe: StripeGateway,
  second: Stripe.Subscription,
  snapshot: TSubscriptionSnapshot,
  live: TSubscriptionRow,
): Promise<{ row: TSubscriptionRow; upgrade: TRecorded | null }> {
  const paid = { plan: snapshot.plan, billing: snapshot.billing, startedWhileLive: false };
  const upgrade =
    secondPayment(live, paid) === 'change'
      ? await recordSubscription(tx, await changedPlan(stripe, live, paid.plan, paid.billing))
      : null;
  await stripe.refundLatestInvoice(second);
  const cancelled = await stripe.client.subscriptions.cancel(second.id);
  const { row } = await recordSubscription(tx, snapshotFromStripe(cancelled, snapshot.userId));
  return { row, upgrade };
}

async function syncStripeSubscription(
  context: TGrantContext,
  stripe: StripeGateway,
  subscriptionId: string,
  userHint: string | null,
): Promise<TSubscriptionRow | null> {
  const { db } = context;
  const seen = await stripe.client.subscriptions.retrieve(subscriptionId);
  const [known] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, subscriptionId));
  const userId = known?.userId ?? seen.metadata.userId ?? userHint;
  if (!userId) return null;
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) return null;

  const done = await withSubscriptionLock(db, userId, async (tx) => {
    // Read again under the lock: what an earlier delivery did meanwhile is seen.
    const subscription = await stripe.client.subscriptions.retrieve(subscriptionId);
    const snapshot = snapshotFromStripe(subscription, userId);
    const live = await findOtherLive(tx, snapshot);
    if (live) return supersede(tx, stripe, subscription, snapshot, live);
    const recorded = await recordSubscription(tx, snapshot);
    return { row: recorded.row, upgrade: recorded };
  });
  if (done.upgrade) await grantUpgrade(context, done.upgrade);
  return done.row;
}

/** The invoices that start a paid period; a proration's invoice pays for a change, granted on its own. */
const PERIOD_INVOICES: readonly (Stripe.Invoice.BillingReason | null)[] = [
  'subscription_create',
  'subscription_cycle',
];

const RECEIPT_KINDS: Partial<Record<Stripe.Invoice.BillingReason, 'plan' | 'renewal' | 'upgrade'>> =
  {
    subscription_create: 'plan',
    subscription_cycle: 'renewal',
    subscription_update: 'upgrade',
  };

/**
 * The receipt of a paid plan invoice of a live subscription, for what Stripe charged
 * (`amount_paid`, a coupon's discount included); once per invoice. Nothing is mailed for an
 * invoice that charged nothing.
 */
async function invoiceReceipt(
  context: TGrantContext,
  stripe: StripeGateway,
  invoice: Stripe.Invoice,
  row: TSubscriptionRow,
): Promise<void> {
  const kind = invoice.billing_reason ? RECEIPT_KINDS[invoice.billing_reason] : undefined;
  if (!kind || invoice.amount_paid <= 0) return;
  const paidFor = await stripe.planOfInvoice(invoice);
  const paidAt = invoice.status_transitions.paid_at ?? invoice.created;
  await recordPlanReceipt(context.db, {
    userId: row.userId,
    reference: `invoice:${invoice.id}`,
    kind,
    plan: paidFor?.plan ?? row.plan,
    billing: paidFor?.billing ?? row.billing,
    amountCents: invoice.amount_paid,
    provider: 'stripe',
    paidAt: new Date(paidAt * 1000),
  });
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
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = await stripe.client.checkout.sessions.retrieve(event.data.object.id);
      // A pay-per-view post's (docs/product/publishing.md): booked once paid, however often
      // and however many at once the event arrives.
      if (session.mode === 'payment') {
        await fulfilStripeCheckout(db, stripe, session);
        break;
      }
      const subscriptionId =
        typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
      if (session.mode === 'subscription' && subscriptionId) {
        const row = await syncStripeSubscription(
          context,
          stripe,
          subscriptionId,
          session.client_reference_id,
        );
        if (row) await recordCheckoutPayment(db, row, session);
      }
      break;
    }
    case 'invoice.paid': {
      const invoice = await stripe.client.invoices.retrieve(event.data.object.id as string);
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (invoice.status !== 'paid' || !subscriptionId) break;
      const row = await syncStripeSubscription(context, stripe, subscriptionId, null);
      // A second subscription, refunded and cancelled, grants nothing.
      if (row && isLive(row.status) && PERIOD_INVOICES.includes(invoice.billing_reason)) {
        const paidFor = await stripe.planOfInvoice(invoice);
        const firstPeriod = invoice.billing_reason === 'subscription_create';
        await grantPaidPeriod(context, row, firstPeriod, paidFor?.plan ?? row.plan);
      }
      if (row && isLive(row.status)) await invoiceReceipt(context, stripe, invoice, row);
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
    case 'account.updated':
      // A creator's payout account (Stripe Connect) finished or changed its onboarding.
      await refreshPayoutAccount(db, stripe, event.data.object.id);
      break;
    case 'charge.refunded':
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      // A refunded or disputed post sale (docs/decisions/0038-refunds-disputes-and-held-earnings.md).
      const chargeId = chargeOfEvent(event.data.object);
      if (chargeId) await reconcileStripeCharge(db, stripe, chargeId);
      break;
    }
  }
  await db.insert(paymentEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return 'handled';
}

/**
 * A paid subscription Checkout: what its first period was charged, and its use of the
 * first-month offer when its discount is the offer's coupon (once per account; a second
 * subscription paid with it meanwhile is refunded by the one-live-subscription rule).
 */
async function recordCheckoutPayment(
  db: TDatabase,
  row: TSubscriptionRow,
  session: Stripe.Checkout.Session,
): Promise<void> {
  await withSubscriptionLock(db, row.userId, async (tx) => {
    if (session.amount_total !== null) {
      await tx
        .update(subscriptions)
        .set({ firstPaymentCents: session.amount_total })
        .where(eq(subscriptions.id, row.id));
    }
    // A second subscription, refunded and cancelled at once, used nothing.
    if (isLive(row.status) && session.discounts?.some(isOfferDiscount)) {
      await redeemOffer(tx, row.userId, session.id);
    }
  });
}

/** Cancels at the end of the paid period; the plan's benefits stay until then. */
export async function cancelSubscription(context: TBillingContext, userId: string): Promise<void> {
  const live = await findLiveSubscription(context.db, userId);
  if (!live) throw notFound(BILLING_TEXTS.noSubscription, 'NO_SUBSCRIPTION');
  if (live.provider === 'stripe') {
    if (!context.stripe)
      throw new AppError(503, BILLING_TEXTS.paymentsUnavailable, 'PAYMENTS_UNAVAILABLE');
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
  if (!live || !live.cancelAtPeriodEnd)
    throw notFound(BILLING_TEXTS.noSubscription, 'NO_SUBSCRIPTION');
  if (live.provider === 'stripe') {
    if (!context.stripe)
      throw new AppError(503, BILLING_TEXTS.paymentsUnavailable, 'PAYMENTS_UNAVAILABLE');
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

/** A plan's session has both (the table's check constraint); a post's has neither. */
function planOf(session: { id: string; plan: TPlanKey | null; billing: TBillingPeriod | null }) {
  const { plan, billing } = session;
  if (!plan || !billing) throw new Error(`Test checkout ${session.id} is for no plan`);
  return { plan, billing };
}

async function openTestSession(db: TDatabase, userId: string, id: string) {
  const [session] = await db
    .select()
    .from(testCheckoutSessions)
    .where(and(eq(testCheckoutSessions.id, id), eq(testCheckoutSessions.userId, userId)));
  if (!session) throw notFound('This checkout does not exist', 'CHECKOUT_NOT_FOUND');
  return session;
}

export async function getTestCheckout(
  db: TDatabase,
  user: Omit<TUserRow, 'passwordHash'>,
  id: string,
): Promise<TTestCheckoutSession> {
  const session = await openTestSession(db, user.id, id);
  if (session.postId) return describePostTestCheckout(db, session, user.email);
  const { plan: key, billing } = planOf(session);
  const plan = PLANS[key];
  return {
    id: session.id,
    plan: plan.key,
    billing,
    post: null,
    amountCents: session.amountCents ?? planChargeCents(plan.key, billing),
    discountPercent: session.discountPercent,
    status: session.status,
    email: user.email,
  };
}

/**
 * The receipt of a paid TEST MODE plan checkout, for the amount the checkout itself recorded (a
 * discount included), in the transaction that completed it.
 */
async function testCheckoutReceipt(
  tx: TTransaction,
  session: typeof testCheckoutSessions.$inferSelect,
  kind: 'plan' | 'upgrade',
): Promise<void> {
  const { plan, billing } = planOf(session);
  await recordPlanReceipt(tx, {
    userId: session.userId,
    reference: `test-checkout:${session.id}`,
    kind,
    plan,
    billing,
    amountCents: session.amountCents ?? planChargeCents(plan, billing),
    provider: 'test',
    paidAt: new Date(),
  });
}

type TTestPayment =
  | { kind: 'started'; recorded: TRecorded }
  | { kind: 'changed'; recorded: TRecorded }
  | { kind: 'refunded' }
  | { kind: 'offer-used' }
  | { kind: 'done'; status: TTestCheckoutStatus };

/**
 * Pays a test-mode checkout: the subscription starts and its first period is granted through
 * `grantPaidPeriod`, the function the Stripe webhook's paid invoice uses too. An account that
 * has a live plan by then gets no second one (`secondPayment`): the plan changes in place, or the
 * payment is refunded, which the checkout's status records and its page shows.
 */
export async function payTestCheckout(
  context: TBillingContext,
  userId: string,
  id: string,
): Promise<string> {
  const { db } = context;
  const session = await openTestSession(db, userId, id);
  // A pay-per-view post's: booked through the function the Stripe webhook uses.
  if (session.postId) return payPostTestCheckout(db, userId, session);
  // Relative, as the checkout's own address (`createCheckout`).
  const refundedUrl = `/checkout/test/${session.id}`;
  const payment = await withSubscriptionLock(db, userId, async (tx): Promise<TTestPayment> => {
    // Completing the session happens once, also on a double click.
    const [claimed] = await tx
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
      const [current] = await tx
        .select({ status: testCheckoutSessions.status })
        .from(testCheckoutSessions)
        .where(eq(testCheckoutSessions.id, id));
      return { kind: 'done', status: current?.status ?? session.status };
    }
    const { plan, billing } = planOf(claimed);
    const live = await findLiveSubscription(tx, userId);
    if (!live) {
      // A checkout priced with the first-month offer uses it, once per account: another
      // checkout that used it first leaves this one unpaid, nothing charged.
      if (claimed.discountPercent !== null && !(await redeemOffer(tx, userId, claimed.id))) {
        await tx
          .update(testCheckoutSessions)
          .set({ status: 'cancelled' })
          .where(eq(testCheckoutSessions.id, id));
        return { kind: 'offer-used' };
      }
      const start = new Date();
      const recorded = await recordSubscription(tx, {
        userId,
        provider: 'test',
        providerSubscriptionId: `sub_test_${claimed.id.slice('cs_test_'.length)}`,
        providerCustomerId: null,
        plan,
        billing,
        status: 'active',
        currentPeriodStart: start,
        currentPeriodEnd: addPeriod(start, billing),
        cancelAtPeriodEnd: false,
        canceledAt: null,
        firstPaymentCents: claimed.amountCents ?? planChargeCents(plan, billing),
      });
      await testCheckoutReceipt(tx, claimed, 'plan');
      return { kind: 'started', recorded };
    }
    const startedWhileLive = claimed.createdAt >= live.createdAt;
    if (secondPayment(live, { plan, billing, startedWhileLive }) === 'refund') {
      // Test mode takes no money: the refund is the checkout's status.
      await tx
        .update(testCheckoutSessions)
        .set({ status: 'refunded' })
        .where(eq(testCheckoutSessions.id, id));
      return { kind: 'refunded' };
    }
    const recorded = await recordSubscription(tx, await changedPlan(null, live, plan, billing));
    await testCheckoutReceipt(tx, claimed, recorded.upgraded ? 'upgrade' : 'plan');
    return { kind: 'changed', recorded };
  });

  switch (payment.kind) {
    case 'started':
      await grantPaidPeriod(context, payment.recorded.row, true);
      return session.successUrl;
    case 'changed':
      await grantUpgrade(context, payment.recorded);
      return session.successUrl;
    case 'refunded':
      return refundedUrl;
    case 'offer-used':
      throw new AppError(409, ONBOARDING_TEXTS.offerUsed, 'OFFER_USED');
    case 'done':
      if (payment.status === 'complete') return session.successUrl;
      if (payment.status === 'refunded') return refundedUrl;
      throw badRequest(
        'This checkout has expired or was cancelled. Start again from the plans.',
        'CHECKOUT_EXPIRED',
      );
  }
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
