import {
  BILLING_TEXTS,
  ZSubscriptionStatus,
  type TBillingPeriod,
  type TPlanKey,
} from '@muse/shared';
import type Stripe from 'stripe';
import { AppError } from '../../lib/errors';
import type {
  TPaymentProvider,
  TPlanCheckoutRequest,
  TPostCheckoutRequest,
  TSubscriptionSnapshot,
} from './provider';
import { parseLookupKey, type StripeGateway } from './stripe-gateway';

/*
 * Stripe as Muse's payment provider: Checkout Sessions for plans (subscription mode) and posts
 * (payment mode), and subscriptions changed where Stripe keeps them. What Stripe then reports
 * comes back through its webhook (modules/payments/webhook.ts).
 */

const unixToDate = (seconds: number) => new Date(seconds * 1000);

/** Muse's view of a Stripe subscription. */
export function snapshotFromStripe(
  subscription: Stripe.Subscription,
  workspaceId: string,
): TSubscriptionSnapshot {
  const item = subscription.items.data[0];
  const fromPrice = parseLookupKey(item?.price.lookup_key);
  const fromMetadata = parseLookupKey(
    `muse_${subscription.metadata.plan}_${subscription.metadata.billing}`,
  );
  const planAndBilling = fromPrice ?? fromMetadata;
  if (!planAndBilling) throw new Error(`Subscription ${subscription.id} is for no Muse plan`);
  // The Stripe client pins its API version, whose statuses are the ones Muse knows.
  const status = ZSubscriptionStatus.safeParse(subscription.status);
  if (!status.success) {
    throw new Error(`Subscription ${subscription.id} has an unknown status ${subscription.status}`);
  }
  const legacy = subscription as unknown as {
    current_period_start?: number;
    current_period_end?: number;
  };
  const start =
    item?.current_period_start ?? legacy.current_period_start ?? subscription.start_date;
  const end = item?.current_period_end ?? legacy.current_period_end ?? start;
  return {
    workspaceId,
    provider: 'stripe',
    providerSubscriptionId: subscription.id,
    providerCustomerId:
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    plan: planAndBilling.plan,
    billing: planAndBilling.billing,
    status: status.data,
    currentPeriodStart: unixToDate(start),
    currentPeriodEnd: unixToDate(end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    canceledAt: subscription.canceled_at ? unixToDate(subscription.canceled_at) : null,
  };
}

/**
 * The fan's own Stripe customer for purchases, found by e-mail and `buyerId` in its metadata,
 * else made. It is not the customer a plan uses (`workspaceId` in its metadata): a plan checkout
 * expires every other open session of that customer (docs/decisions/0023-one-live-subscription.md),
 * which must not reach a post's checkout. Naming a customer is what lets the fan's open
 * sessions be listed; Stripe fills the checkout's e-mail field from it.
 */
async function purchaseCustomer(
  stripe: StripeGateway,
  fan: TPostCheckoutRequest['fan'],
): Promise<string> {
  const { data } = await stripe.client.customers.list({ email: fan.email, limit: 100 });
  const known = data.find((customer) => customer.metadata.buyerId === fan.id);
  if (known) return known.id;
  const created = await stripe.client.customers.create({
    email: fan.email,
    metadata: { buyerId: fan.id },
  });
  return created.id;
}

/** Expires an open session; one paid or expired meanwhile is no longer open, as wanted. */
async function expireSession(stripe: StripeGateway, id: string): Promise<void> {
  try {
    await stripe.client.checkout.sessions.expire(id);
  } catch (error) {
    const session = await stripe.client.checkout.sessions.retrieve(id);
    if (session.status === 'open') throw error;
  }
}

async function stripeCheckout(
  stripe: StripeGateway,
  fan: TPostCheckoutRequest['fan'],
  post: TPostCheckoutRequest['post'],
  urls: { success: string; cancelled: string },
): Promise<string> {
  const customer = await purchaseCustomer(stripe, fan);
  const open = await stripe.client.checkout.sessions.list({ customer, status: 'open', limit: 100 });
  const ofPost = open.data.filter(
    (session) =>
      session.mode === 'payment' &&
      session.metadata?.kind === 'post' &&
      session.metadata.postId === post.id &&
      session.metadata.buyerId === fan.id,
  );
  const same = (session: Stripe.Checkout.Session) =>
    session.amount_total === post.priceCents &&
    session.success_url === urls.success &&
    session.cancel_url === urls.cancelled &&
    !!session.url;
  const reused = ofPost.find(same);
  // One at an older price or page address would sell the post a second time if paid.
  for (const session of ofPost) if (session !== reused) await expireSession(stripe, session.id);
  if (reused?.url) return reused.url;

  const metadata = { kind: 'post', postId: post.id, buyerId: fan.id };
  const session = await stripe.client.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: post.priceCents,
          product_data: { name: `Post by ${post.influencerName}` },
        },
      },
    ],
    customer,
    client_reference_id: fan.id,
    metadata,
    payment_intent_data: { metadata },
    success_url: urls.success,
    cancel_url: urls.cancelled,
  });
  if (!session.url) {
    throw new AppError(502, BILLING_TEXTS.noCheckoutUrlFromServer, 'NO_CHECKOUT_URL');
  }
  return session.url;
}

