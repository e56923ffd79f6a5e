import { z } from 'zod';
import { LICENCE_TERMS } from './marketplace';
import { PLAN_KEYS } from '../plans';
import { safeText, ZIntId } from './input';

/** The onboarding's steps, options and label maps (docs/product/onboarding.md). */
export const ONBOARDING_STEPS = 7;
/** The step 7 offer counts down from this many seconds. */
export const ONBOARDING_OFFER_SECONDS = 86389;
export const ONBOARDING_DEFAULT_AI_NAME = 'Audrey';
/** The onboarding picker lists at most this many unclaimed models. */
export const ONBOARDING_PICKER_LIMIT = 15;

export const ONBOARDING_GOALS = [
  'build-business',
  'content-creation',
  'agency-services',
  'explore-technology',
] as const;
export const ONBOARDING_EXPERIENCE = ['new', 'some', 'experienced'] as const;
export const ONBOARDING_METHODS = ['marketplace', 'custom'] as const;
export const ONBOARDING_NICHES = [
  'fashion',
  'fitness',
  'travel',
  'gaming',
  'food',
  'art',
  'business',
  'other',
] as const;
export const VISUAL_STYLES = ['realistic', 'stylized', 'fantasy', 'anime'] as const;
export const PLATFORMS = ['Instagram', 'YouTube', 'Twitter', 'TikTok'] as const;
export const POSTING_FREQUENCIES = ['daily', 'regular', 'weekly', 'occasional'] as const;
export const CONTENT_TYPES = ['photos', 'reels', 'stories', 'long-videos'] as const;

export type TOnboardingGoal = (typeof ONBOARDING_GOALS)[number];
export type TOnboardingExperience = (typeof ONBOARDING_EXPERIENCE)[number];
export type TOnboardingNiche = (typeof ONBOARDING_NICHES)[number];
export type TVisualStyle = (typeof VISUAL_STYLES)[number];
export type TPlatform = (typeof PLATFORMS)[number];
export type TPostingFrequency = (typeof POSTING_FREQUENCIES)[number];
export type TContentType = (typeof CONTENT_TYPES)[number];

/** Niche labels. */
export const ONBOARDING_NICHE_LABELS: Record<TOnboardingNiche, string> = {
  fashion: 'Fashion & Beauty',
  fitness: 'Fitness & Health',
  travel: 'Travel & Lifestyle',
  gaming: 'Gaming & Tech',
  food: 'Food & Cooking',
  art: 'Art & Creativity',
  business: 'Business & Finance',
  other: 'Other',
};

/** Style labels (step 6 also knows artistic and cinematic). */
export const VISUAL_STYLE_LABELS: Record<string, string> = {
  realistic: 'Ultra Realistic',
  artistic: 'Artistic',
  cinematic: 'Cinematic',
  anime: 'Anime-Inspired',
  stylized: 'Stylized',
  fantasy: 'Fantasy',
};

/** Step 5: frequency labels. */
export const POSTING_FREQUENCY_LABELS: Record<TPostingFrequency, string> = {
  daily: 'Daily',
  regular: '3-4x per week',
  weekly: 'Weekly',
  occasional: 'Occasionally',
};

/** Step 5: content type labels. */
export const CONTENT_TYPE_LABELS: Record<TContentType, string> = {
  photos: 'Photos',
  reels: 'Reels/Shorts',
  stories: 'Stories',
  'long-videos': 'Long Videos',
};

export const ONBOARDING_TEXTS = {
  strategyHint: 'Select platforms, frequency, and content types to continue',
  customModelReady: 'Custom model ready to upload',
  customModelSetup: 'Custom model setup',
  nameRequired: 'Give your AI influencer a name',
  modelUnavailable: 'This model has just been fully claimed. Pick another one.',
  stepLocked: 'Finish the earlier steps first',
  // A custom model's step 7 and the dashboard's waiting persona say what is ready, and what not.
  draftBadge: 'DRAFT',
  draftSaved: (name: string) => `${name} is saved as a draft`,
  draftNeedsSlotAndPhotos:
    'Needs an influencer slot and training photos. Pick a plan below, then upload photos from your dashboard.',
  draftNeedsPhotos: 'Needs training photos. Continue to your dashboard to upload them.',
  waitingHeading: 'Waiting for a plan',
  waitingCustom: (name: string) =>
    `${name} is saved as a draft. Choose a plan to give ${name} an influencer slot, then upload training photos to bring ${name} to life.`,
  waitingMarketplace: (name: string) =>
    `${name} is saved as a draft. Choose a plan to give ${name} an influencer slot; ${name} is ready to create with once it has one.`,
  choosePlan: 'Choose a plan',
  offerUsed: 'The first-month offer has already been used on this account.',
  offerFirstMonth: (full: string) => `first month, then ${full}/month`,
} as const;

