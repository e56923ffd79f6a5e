/**
 * Plans, prices, entitlements and credit costs (docs/product/plans-and-credits.md). The one place
 * they exist: the landing page, onboarding, the credits page and the server all read this module.
 * Money is in US cents, credits are whole numbers.
 */

export const PLAN_KEYS = ['builder', 'launch', 'growth'] as const;
export type TPlanKey = (typeof PLAN_KEYS)[number];
export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type TBillingPeriod = (typeof BILLING_PERIODS)[number];

/** What an account may do: every limit is 0 without a plan (FREE). */
export type TEntitlements = {
  imageGeneration: boolean;
  videoGeneration: boolean;
  videoFaceSwap: boolean;
  upscale: boolean;
  editImage: boolean;
  promptGeneration: boolean;
  productShots: boolean;
  /** Drafts in a persona's words (captions, bios, prompts): every account, plan or not. */
  textDrafts: boolean;
  /** Products an account may keep. */
  productSlots: number;
  /** Posts the content calendar may schedule per month. */
  scheduledPostsPerMonth: number;
};

export type TPlan = {
  key: TPlanKey;
  name: string;
  /** The onboarding picker's names (Basic, Pro, Elite). */
  onboardingName: string;
  mostPopular: boolean;
  monthlyPriceCents: number;
  /** The per-month price when billed yearly. */
  yearlyMonthlyPriceCents: number;
  yearlyTotalCents: number;
  creditsPerMonth: number;
  /** Influencer trainings (model tokens) granted per month. */
  trainingsPerMonth: number;
  support: 'standard' | 'priority';
  entitlements: TEntitlements;
};

export const FREE_ENTITLEMENTS: TEntitlements = {
  imageGeneration: false,
  videoGeneration: false,
  videoFaceSwap: false,
  upscale: false,
  editImage: false,
  promptGeneration: false,
  productShots: false,
  textDrafts: true,
  productSlots: 0,
  scheduledPostsPerMonth: 0,
};

export const PLANS: Record<TPlanKey, TPlan> = {
  builder: {
    key: 'builder',
    name: 'Builder',
    onboardingName: 'Basic Plan',
    mostPopular: false,
    monthlyPriceCents: 1200,
    yearlyMonthlyPriceCents: 900,
    yearlyTotalCents: 10800,
    creditsPerMonth: 500,
    trainingsPerMonth: 1,
    support: 'standard',
    // Builder has no image and video generation; face swap and the rest are included.
    entitlements: {
      imageGeneration: false,
      videoGeneration: false,
      videoFaceSwap: true,
      upscale: true,
      editImage: true,
      promptGeneration: true,
      productShots: true,
      textDrafts: true,
      productSlots: 5,
      scheduledPostsPerMonth: 20,
    },
  },
  launch: {
    key: 'launch',
    name: 'Launch',
    onboardingName: 'Pro Plan',
    mostPopular: true,
    monthlyPriceCents: 2500,
    yearlyMonthlyPriceCents: 1900,
    yearlyTotalCents: 22800,
    creditsPerMonth: 2000,
    trainingsPerMonth: 2,
    support: 'standard',
    entitlements: {
      imageGeneration: true,
      videoGeneration: true,
      videoFaceSwap: true,
      upscale: true,
      editImage: true,
      promptGeneration: true,
      productShots: true,
      textDrafts: true,
      productSlots: 20,
      // Pro includes 60 scheduled posts.
      scheduledPostsPerMonth: 60,
    },
  },
  growth: {
    key: 'growth',
    name: 'Growth',
    onboardingName: 'Elite Plan',
    mostPopular: false,
    monthlyPriceCents: 7900,
    yearlyMonthlyPriceCents: 6500,
    yearlyTotalCents: 78000,
    creditsPerMonth: 8000,
    trainingsPerMonth: 5,
    support: 'priority',
    entitlements: {
      imageGeneration: true,
      videoGeneration: true,
      videoFaceSwap: true,
      upscale: true,
      editImage: true,
      promptGeneration: true,
      productShots: true,
      textDrafts: true,
      productSlots: 100,
      scheduledPostsPerMonth: 200,
    },
  },
};

export const PLAN_LIST: readonly TPlan[] = PLAN_KEYS.map((key) => PLANS[key]);

