import { z } from 'zod';
import { LICENCES_PER_MODEL } from '../plans';

export const MARKETPLACE_IMAGE_SIZES = ['card', 'full'] as const;

export const ZMarketplaceImage = z.object({
  /** 480×640 WebP for the grid. */
  card: z.string(),
  /** 960×1280 WebP for the detail view. */
  full: z.string(),
  width: z.number(),
  height: z.number(),
});

export const ZMarketplaceModel = z.object({
  id: z.number(),
  name: z.string(),
  age: z.number(),
  hair: z.string(),
  body: z.string(),
  ethnicity: z.string(),
  tier: z.string(),
  about: z.string().nullable(),
  isLive: z.boolean(),
  isBlackedOut: z.boolean(),
  /** Licences held, from the licence rows. */
  claimed: z.number(),
  /** Licences a model has in all (5). */
  licences: z.number(),
  fullyClaimed: z.boolean(),
  /** Neither blacked out nor fully claimed: the card opens and the model can be claimed. */
  available: z.boolean(),
  images: z.array(ZMarketplaceImage),
  /**
   * 'illustration': portraits Muse draws of the persona (no photo library ships with Muse);
   * 'photo': photographs rendered by a connected generation service or imported.
   */
  imageKind: z.enum(['illustration', 'photo']),
});
export type TMarketplaceModel = z.infer<typeof ZMarketplaceModel>;

export const ZMarketplaceModelsResponse = z.object({
  success: z.literal(true),
  models: z.array(ZMarketplaceModel),
});
export type TMarketplaceModelsResponse = z.infer<typeof ZMarketplaceModelsResponse>;

export const ZMarketplaceModelResponse = z.object({
  success: z.literal(true),
  model: ZMarketplaceModel,
});

/**
 * A model the signed-in creator holds a licence of, and the influencer they made of it: their
 * newest one, or null once they deleted it (the licence stays theirs).
 */
export const ZMarketplaceClaim = z.object({
  modelId: z.number(),
  influencerId: z.string().nullable(),
});
export type TMarketplaceClaim = z.infer<typeof ZMarketplaceClaim>;

export const ZMarketplaceClaimsResponse = z.object({
  success: z.literal(true),
  claims: z.array(ZMarketplaceClaim),
});

export const CLAIM_TEXTS = {
  claimed: (name: string) => `${name} is yours: find them under Influencers.`,
  fullyClaimed: 'This model has been fully claimed. Pick another one.',
  alreadyHeld: 'You have already claimed this model.',
  unavailable: 'This model cannot be claimed',
  failed: 'Could not claim this model. Please try again.',
  /** The details of a model the signed-in creator holds. */
  owned: 'This model is yours.',
  openPersona: 'Open your persona',
  termsRequired: 'Accept the licence terms to claim this model.',
  termsChanged: 'The licence terms have changed: read them and accept them again.',
  acceptTerms: 'I accept the licence terms',
  ownedWithOthers: (others: number) =>
    others > 0
      ? `You and ${others} ${others === 1 ? 'other' : 'others'} have claimed this model`
      : 'Only you have claimed this model',
} as const;

/**
 * The terms a creator accepts to claim a marketplace model, shown in full before the claim and
 * recorded with the licence (its version and when). A new wording gets a new version.
 */
export const LICENCE_TERMS = {
  version: '2026-12-01',
  title: 'Licence terms',
  summary: `One of the model's ${LICENCES_PER_MODEL} licences becomes yours. What it lets you do:`,
  points: [
    'Make pictures and videos of the persona with Muse, and publish and sell them under your own account, on your Muse page and on your social accounts.',
    `Up to ${LICENCES_PER_MODEL} creators hold a licence to each model: others may publish the same persona, and none holds it alone.`,
    'The persona is an AI character, not a real person: never present it as one, and never use it to pass yourself or anyone else off as someone real.',
    "Keep to Muse's rules: no sexual content, no one under 18, nothing that breaks a platform's rules or the law.",
    'The licence is yours alone: it cannot be sold, lent or passed on. It stays yours if you delete the influencer made from it, and ends if your account is deleted or suspended.',
  ],
} as const;

/** What a claim sends: that the terms of this version were accepted. */
export const ZClaimRequest = z.object({
  acceptTerms: z.literal(true, { error: CLAIM_TEXTS.termsRequired }),
  termsVersion: z.string().max(40),
});
export type TClaimRequest = z.infer<typeof ZClaimRequest>;
