import { z } from 'zod';
import { safeText } from './input';
import { ZLikeness } from './likeness';
import { PAGE_SIZES, pageQueryFields } from './pages';

/** The create form's niches and their labels. */
export const INFLUENCER_NICHES = [
  'fashion',
  'fitness',
  'tech',
  'lifestyle',
  'beauty',
  'gaming',
  'food',
  'travel',
  'finance',
  'education',
] as const;
export type TInfluencerNiche = (typeof INFLUENCER_NICHES)[number];

export const INFLUENCER_NICHE_LABELS: Record<TInfluencerNiche, string> = {
  fashion: 'Fashion',
  fitness: 'Fitness',
  tech: 'Technology',
  lifestyle: 'Lifestyle',
  beauty: 'Beauty',
  gaming: 'Gaming',
  food: 'Food',
  travel: 'Travel',
  finance: 'Finance',
  education: 'Education',
};

/** The niche's label; a niche outside the list is shown as written, capitalised. */
export function influencerNicheLabel(niche: string): string {
  return (
    (INFLUENCER_NICHE_LABELS as Record<string, string>)[niche] ??
    niche.charAt(0).toUpperCase() + niche.slice(1)
  );
}

/** Uploads are images up to 10 MB (docs/product/workspace.md). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * The image types an upload may be (UPLOAD_TEXTS.notAnImage names them): the web app's file
 * pickers offer and check these, and the server checks an upload's bytes against the same list.
 */
export const ACCEPTED_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;
export type TAcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];
export const IMAGE_UPLOAD_HINT = 'PNG, JPG up to 10MB';

export const INFLUENCER_TEXTS = {
  // Word for word (docs/product/workspace.md).
  created: 'AI Influencer created successfully!',
  createFailed: 'Failed to create influencer',
  generated: 'AI generated influencer details!',
  generateFailed: 'Failed to generate with AI',
  fetchFailed: 'Failed to fetch influencers',
  deleted: 'Influencer deleted successfully',
  deleteFailed: 'Failed to delete influencer',
  confirmDelete: 'Are you sure you want to delete this influencer?',
  // Muse's own.
  updated: 'Influencer updated successfully',
  updateFailed: 'Failed to update influencer',
  nameRequired: 'Name is required',
  nicheRequired: 'Choose a niche',
  descriptionRequired: 'Description is required',
  notFound: 'Influencer not found',
  noSlot: 'You have reached the maximum number of influencers on your plan',
} as const;

export const UPLOAD_TEXTS = {
  tooLarge: 'Images must be 10 MB or smaller',
  notAnImage: 'Only image files (PNG, JPG, WEBP, GIF or AVIF) can be uploaded',
  tooManyImages: 'Attach at most 5 images',
  unreadable: 'The upload could not be read: send the form again as multipart/form-data',
} as const;

/** The text fields of the create and edit form (multipart on the wire). */
export const ZInfluencerFields = z.object({
  name: safeText({ error: INFLUENCER_TEXTS.nameRequired })
    .trim()
    .min(1, INFLUENCER_TEXTS.nameRequired)
    .max(80, 'Keep the name under 80 characters'),
  niche: z.enum(INFLUENCER_NICHES, { error: INFLUENCER_TEXTS.nicheRequired }),
  personality: safeText()
    .trim()
    .max(1000, 'Keep the personality under 1000 characters')
    .default(''),
  target_audience: safeText()
    .trim()
    .max(1000, 'Keep the target audience under 1000 characters')
    .default(''),
  description: safeText({ error: INFLUENCER_TEXTS.descriptionRequired })
    .trim()
    .min(1, INFLUENCER_TEXTS.descriptionRequired)
    .max(2000, 'Keep the description under 2000 characters'),
});
export type TInfluencerFields = z.infer<typeof ZInfluencerFields>;

export const ZInfluencer = z.object({
  id: z.string(),
  name: z.string(),
  niche: z.string(),
  personality: z.string(),
  target_audience: z.string(),
  description: z.string(),
  /** A signed URL of the picture (1536 px at most), or null. */
  image: z.string().nullable(),
  /** A signed URL of the 384 px thumbnail, or null. */
  thumbnail: z.string().nullable(),
  /** The marketplace model it was made from, if any. */
  modelId: z.number().nullable(),
  /** Where its persona stands (docs/product/personas.md). */
  personaStatus: z.enum(['needs-photos', 'ready-to-train', 'training', 'ready']),
  /** Whether tools can make images of it now. */
  ready: z.boolean(),
  /** Its reference photos. */
  referencePhotos: z.number(),
  /** Whose likeness its photos show, as the creator stated (docs/product/personas.md). */
  likeness: ZLikeness.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TInfluencer = z.infer<typeof ZInfluencer>;

/**
 * GET /api/influencers: newest first, a page of PAGE_SIZES.influencers (24) at a time unless
 * `limit` (1–100) says otherwise.
 */
export const ZInfluencersQuery = z.object(pageQueryFields(PAGE_SIZES.influencers));
export type TInfluencersQuery = z.input<typeof ZInfluencersQuery>;

export const ZInfluencersResponse = z.object({
  success: z.literal(true),
  /** One page of them. */
  influencers: z.array(ZInfluencer),
  /** Influencers held in all (not the page's length) and slots: the page's heading counts. */
  used: z.number(),
  limit: z.number(),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TInfluencersResponse = z.infer<typeof ZInfluencersResponse>;

export const ZInfluencerResponse = z.object({ success: z.literal(true), influencer: ZInfluencer });
export type TInfluencerResponse = z.infer<typeof ZInfluencerResponse>;

export const ZGenerateInfluencerRequest = z.object({
  niche: z.enum(INFLUENCER_NICHES, { error: INFLUENCER_TEXTS.nicheRequired }),
});
export const ZGeneratedPersona = z.object({
  personality: z.string(),
  target_audience: z.string(),
  description: z.string(),
});
export type TGeneratedPersona = z.infer<typeof ZGeneratedPersona>;
export const ZGenerateInfluencerResponse = z.object({
  success: z.literal(true),
  influencer: ZGeneratedPersona,
});
