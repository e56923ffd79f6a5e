import type {
  TBillingPeriod,
  TPlanKey,
  TSubscriptionProvider,
  TSubscriptionStatus,
} from '@muse/shared';
import type { TQueryable } from '../../db/client';
import type { subscriptions } from '../../db/schema';
import type { StripeGateway } from './stripe-gateway';

/*
 * A payment provider takes money for Muse: Stripe, or Muse's own TEST MODE checkout when no
 * Stripe keys are set (docs/decisions/0046-reads-never-write.md, "Payments as providers"). What
 * the money buys (a plan's benefits, a post's purchase, the creator's earnings) is decided by
 * the modules that sell it (billing, sales); a provider only starts checkouts and changes
 * subscriptions where they are kept, and answers what the subscription is now.
 */

/** A provider's view of a subscription, as Muse records it. */
export type TSubscriptionSnapshot = {
  /** The workspace the plan is for. */
  workspaceId: string;
  provider: TSubscriptionProvider;
  providerSubscriptionId: string;
  providerCustomerId: string | null;
  plan: TPlanKey;
  billing: TBillingPeriod;
  status: TSubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  /** What the first period was charged, when the snapshot is of a purchase being recorded. */
  firstPaymentCents?: number | null;
};

type TSubscriptionRow = typeof subscriptions.$inferSelect;

/** Where a checkout returns to, as paths of Muse's web app. */
export type TReturnPaths = { successPath: string; cancelPath: string };

export type TPlanCheckoutRequest = TReturnPaths & {
  /** The workspace the plan is for. */
  workspaceId: string;
  /** The person paying (its owner), and the address the provider writes to. */
  userId: string;
  email: string;
  /** The provider's customer the workspace's earlier subscriptions used. */
  customerId: string | null;
  plan: TPlanKey;
  billing: TBillingPeriod;
  promoCode: string | null;
  /** What the plan's first period costs without the offer. */
  amountCents: number;
  /** The onboarding's first-month offer, when the checkout uses it. */
  offer: { expiresAt: Date; percentOff: number; amountCents: number } | null;
};

export type TPostCheckoutRequest = TReturnPaths & {
  fan: { id: string; email: string };
  post: { id: string; priceCents: number; influencerName: string };
};

export interface TPaymentProvider {
  readonly kind: TSubscriptionProvider;
  /** Stripe's client, for what only Stripe does (its webhook, Connect payouts); null in TEST MODE. */
  readonly stripe: StripeGateway | null;
  /**
   * Whether a move of a live plan to another is paid on a checkout page (TEST MODE's, whose
   * payment changes the plan), rather than changed in place on the subscription (Stripe prorates).
   */
  readonly plansChangeAtCheckout: boolean;
  /** A page of Muse's web app as a checkout returns to it: absolute for Stripe, relative in TEST MODE. */
  returnUrl(path: string): string;
  /** The address of a new checkout of a plan. `tx` holds the account's checkout lock. */
  startPlanCheckout(tx: TQueryable, request: TPlanCheckoutRequest): Promise<string>;
  /** The address of a checkout of a post. `tx` holds the fan's post-checkout lock. */
  startPostCheckout(tx: TQueryable, request: TPostCheckoutRequest): Promise<string>;
  /** Moves a live subscription to another plan; answers what it is now. */
  changePlan(
    live: TSubscriptionRow,
    plan: TPlanKey,
    billing: TBillingPeriod,
  ): Promise<TSubscriptionSnapshot>;
  /** Cancels at the end of the paid period (`true`) or undoes that; answers what it is now. */
  setCancelAtPeriodEnd(live: TSubscriptionRow, cancel: boolean): Promise<TSubscriptionSnapshot>;
  /** Ends a live subscription now, without waiting for its period's end (an account deleted). */
  cancelNow(live: TSubscriptionRow): Promise<TSubscriptionSnapshot>;
}

/** A snapshot of a subscription as recorded, with `changes`. */
export function snapshotOfRow(
  row: TSubscriptionRow,
  changes: Partial<TSubscriptionSnapshot>,
): TSubscriptionSnapshot {
  return {
    workspaceId: row.workspaceId,
    provider: row.provider,
    providerSubscriptionId: row.providerSubscriptionId,
    providerCustomerId: row.providerCustomerId,
    plan: row.plan,
    billing: row.billing,
    status: row.status,
    currentPeriodStart: row.currentPeriodStart,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: row.canceledAt,
    ...changes,
  };
}
