import { and, eq, gt } from 'drizzle-orm';
import type { TQueryable } from '../../db/client';
import { testCheckoutSessions } from '../../db/schema';
import { randomToken } from '../../lib/tokens';
import {
  snapshotOfRow,
  type TPaymentProvider,
  type TPlanCheckoutRequest,
  type TPostCheckoutRequest,
} from './provider';

/*
 * TEST MODE, Muse's own payment provider when no Stripe keys are set: its checkout page
 * (`/checkout/test/:id`, clearly marked TEST MODE) takes no money, and its subscriptions live only
 * in Muse's database. Its addresses are relative, so a visitor on another host name of Muse
 * (127.0.0.1 rather than localhost) comes back to the host that holds their session. Paying one
 * of its checkouts is the selling module's (modules/payments/test-checkout.ts hands it over).
 */

/** A TEST MODE checkout lives this long, unless the offer it uses ends sooner. */
const TEST_CHECKOUT_HOURS = 24;

const checkoutPage = (id: string) => `/checkout/test/${id}`;

/** Where a TEST MODE checkout is paid or cancelled. */
export const testCheckoutPage = checkoutPage;

async function startPlanCheckout(db: TQueryable, request: TPlanCheckoutRequest): Promise<string> {
  const { offer } = request;
  const id = `cs_test_${randomToken()}`;
  await db.insert(testCheckoutSessions).values({
    id,
    userId: request.userId,
    workspaceId: request.workspaceId,
    plan: request.plan,
    billing: request.billing,
    // The price is fixed when the checkout starts: the first month's under the offer.
    amountCents: offer ? offer.amountCents : request.amountCents,
    discountPercent: offer?.percentOff ?? null,
    successUrl: request.successPath,
    cancelUrl: request.cancelPath,
    expiresAt: offer?.expiresAt ?? new Date(Date.now() + TEST_CHECKOUT_HOURS * 60 * 60 * 1000),
  });
  return checkoutPage(id);
}

/** A post's open checkout for the same price and page is handed out again instead of a second. */
async function startPostCheckout(tx: TQueryable, request: TPostCheckoutRequest): Promise<string> {
  const { fan, post } = request;
  const [open] = await tx
    .select({ id: testCheckoutSessions.id })
    .from(testCheckoutSessions)
    .where(
      and(
        eq(testCheckoutSessions.userId, fan.id),
        eq(testCheckoutSessions.postId, post.id),
        eq(testCheckoutSessions.amountCents, post.priceCents),
        eq(testCheckoutSessions.successUrl, request.successPath),
        eq(testCheckoutSessions.status, 'open'),
        gt(testCheckoutSessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  const id = open?.id ?? `cs_test_${randomToken()}`;
  if (!open) {
    await tx.insert(testCheckoutSessions).values({
      id,
      userId: fan.id,
      postId: post.id,
      amountCents: post.priceCents,
      successUrl: request.successPath,
      cancelUrl: request.cancelPath,
      expiresAt: new Date(Date.now() + TEST_CHECKOUT_HOURS * 60 * 60 * 1000),
    });
  }
  return checkoutPage(id);
}

export const testModeProvider: TPaymentProvider = {
  kind: 'test',
  stripe: null,
  plansChangeAtCheckout: true,
  returnUrl: (path) => path,
  startPlanCheckout,
  startPostCheckout,
  // A TEST MODE subscription just changes: no money moves.
  changePlan: async (live, plan, billing) =>
    snapshotOfRow(live, { plan, billing, cancelAtPeriodEnd: false }),
  setCancelAtPeriodEnd: async (live, cancel) => snapshotOfRow(live, { cancelAtPeriodEnd: cancel }),
  cancelNow: async (live) =>
    snapshotOfRow(live, { status: 'canceled', canceledAt: new Date(), cancelAtPeriodEnd: false }),
};
