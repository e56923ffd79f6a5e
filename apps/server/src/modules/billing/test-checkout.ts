import {
  ONBOARDING_TEXTS,
  PLANS,
  type TBillingPeriod,
  type TPlanKey,
  type TTestCheckoutSession,
  type TTestCheckoutStatus,
} from '@muse/shared';
import { and, eq, gt } from 'drizzle-orm';
import type { TTransaction } from '../../db/client';
import { testCheckoutSessions, type TUserRow } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';
import { redeemOffer } from './first-month-offer';
import type { TTestSessionRow } from '../payments/routes';
import { testCheckoutPage } from '../payments/test-mode-provider';
import { recordPlanReceipt } from '../receipts/record';
import type { TBillingContext } from './checkout';
import {
  addPeriod,
  findLiveSubscription,
  grantPaidPeriod,
  grantUpgrade,
  planChargeCents,
  recordSubscription,
  secondPayment,
  withSubscriptionLock,
  type TRecorded,
} from './subscriptions';

/*
 * Paying a plan's TEST MODE checkout (no Stripe keys): Muse's own checkout page, clearly marked
 * TEST MODE, takes no money; its payment starts or changes the plan through the functions
 * Stripe's paid invoice uses (modules/payments/routes.ts shows the page and hands a plan's
 * session over to this file).
 */

/** A plan's session has both (the table's check constraint); a post's has neither. */
function planOf(session: { id: string; plan: TPlanKey | null; billing: TBillingPeriod | null }) {
  const { plan, billing } = session;
  if (!plan || !billing) throw new Error(`Test checkout ${session.id} is for no plan`);
  return { plan, billing };
}

/** The TEST MODE checkout page's view of a plan's session. */
export async function describePlanTestCheckout(
  session: TTestSessionRow,
  user: Omit<TUserRow, 'passwordHash'>,
): Promise<TTestCheckoutSession> {
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
  session: TTestSessionRow,
  kind: 'plan' | 'upgrade',
): Promise<void> {
  const { plan, billing } = planOf(session);
  await recordPlanReceipt(tx, {
    workspaceId: session.workspaceId ?? session.userId,
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
export async function payPlanTestCheckout(
  context: TBillingContext,
  session: TTestSessionRow,
  userId: string,
): Promise<string> {
  const { db } = context;
  const { id } = session;
  // Relative, as the checkout's own address (`createCheckout`).
  const refundedUrl = testCheckoutPage(session.id);
  // The workspace the plan is for; a checkout started before workspaces names only its payer.
  const workspaceId = session.workspaceId ?? userId;
  const payment = await withSubscriptionLock(db, workspaceId, async (tx): Promise<TTestPayment> => {
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
    const live = await findLiveSubscription(tx, workspaceId);
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
        workspaceId,
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
    const changed = await context.payments.of(live.provider).changePlan(live, plan, billing);
    const recorded = await recordSubscription(tx, changed);
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
