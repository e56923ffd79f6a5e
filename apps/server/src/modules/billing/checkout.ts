import {
  BILLING_TEXTS,
  PLANS,
  firstMonthOfferCents,
  planLabel,
  type TBillingPeriod,
  type TCreateCheckoutRequest,
  type TPlanKey,
  type TSubscriptionSummary,
} from '@muse/shared';
import { sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import type { TUserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { offerForCheckout } from './first-month-offer';
import type { TPayments } from '../payments/payments';
import { getAccountState } from './entitlements';
import {
  applySubscription,
  findLatestSubscription,
  findLiveSubscription,
  planChargeCents,
  type TGrantContext,
  type TSubscriptionRow,
} from './subscriptions';

/*
 * Buying and changing a plan (docs/product/plans-and-credits.md): the checkout goes through the
 * payment provider (Stripe, or TEST MODE without Stripe keys: modules/payments/), a live plan
 * changes in place or on the provider's checkout page, and cancelling keeps the plan to the end
 * of its paid period. What a paid checkout grants comes back through Stripe's webhook
 * (stripe-events.ts) or the TEST MODE checkout's payment (test-checkout.ts).
 */

export type TBillingContext = TGrantContext & { payments: TPayments };

/**
 * Where a checkout returns to, as paths: the provider makes them absolute for Stripe, and leaves
 * them relative for Muse's own TEST MODE checkout, so a visitor on another host name of Muse
 * (127.0.0.1 rather than localhost) comes back to the host that holds their session, as a post's
 * checkout does (modules/sales/checkout.ts).
 */
function returnPaths(returnTo: TCreateCheckoutRequest['returnTo']) {
  const page = returnTo === 'dashboard' || returnTo === 'onboarding' ? '/dashboard' : '/credits';
  // The onboarding's cancelled checkout returns to its plans, which stay open.
  const cancelPage = returnTo === 'onboarding' ? '/onboarding' : page;
  return {
    successPath: `${page}?payment=success`,
    cancelPath: `${cancelPage}?payment=cancelled`,
  };
}

/**
 * Starts a purchase of a plan for `workspaceId`, paid by `user`: a checkout of the payment
 * provider. A workspace that already has a live plan changes it in place instead (an upgrade),
 * where the provider changes plans without a checkout.
 */
export async function createCheckout(
  context: TBillingContext,
  workspaceId: string,
  user: Omit<TUserRow, 'passwordHash'>,
  request: TCreateCheckoutRequest,
): Promise<string> {
  const { db, payments } = context;
  const provider = payments.checkout;
  const live = await findLiveSubscription(db, workspaceId);
  if (live && live.plan === request.plan && live.billing === request.billing) {
    throw conflict(BILLING_TEXTS.alreadyOnPlan, 'ALREADY_ON_PLAN');
  }
  // The onboarding's first-month offer, when asked for and still open; a promotion code or a
  // live plan (changed in place) leaves it aside (docs/decisions/0037-a-real-first-month-offer.md).
  const offer =
    request.offer && !request.promoCode && !live
      ? await offerForCheckout(db, user.id, request)
      : null;
  const paths = returnPaths(request.returnTo);

  if (live && !provider.plansChangeAtCheckout) {
    // A live plan changes in place (Stripe prorates); no second subscription.
    await changePlan(context, live, request.plan, request.billing);
    return provider.returnUrl(paths.successPath);
  }
  // Test mode knows no promotion codes.
  if (request.promoCode && provider.kind === 'test') {
    throw badRequest(BILLING_TEXTS.promoCodeInvalid, 'PROMO_CODE_INVALID');
  }
  // One checkout at a time per workspace: a second request waits, then finds the first open.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`checkout:${workspaceId}`}))`);
    const previous = await findLatestSubscription(tx, workspaceId);
    return provider.startPlanCheckout(tx, {
      workspaceId,
      userId: user.id,
      email: user.email,
      customerId: previous?.providerCustomerId ?? null,
      plan: request.plan,
      billing: request.billing,
      promoCode: request.promoCode || null,
      amountCents: planChargeCents(request.plan, request.billing),
      offer: offer
        ? {
            expiresAt: offer.checkoutExpiresAt,
            percentOff: offer.percentOff,
            amountCents: firstMonthOfferCents(PLANS[request.plan]),
          }
        : null,
      ...paths,
    });
  });
}

/** The live subscription moves to another plan where its provider keeps it. */
async function changePlan(
  context: TBillingContext,
  live: TSubscriptionRow,
  plan: TPlanKey,
  billing: TBillingPeriod,
): Promise<void> {
  const provider = context.payments.of(live.provider);
  await applySubscription(context, await provider.changePlan(live, plan, billing));
}

/** Cancels at the end of the paid period; the plan's benefits stay until then. */
export async function cancelSubscription(
  context: TBillingContext,
  workspaceId: string,
): Promise<void> {
  const live = await findLiveSubscription(context.db, workspaceId);
  if (!live) throw notFound(BILLING_TEXTS.noSubscription, 'NO_SUBSCRIPTION');
  const provider = context.payments.of(live.provider);
  await applySubscription(context, await provider.setCancelAtPeriodEnd(live, true));
}

/** Undoes a cancellation before the period ends: the plan renews again. */
export async function resumeSubscription(
  context: TBillingContext,
  workspaceId: string,
): Promise<void> {
  const live = await findLiveSubscription(context.db, workspaceId);
  if (!live || !live.cancelAtPeriodEnd)
    throw notFound(BILLING_TEXTS.noSubscription, 'NO_SUBSCRIPTION');
  const provider = context.payments.of(live.provider);
  await applySubscription(context, await provider.setCancelAtPeriodEnd(live, false));
}

export async function subscriptionSummary(
  db: TDatabase,
  workspaceId: string,
): Promise<TSubscriptionSummary> {
  const state = await getAccountState(db, workspaceId);
  const shown = state.subscription ?? (await findLatestSubscription(db, workspaceId)) ?? null;
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
