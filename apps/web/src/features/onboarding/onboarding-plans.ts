import { FIRST_MONTH_DISCOUNT_PERCENT, formatUsd, type TPlan } from '@muse/shared';

/**
 * The Pro card's struck-through price ($50 for $25): the price it would be without
 * the 50% offer. Only the most popular plan carries the offer.
 */
export function originalPriceCents(plan: TPlan): number | null {
  if (!plan.mostPopular) return null;
  return Math.round((plan.monthlyPriceCents * 100) / (100 - FIRST_MONTH_DISCOUNT_PERCENT));
}

/** 'SAVE 50%'. */
export const SAVE_TEXT = `SAVE ${FIRST_MONTH_DISCOUNT_PERCENT}%`;

/** The price that will be charged, per month (no '.99' appended; docs/product/onboarding.md). */
export function monthlyPrice(plan: TPlan): string {
  return formatUsd(plan.monthlyPriceCents);
}

/**
 * The lines an onboarding plan card lists, from the plan's own figures: 'Basic: 500
 * credits, photos only, no video'; 'Pro: 2000 credits, 2 model tokens per month, 60 scheduled
 * posts'; 'Elite: 8000 credits, 5 model tokens per month, priority support'.
 */
export function onboardingPlanLines(plan: TPlan): string[] {
  const tokens = plan.trainingsPerMonth;
  const lines = [
    `${plan.creditsPerMonth} credits`,
    `${tokens} model ${tokens === 1 ? 'token' : 'tokens'} per month`,
  ];
  if (!plan.entitlements.videoGeneration) lines.push('Photos only, no video');
  else lines.push('Photo and video generation');
  lines.push(`${plan.entitlements.scheduledPostsPerMonth} scheduled posts`);
  if (plan.support === 'priority') lines.push('Priority support');
  return lines;
}
