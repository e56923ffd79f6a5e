import { z } from 'zod';
import { BILLING_PERIODS, PLAN_KEYS } from '../plans';
import { safeText } from './input';
import { PAGE_SIZES, pageQueryFields } from './pages';

/** A plan key or billing period arriving from outside (Stripe metadata, a price lookup key). */
export const ZPlanKey = z.enum(PLAN_KEYS);
export const ZBillingPeriod = z.enum(BILLING_PERIODS);

/** Who runs a subscription: Stripe, or Muse's own TEST MODE checkout without Stripe keys. */
export const SUBSCRIPTION_PROVIDERS = ['stripe', 'test'] as const;
export type TSubscriptionProvider = (typeof SUBSCRIPTION_PROVIDERS)[number];

/** Stripe's subscription statuses; the TEST MODE checkout uses active and canceled. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
/** Statuses in which a plan's benefits are in force (Stripe keeps retrying a past-due payment). */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const;

export const ZSubscriptionStatus = z.enum(SUBSCRIPTION_STATUSES);
export type TSubscriptionStatus = z.infer<typeof ZSubscriptionStatus>;

/** `refunded`: paid while the account already had a plan, so it was refunded (docs/decisions/0023-one-live-subscription.md). */
export const TEST_CHECKOUT_STATUSES = ['open', 'complete', 'cancelled', 'refunded'] as const;
export type TTestCheckoutStatus = (typeof TEST_CHECKOUT_STATUSES)[number];

/** What the ledger counts: credits, and model tokens (influencer slots). */
export const LEDGER_CURRENCIES = ['credits', 'model_tokens'] as const;
export type TLedgerCurrency = (typeof LEDGER_CURRENCIES)[number];

/** Why credits or tokens moved. */
export const LEDGER_KINDS = [
  'welcome',
  'plan',
  'renewal',
  'upgrade',
  'spend',
  'refund',
  'adjustment',
] as const;
export type TLedgerKind = (typeof LEDGER_KINDS)[number];

export const BILLING_TEXTS = {
  // Word for word (docs/product/plans-and-credits.md).
  checkoutFailed: 'Failed to create checkout session. Please try again.',
  noCheckoutUrlFromServer: 'No checkout URL received from server',
  noCheckoutUrl: 'No checkout URL received',
  failedToGetCheckoutUrl: 'Failed to get checkout URL',
  failedToStartPayment: 'Failed to start payment process',
  pleaseLogIn: 'Please log in to purchase credits',
  paymentSuccess: 'Payment successful! Your subscription is now active.',
  paymentCancelled: 'Payment was cancelled. You can try again anytime.',
  // Muse's own.
  promoCodeInvalid: 'This promo code is not valid',
  alreadyOnPlan: 'You are already on this plan',
  noSubscription: 'You have no active subscription',
  paymentsUnavailable: 'Payments are not set up for this plan yet. Please try again later.',
} as const;

export const ZCreateCheckoutRequest = z.object({
  plan: z.enum(PLAN_KEYS, { error: 'Choose a plan: builder, launch or growth' }),
  billing: z.enum(BILLING_PERIODS, { error: 'Choose monthly or yearly billing' }),
  promoCode: safeText().trim().max(50).nullish(),
  /**
   * Where the payment returns to: the credits page (default), the dashboard, or the onboarding
   * (paid: the dashboard; cancelled: back to the onboarding's plans).
   */
  returnTo: z.enum(['credits', 'dashboard', 'onboarding']).optional(),
  /** Asks for the onboarding's first-month offer; given only while the account can use it. */
  offer: z.boolean().optional(),
});
export type TCreateCheckoutRequest = z.infer<typeof ZCreateCheckoutRequest>;

export const ZCheckoutResponse = z.object({ success: z.literal(true), url: z.string() });
export type TCheckoutResponse = z.infer<typeof ZCheckoutResponse>;

export const ZSubscriptionSummary = z.object({
  plan: z.enum(PLAN_KEYS).nullable(),
  /** 'FREE' or the plan's name, for the sidebar. */
  planLabel: z.string(),
  credits: z.number(),
  modelTokens: z.number(),
  influencerSlots: z.number(),
  subscription: z
    .object({
      plan: ZPlanKey,
      planName: z.string(),
      billing: ZBillingPeriod,
      status: z.string(),
      provider: z.enum(SUBSCRIPTION_PROVIDERS),
      currentPeriodStart: z.string(),
      currentPeriodEnd: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      canceledAt: z.string().nullable(),
    })
    .nullable(),
});
export type TSubscriptionSummary = z.infer<typeof ZSubscriptionSummary>;

export const ZSubscriptionResponse = z.object({
  success: z.literal(true),
  data: ZSubscriptionSummary,
});

export const ZLedgerEntry = z.object({
  id: z.string(),
  currency: z.enum(LEDGER_CURRENCIES),
  amount: z.number(),
  kind: z.string(),
  description: z.string(),
  createdAt: z.string(),
  /** The API key that spent, when a program did (its name as it was when revoked). */
  apiKey: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

/**
 * GET /api/credits/history: the ledger newest first, a page of PAGE_SIZES.creditHistory (50) at
 * a time unless `limit` (1–100) says otherwise.
 */
export const ZCreditHistoryQuery = z.object(pageQueryFields(PAGE_SIZES.creditHistory));
export type TCreditHistoryQuery = z.input<typeof ZCreditHistoryQuery>;

export const ZCreditHistoryResponse = z.object({
  success: z.literal(true),
  entries: z.array(ZLedgerEntry),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TCreditHistoryResponse = z.infer<typeof ZCreditHistoryResponse>;

/**
 * A TEST MODE checkout: of a plan (`plan` and `billing`), or of a pay-per-view post (`post`,
 * with `plan` and `billing` null).
 */
export const ZTestCheckoutSession = z.object({
  id: z.string(),
  plan: ZPlanKey.nullable(),
  billing: ZBillingPeriod.nullable(),
  post: z
    .object({
      id: z.string(),
      /** The post's caption (may be empty) and whose it is. */
      caption: z.string(),
      influencerName: z.string(),
      handle: z.string().nullable(),
    })
    .nullable(),
  /** What paying charges today (a plan's first month under the onboarding offer: discounted). */
  amountCents: z.number(),
  /** The first month's discount of a plan's checkout under the onboarding offer, else null. */
  discountPercent: z.number().nullable().optional(),
  status: z.enum(TEST_CHECKOUT_STATUSES),
  email: z.string(),
});
export type TTestCheckoutSession = z.infer<typeof ZTestCheckoutSession>;

export const ZTestCheckoutResponse = z.object({
  success: z.literal(true),
  session: ZTestCheckoutSession,
});