/** The answers a creator gives; every field may still be unanswered (null). */
export const ZOnboardingAnswers = z.object({
  goal: z.enum(ONBOARDING_GOALS).nullable(),
  experience: z.enum(ONBOARDING_EXPERIENCE).nullable(),
  creationMethod: z.enum(ONBOARDING_METHODS).nullable(),
  modelId: ZIntId.nullable(),
  /**
   * The version of the marketplace licence terms the creator accepted for the pick
   * (LICENCE_TERMS); a pick cannot be taken past step 3 without the current one.
   */
  licenceTermsVersion: z.string().max(40).nullable(),
  aiName: safeText().trim().max(60, 'Keep the name under 60 characters'),
  niche: z.enum(ONBOARDING_NICHES).nullable(),
  visualStyle: z.enum(VISUAL_STYLES).nullable(),
  platforms: z.array(z.enum(PLATFORMS)).max(PLATFORMS.length),
  postingFrequency: z.enum(POSTING_FREQUENCIES).nullable(),
  contentTypes: z.array(z.enum(CONTENT_TYPES)).max(CONTENT_TYPES.length),
  selectedPlan: z.enum(PLAN_KEYS).nullable(),
});
export type TOnboardingAnswers = z.infer<typeof ZOnboardingAnswers>;

/**
 * The step 7 first-month offer while the account can still use it: until `endsAt`, once, on
 * `plans` billed monthly (docs/decisions/0037-a-real-first-month-offer.md).
 */
export const ZOnboardingOffer = z.object({
  endsAt: z.string(),
  percentOff: z.number(),
  plans: z.array(z.enum(PLAN_KEYS)),
});
export type TOnboardingOffer = z.infer<typeof ZOnboardingOffer>;

export const ZOnboardingState = ZOnboardingAnswers.extend({
  step: z.number().int().min(1).max(ONBOARDING_STEPS),
  /** When the step 7 offer ends (ISO); set the first time step 7 is reached. */
  offerEndsAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Finished without a free influencer slot: the persona waits until a slot exists. */
  draftPending: z.boolean(),
  /** The influencer the onboarding created, once it exists. */
  influencerId: z.string().nullable(),
  /** The offer, while it can be used: null once it has ended, been used, or a plan is live. */
  offer: ZOnboardingOffer.nullable(),
});
export type TOnboardingState = z.infer<typeof ZOnboardingState>;

export const ZOnboardingResponse = z.object({
  success: z.literal(true),
  onboarding: ZOnboardingState,
  /** Server time (ISO), so the countdown does not depend on the device's clock. */
  serverTime: z.string(),
});
export type TOnboardingResponse = z.infer<typeof ZOnboardingResponse>;

/** PUT /api/onboarding: the step the creator is on and the answers so far. */
export const ZUpdateOnboardingRequest = ZOnboardingAnswers.partial().extend({
  step: z.number().int().min(1).max(ONBOARDING_STEPS),
});
export type TUpdateOnboardingRequest = z.infer<typeof ZUpdateOnboardingRequest>;

/** The rule that must hold before Continue leaves `step` (docs/product/onboarding.md). */
export function canLeaveStep(step: number, answers: TOnboardingAnswers): boolean {
  switch (step) {
    case 2:
      return answers.goal !== null && answers.experience !== null;
    case 3:
      // A marketplace pick is a claim: its licence terms must be accepted first.
      return (
        answers.creationMethod !== null &&
        (answers.creationMethod !== 'marketplace' ||
          answers.modelId === null ||
          answers.licenceTermsVersion === LICENCE_TERMS.version)
      );
    case 4:
      return answers.aiName.trim() !== '' && answers.niche !== null && answers.visualStyle !== null;
    case 5:
      return (
        answers.platforms.length > 0 &&
        answers.postingFrequency !== null &&
        answers.contentTypes.length > 0
      );
    default:
      return true;
  }
}

/** The furthest step these answers allow (every earlier step's rule holds). */
export function furthestReachableStep(answers: TOnboardingAnswers): number {
  let step = 1;
  while (step < ONBOARDING_STEPS && canLeaveStep(step, answers)) step += 1;
  return step;
}
