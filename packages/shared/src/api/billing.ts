import { z } from 'zod';
import { PLAN_KEYS } from '../plans';

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
  billing: z.enum(['monthly', 'yearly'], { error: 'Choose monthly or yearly billing' }),
  promoCode: z.string().trim().max(50).nullish(),
  /** Where the payment returns to: the credits page (default) or, from onboarding, the dashboard. */
  returnTo: z.enum(['credits', 'dashboard']).optional(),
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
      plan: z.enum(PLAN_KEYS),
      planName: z.string(),
      billing: z.enum(['monthly', 'yearly']),
      status: z.string(),
      provider: z.enum(['stripe', 'test']),
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
  currency: z.enum(['credits', 'model_tokens']),
  amount: z.number(),
  kind: z.string(),
  description: z.string(),
  createdAt: z.string(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

export const ZCreditHistoryResponse = z.object({
  success: z.literal(true),
  entries: z.array(ZLedgerEntry),
});

export const ZTestCheckoutSession = z.object({
  id: z.string(),
  plan: z.enum(PLAN_KEYS),
  billing: z.enum(['monthly', 'yearly']),
  amountCents: z.number(),
  status: z.enum(['open', 'complete', 'cancelled']),
  email: z.string(),
});
export type TTestCheckoutSession = z.infer<typeof ZTestCheckoutSession>;

export const ZTestCheckoutResponse = z.object({
  success: z.literal(true),
  session: ZTestCheckoutSession,
});
