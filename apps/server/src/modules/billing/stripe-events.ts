import type Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import type { TDatabase, TTransaction } from '../../db/client';
import { isUuid } from '@muse/shared';
import { subscriptions, workspaces } from '../../db/schema';
import { redeemOffer } from './first-month-offer';
import type { TPayments } from '../payments/payments';
import { workspaceOfMetadata } from '../payments/stripe-gateway';
import { snapshotFromStripe } from '../payments/stripe-provider';
import {
  invoiceSubscriptionId,
  isOfferDiscount,
  type StripeGateway,
} from '../payments/stripe-gateway';
import type { TSubscriptionSnapshot } from '../payments/provider';
import type { TStripeEventHandlers } from '../payments/webhook';
import { recordPlanReceipt } from '../receipts/record';
import type { TBillingContext } from './checkout';
import {
  findOtherLive,
  grantPaidPeriod,
  grantUpgrade,
  isLive,
  recordSubscription,
  secondPayment,
  withSubscriptionLock,
  type TGrantContext,
  type TRecorded,
  type TSubscriptionRow,
} from './subscriptions';

/**
 * A second Stripe subscription, paid while the account already had a live one (two checkouts
 * paid at once): a higher plan upgrades the live one in place, then the second's payment is
 * refunded and it is cancelled at once (docs/decisions/0023-one-live-subscription.md). Runs under
 * the account's subscription lock; each step is safe to repeat when Stripe redelivers after a
 * failure, and the cancellation comes last, since a live second is what brings this back.
 */
async function supersede(
  tx: TTransaction,
  payments: TPayments,
  stripe: StripeGateway,
  second: Stripe.Subscription,
  snapshot: TSubscriptionSnapshot,
  live: TSubscriptionRow,
): Promise<{ row: TSubscriptionRow; upgrade: TRecorded | null }> {
  const paid = { plan: snapshot.plan, billing: snapshot.billing, startedWhileLive: false };
  const upgrade =
    secondPayment(live, paid) === 'change'
      ? await recordSubscription(
          tx,
          await payments.of(live.provider).changePlan(live, paid.plan, paid.billing),
        )
      : null;
  await stripe.refundLatestInvoice(second);
  const cancelled = await stripe.client.subscriptions.cancel(second.id);
  const { row } = await recordSubscription(tx, snapshotFromStripe(cancelled, snapshot.workspaceId));
  return { row, upgrade };
}

async function syncStripeSubscription(
  context: TBillingContext,
  stripe: StripeGateway,
  subscriptionId: string,
  workspaceHint: string | null,
): Promise<TSubscriptionRow | null> {
  const { db } = context;
  const seen = await stripe.client.subscriptions.retrieve(subscriptionId);
  const [known] = await db
    .select({ workspaceId: subscriptions.workspaceId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, subscriptionId));
  const workspaceId = known?.workspaceId ?? workspaceOfMetadata(seen.metadata) ?? workspaceHint;
  if (!workspaceId || !isUuid(workspaceId)) return null;
  const [workspace] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!workspace) return null;

  const done = await withSubscriptionLock(db, workspaceId, async (tx) => {
    // Read again under the lock: what an earlier delivery did meanwhile is seen.
    const subscription = await stripe.client.subscriptions.retrieve(subscriptionId);
    const snapshot = snapshotFromStripe(subscription, workspaceId);
    const live = await findOtherLive(tx, snapshot);
    if (live) return supersede(tx, context.payments, stripe, subscription, snapshot, live);
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
    workspaceId: row.workspaceId,
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
 * The Stripe events of plans, for the webhook's router (modules/payments/webhook.ts): a plan's
 * paid Checkout, its invoices and its subscription's changes. Every object is re-read from
 * Stripe before acting on it; a post's Checkout (payment mode) is the sales module's.
 */
export function billingStripeEvents(context: TBillingContext): TStripeEventHandlers {
  const { db } = context;
  const checkoutCompleted = async (event: Stripe.Event, stripe: StripeGateway) => {
    const object = event.data.object as Stripe.Checkout.Session;
    const session = await stripe.client.checkout.sessions.retrieve(object.id);
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
  };
  const subscriptionChanged = async (event: Stripe.Event, stripe: StripeGateway) => {
    const subscription = event.data.object as Stripe.Subscription;
    await syncStripeSubscription(context, stripe, subscription.id, null);
  };
  return {
    'checkout.session.completed': checkoutCompleted,
    'checkout.session.async_payment_succeeded': checkoutCompleted,
    'invoice.paid': async (event, stripe) => {
      const object = event.data.object as Stripe.Invoice;
      const invoice = await stripe.client.invoices.retrieve(object.id as string);
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (invoice.status !== 'paid' || !subscriptionId) return;
      const row = await syncStripeSubscription(context, stripe, subscriptionId, null);
      // A second subscription, refunded and cancelled, grants nothing.
      if (row && isLive(row.status) && PERIOD_INVOICES.includes(invoice.billing_reason)) {
        const paidFor = await stripe.planOfInvoice(invoice);
        const firstPeriod = invoice.billing_reason === 'subscription_create';
        await grantPaidPeriod(context, row, firstPeriod, paidFor?.plan ?? row.plan);
      }
      if (row && isLive(row.status)) await invoiceReceipt(context, stripe, invoice, row);
    },
    'invoice.payment_failed': async (event, stripe) => {
      const object = event.data.object as Stripe.Invoice;
      const invoice = await stripe.client.invoices.retrieve(object.id as string);
      const subscriptionId = invoiceSubscriptionId(invoice);
      if (subscriptionId) await syncStripeSubscription(context, stripe, subscriptionId, null);
    },
    'customer.subscription.updated': subscriptionChanged,
    'customer.subscription.deleted': subscriptionChanged,
  };
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
  await withSubscriptionLock(db, row.workspaceId, async (tx) => {
    if (session.amount_total !== null) {
      await tx
        .update(subscriptions)
        .set({ firstPaymentCents: session.amount_total })
        .where(eq(subscriptions.id, row.id));
    }
    // A second subscription, refunded and cancelled at once, used nothing.
    if (isLive(row.status) && session.discounts?.some(isOfferDiscount)) {
      const payer = session.metadata?.userId ?? row.workspaceId;
      if (isUuid(payer)) await redeemOffer(tx, payer, session.id);
    }
  });
}
