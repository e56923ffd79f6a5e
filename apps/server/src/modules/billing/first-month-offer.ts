import {
  FIRST_MONTH_DISCOUNT_PERCENT,
  FIRST_MONTH_OFFER_PLANS,
  type TBillingPeriod,
  type TOnboardingOffer,
  type TPlanKey,
} from '@muse/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { TQueryable } from '../../db/client';
import { onboardingStates } from '../../db/schema';

/**
 * The onboarding's first-month offer (docs/decisions/0037-a-real-first-month-offer.md): 50% off
 * the first month of the plans it covers, billed monthly, from the first time step 7 is saved
 * until its deadline, once per account, from the onboarding's plans (finishing the onboarding
 * without it ends it).
 */
type TOfferRow = {
  offerEndsAt: Date | null;
  offerRedeemedAt: Date | null;
  completedAt: Date | null;
};

/** A checkout started with the offer closes no sooner than this after it starts (Stripe's least). */
export const OFFER_CHECKOUT_MIN_MS = 30 * 60 * 1000;
/** …and no later than this (Stripe's most, and the TEST MODE checkout's life). */
export const OFFER_CHECKOUT_MAX_MS = 24 * 60 * 60 * 1000;

/** Whether the account can still use the offer at `now`. */
export function offerOpen(
  row: TOfferRow | undefined,
  now: Date,
): row is TOfferRow & {
  offerEndsAt: Date;
} {
  return !!row?.offerEndsAt && row.offerEndsAt > now && !row.offerRedeemedAt && !row.completedAt;
}

/** The offer as the onboarding shows it, or null once it has ended or been used. */
export function describeOffer(row: TOfferRow | undefined, now: Date): TOnboardingOffer | null {
  if (!offerOpen(row, now)) return null;
  return {
    endsAt: row.offerEndsAt.toISOString(),
    percentOff: FIRST_MONTH_DISCOUNT_PERCENT,
    plans: [...FIRST_MONTH_OFFER_PLANS],
  };
}

/** What a checkout asking for the offer gets: its discount and when it ends, or null. */
export type TCheckoutOffer = { percentOff: number; endsAt: Date; checkoutExpiresAt: Date };

/**
 * The discount a new checkout of `plan` carries: the offer's, while it is open and covers the
 * plan and period. The checkout closes when the offer ends (no sooner than 30 minutes after it
 * starts, the shortest life Stripe gives a Checkout Session), so its price is charged only
 * around the time the countdown showed it.
 */
export async function offerForCheckout(
  db: TQueryable,
  userId: string,
  purchase: { plan: TPlanKey; billing: TBillingPeriod },
  now = new Date(),
): Promise<TCheckoutOffer | null> {
  if (purchase.billing !== 'monthly' || !FIRST_MONTH_OFFER_PLANS.includes(purchase.plan)) {
    return null;
  }
  const [row] = await db
    .select({
      offerEndsAt: onboardingStates.offerEndsAt,
      offerRedeemedAt: onboardingStates.offerRedeemedAt,
      completedAt: onboardingStates.completedAt,
    })
    .from(onboardingStates)
    .where(eq(onboardingStates.userId, userId));
  if (!offerOpen(row, now)) return null;
  const closes = Math.min(
    Math.max(row.offerEndsAt.getTime(), now.getTime() + OFFER_CHECKOUT_MIN_MS),
    now.getTime() + OFFER_CHECKOUT_MAX_MS,
  );
  return {
    percentOff: FIRST_MONTH_DISCOUNT_PERCENT,
    endsAt: row.offerEndsAt,
    checkoutExpiresAt: new Date(closes),
  };
}

/**
 * A paid checkout that carried the offer uses it, once per account: the first one paid records
 * itself; any other finds it taken (false). The same checkout asking again (a repeated delivery)
 * finds itself (true). Runs in the caller's transaction, which holds the account's subscription
 * lock, so two payments are never both first.
 */
export async function redeemOffer(
  tx: TQueryable,
  userId: string,
  checkoutId: string,
  now = new Date(),
): Promise<boolean> {
  const [taken] = await tx
    .update(onboardingStates)
    .set({ offerRedeemedAt: now, offerCheckoutId: checkoutId })
    .where(and(eq(onboardingStates.userId, userId), isNull(onboardingStates.offerRedeemedAt)))
    .returning({ userId: onboardingStates.userId });
  if (taken) return true;
  const [row] = await tx
    .select({ checkoutId: onboardingStates.offerCheckoutId })
    .from(onboardingStates)
    .where(eq(onboardingStates.userId, userId));
  return row?.checkoutId === checkoutId;
}
