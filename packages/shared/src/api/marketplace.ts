import { z } from 'zod';

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
  ownedWithOthers: (others: number) =>
    others > 0
      ? `You and ${others} ${others === 1 ? 'other' : 'others'} have claimed this model`
      : 'Only you have claimed this model',
} as const;