/** The payment provider that is Stripe; checkouts return to `publicUrl`, Stripe needs absolute addresses. */
export function createStripeProvider(stripe: StripeGateway, publicUrl: string): TPaymentProvider {
  return {
    kind: 'stripe',
    stripe,
    plansChangeAtCheckout: false,
    returnUrl: (path) => `${publicUrl}${path}`,

    startPlanCheckout: (_tx, request: TPlanCheckoutRequest) =>
      stripe.createCheckout({
        workspaceId: request.workspaceId,
        userId: request.userId,
        email: request.email,
        customerId: request.customerId,
        plan: request.plan,
        billing: request.billing,
        promoCode: request.promoCode,
        offer: request.offer ? { expiresAt: request.offer.expiresAt } : null,
        successUrl: `${publicUrl}${request.successPath}`,
        cancelUrl: `${publicUrl}${request.cancelPath}`,
      }),

    startPostCheckout: (_tx, request: TPostCheckoutRequest) =>
      stripeCheckout(stripe, request.fan, request.post, {
        success: `${publicUrl}${request.successPath}`,
        cancelled: `${publicUrl}${request.cancelPath}`,
      }),

    async changePlan(live, plan: TPlanKey, billing: TBillingPeriod) {
      const current = await stripe.client.subscriptions.retrieve(live.providerSubscriptionId);
      const item = current.items.data[0];
      const updated = await stripe.client.subscriptions.update(live.providerSubscriptionId, {
        items: [{ id: item?.id, price: await stripe.priceId(plan, billing) }],
        proration_behavior: 'always_invoice',
        cancel_at_period_end: false,
        metadata: { workspaceId: live.workspaceId, plan, billing },
      });
      return snapshotFromStripe(updated, live.workspaceId);
    },

    async setCancelAtPeriodEnd(live, cancel) {
      const updated = await stripe.client.subscriptions.update(live.providerSubscriptionId, {
        cancel_at_period_end: cancel,
      });
      return snapshotFromStripe(updated, live.workspaceId);
    },

    async cancelNow(live) {
      const current = await stripe.client.subscriptions.retrieve(live.providerSubscriptionId);
      // One Stripe ended already (its webhook not yet here) is not cancelled a second time.
      const ended = current.status === 'canceled' || current.status === 'incomplete_expired';
      const canceled = ended
        ? current
        : await stripe.client.subscriptions.cancel(live.providerSubscriptionId);
      return snapshotFromStripe(canceled, live.workspaceId);
    },
  };
}

/** Where a Stripe subscription is needed and Stripe is not configured. */
export const stripeMissing = () =>
  new AppError(503, BILLING_TEXTS.paymentsUnavailable, 'PAYMENTS_UNAVAILABLE');
