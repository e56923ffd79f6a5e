import { firstMonthOfferCents, formatUsd, type TOnboardingOffer, type TPlan } from '@muse/shared';

/**
 * The first-month offer as a plan card shows it, while the server says it runs and covers the
 * plan: the first month's price, with the plan's real monthly price struck through
 * (docs/decisions/0037-a-real-first-month-offer.md). Null: the plan's own price, no offer.
 */
export function planOffer(
  plan: TPlan,
  offer: TOnboardingOffer | null,
): { priceCents: number; fullCents: number; saveText: string } | null {
  if (!offer || !offer.plans.includes(plan.key)) return null;
  return {
    priceCents: firstMonthOfferCents(plan),
    fullCents: plan.monthlyPriceCents,
    saveText: `SAVE ${offer.percentOff}%`,
  };
}

/** 'Pro Plan · Launch': the onboarding's name beside the plan's own. */
export function onboardingPlanTitle(plan: TPlan): string {
  return `${plan.onboardingName} · ${plan.name}`;
}

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