/** The credit cost of every action, in one table. */
export const CREDIT_COSTS = {
  upscale: 10,
  editImage: 10,
  imageGeneration: 10,
  promptGeneration: 2,
  productShot: 10,
  videoGeneration: 100,
  videoFaceSwap: 50,
  /**
   * A talking video is paid by the second it speaks (docs/product/talking-video.md): the speech
   * made from a script, and the video of the persona saying it, each per second.
   */
  speech: 1,
  talkingVideo: 15,
  /** A draft written by a text engine (docs/product/drafts.md); Muse's offline templates are free. */
  textDraft: 1,
} as const;
export type TCreditAction = keyof typeof CREDIT_COSTS;

/** A draft's line in the support page's table of costs, after the tools' (it is no tool). */
export const DRAFT_FAQ_LINE = {
  label: 'A written draft (caption, bio or prompt)',
  action: 'textDraft',
} as const satisfies { label: string; action: TCreditAction };

/** The entitlement that allows each credit action (plans name product shots in the plural). */
export const ACTION_ENTITLEMENTS = {
  upscale: 'upscale',
  editImage: 'editImage',
  imageGeneration: 'imageGeneration',
  promptGeneration: 'promptGeneration',
  productShot: 'productShots',
  videoGeneration: 'videoGeneration',
  videoFaceSwap: 'videoFaceSwap',
  // Talking videos follow Generate Video's plan rule: Builder has none.
  speech: 'videoGeneration',
  talkingVideo: 'videoGeneration',
  textDraft: 'textDrafts',
} as const satisfies Record<TCreditAction, keyof TEntitlements>;

/** Every new account's welcome grant. */
export const WELCOME_CREDITS = 75;
/** The pay-per-view price of a post. */
export const PPV_PRICE_CENTS = 5000;
/** Muse's share of every sale, in per cent; the rest is the creator's. */
export const MUSE_FEE_PERCENT = 20;
/** Licences per marketplace model. */
export const LICENCES_PER_MODEL = 5;
/** 50% off the first month (the onboarding offer). */
export const FIRST_MONTH_DISCOUNT_PERCENT = 50;
/**
 * The plans the onboarding's first-month offer covers, billed monthly: the card that shows it
 * (docs/decisions/0037-a-real-first-month-offer.md).
 */
export const FIRST_MONTH_OFFER_PLANS: readonly TPlanKey[] = ['launch'];

/** The first month's price under the onboarding offer: the real monthly price, 50% off. */
export function firstMonthOfferCents(plan: TPlan): number {
  return Math.round((plan.monthlyPriceCents * (100 - FIRST_MONTH_DISCOUNT_PERCENT)) / 100);
}
/** Payment methods offered at checkout. */
export const PAYMENT_METHODS = ['Card', 'PayPal'] as const;

export function priceCents(plan: TPlan, period: TBillingPeriod): number {
  return period === 'monthly' ? plan.monthlyPriceCents : plan.yearlyMonthlyPriceCents;
}

/** The plan's name for labels, or 'FREE' without a plan (the sidebar's label). */
export function planLabel(plan: TPlanKey | null): string {
  return plan ? PLANS[plan].name : 'FREE';
}

/** "$12", "$12.50": whole dollars without decimals. */
export function formatUsd(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars.toLocaleString('en-US') : dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "2,000" */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** The lines a plan card lists, from the plan's own figures. */
export function planFeatures(plan: TPlan): string[] {
  const trainings = `${plan.trainingsPerMonth} influencer training${plan.trainingsPerMonth === 1 ? '' : 's'} per month`;
  return [
    `${formatCount(plan.creditsPerMonth)} credits per month`,
    trainings,
    plan.entitlements.imageGeneration && plan.entitlements.videoGeneration
      ? 'Image and video generation'
      : 'Photo tools only, no image or video generation',
    'Video face swap',
    `${plan.support === 'priority' ? 'Priority' : 'Standard'} support`,
  ];
}

/** Muse's fee on a sale of `grossCents`: 20%, rounded to the nearest cent (half up). */
export function museFeeCents(grossCents: number): number {
  return Math.floor((grossCents * MUSE_FEE_PERCENT + 50) / 100);
}

/** What the creator keeps of one pay-per-view sale at the default price, after Muse's fee. */
export function ppvNetCents(): number {
  return PPV_PRICE_CENTS - museFeeCents(PPV_PRICE_CENTS);
}

/**
 * How many pay-per-view sales pay for a month of the plan (the landing's breakeven panel),
 * counting what the creator keeps of each sale after Muse's fee, as Earnings does.
 */
export function ppvSalesToBreakEven(plan: TPlan, period: TBillingPeriod = 'monthly'): number {
  return Math.ceil(priceCents(plan, period) / ppvNetCents());
}
