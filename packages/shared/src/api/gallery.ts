/**
 * Generate and the gallery (docs/product/generate.md): a request for new photos of a persona
 * (each image one job), and the account's gallery of what the generators made, from which the
 * other tools continue without a new upload.
 */
import { z } from 'zod';
import { CREDIT_COSTS, formatCount } from '../plans';
import { toolName, toolRecord, type TJobTool } from '../tools';
import { ZJob } from './jobs';
import { PAGE_SIZES, pageQueryFields } from './pages';
import { PUBLIC_PAGE_TEXTS } from './public-page-texts';

export const ZGenerateResponse = z.object({ success: z.literal(true), jobs: z.array(ZJob) });

export const GALLERY_KINDS = ['image', 'video'] as const;
export type TGalleryKind = (typeof GALLERY_KINDS)[number];

/** One step of a file's chain of edits, from its Content Credentials. */
export const ZContentCredentialsStep = z.object({
  /** The C2PA action, e.g. 'c2pa.created' or 'c2pa.edited'. */
  action: z.string().nullable(),
  /** The engine that made it ('local', 'fal'). */
  engine: z.string().nullable(),
  model: z.string().nullable(),
  /** ISO 8601. */
  signedAt: z.string().nullable(),
});
export type TContentCredentialsStep = z.infer<typeof ZContentCredentialsStep>;

/**
 * What a file's signed Content Credentials (C2PA) say of it, read back when it was signed
 * (docs/decisions/0052-content-credentials.md).
 */
export const ZContentCredentials = z.object({
  /** The main action, e.g. 'c2pa.created' or 'c2pa.edited'. */
  action: z.string().nullable(),
  /** The IPTC digital source type's URL, e.g. …/trainedAlgorithmicMedia. */
  digitalSourceType: z.string().nullable(),
  /** 'Muse <version>'. */
  softwareAgent: z.string().nullable(),
  engine: z.string().nullable(),
  model: z.string().nullable(),
  /** ISO 8601. */
  signedAt: z.string().nullable(),
  /** The files it was made from (its ingredients' manifests, flattened), oldest first. */
  chain: z.array(ZContentCredentialsStep),
});
export type TContentCredentialsSummary = z.infer<typeof ZContentCredentials>;

/** One picture in the gallery. */
export const ZGalleryItem = z.object({
  id: z.string(),
  kind: z.enum(GALLERY_KINDS),
  /** Signed, expiring URLs of the file and of a small preview of it (a video's poster frame). */
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number(),
  height: z.number(),
  contentType: z.string(),
  fileName: z.string(),
  /** A video's length in seconds; null for an image. */
  durationSeconds: z.number().nullable(),
  /** The tool that made it. */
  tool: z.string(),
  /** A product shot's product (null when none or deleted). */
  productId: z.string().nullable(),
  influencerId: z.string().nullable(),
  /** The influencer's name when it was made (kept if the influencer is deleted later). */
  influencerName: z.string().nullable(),
  prompt: z.string(),
  /** 0–100 likeness to the persona's reference faces; null with `scoreNote` saying why. */
  identityScore: z.number().nullable(),
  scoreNote: z.string().nullable(),
  /** The engine that made it ('local', 'fal'). */
  engine: z.string(),
  /** Made offline by classic image processing: labelled 'Offline preview', free. */
  preview: z.boolean(),
  jobId: z.string().nullable(),
  /** Its Content Credentials; null for items made before Muse signed its outputs. */
  credentials: ZContentCredentials.nullable(),
  createdAt: z.string(),
});
export type TGalleryItem = z.infer<typeof ZGalleryItem>;

/**
 * GET /api/gallery: newest first, a page of PAGE_SIZES.gallery (24) at a time unless `limit`
 * (1–100) says otherwise.
 */
export const ZGalleryQuery = z.object({
  /** An influencer's id, or 'none' for images made without one. */
  influencerId: z
    .union([z.literal('none'), z.uuid({ error: 'Choose one of your influencers' })])
    .optional(),
  /** Only images, or only videos. */
  kind: z.enum(GALLERY_KINDS, { error: 'Choose images or videos' }).optional(),
  /** Only the shots of one product. */
  productId: z.uuid({ error: 'Choose one of your products' }).optional(),
  /** Only images scored at least this (0–100); images without a score are left out. */
  minScore: z.coerce
    .number({ error: 'The score must be a whole number from 0 to 100' })
    .int('The score must be a whole number from 0 to 100')
    .min(0, 'The score must be a whole number from 0 to 100')
    .max(100, 'The score must be a whole number from 0 to 100')
    .optional(),
  ...pageQueryFields(PAGE_SIZES.gallery),
});
export type TGalleryQuery = z.input<typeof ZGalleryQuery>;

export const ZGalleryResponse = z.object({
  success: z.literal(true),
  items: z.array(ZGalleryItem),
  nextCursor: z.string().nullable(),
});
export const ZGalleryItemResponse = z.object({ success: z.literal(true), item: ZGalleryItem });

/** The identity-score filter's choices. */
export const SCORE_FILTERS = [
  { value: '', label: 'Any score' },
  { value: '50', label: '50 and up' },
  { value: '70', label: '70 and up' },
  { value: '85', label: '85 and up' },
] as const;

/** '4 images · 40 credits', or the free offline preview. */
export function generateCostLabel(count: number, preview: boolean): string {
  const images = `${count} image${count === 1 ? '' : 's'}`;
  if (preview) return `${images} · Offline preview, free`;
  return `${images} · ${formatCount(count * CREDIT_COSTS.imageGeneration)} credits`;
}

/** The tool that made a gallery item, as the gallery and the post composer name it. */
export const GALLERY_TOOL_LABELS: Record<TJobTool, string> = toolRecord(toolName);

/** 'Upscale' for an item of `tool`: its label, or the key itself for a tool added later. */
export function galleryToolLabel(tool: string): string {
  return (GALLERY_TOOL_LABELS as Record<string, string>)[tool] ?? tool;
}

export const GENERATE_TEXTS = {
  // Word for word as docs/product/generate.md gives them.
  noInfluencers: 'No Influencers Available',
  noInfluencersNote:
    'You can still generate images without an influencer: describe the photo and Muse makes it without a persona.',
  goToDashboard: 'Go to Dashboard',
  offlinePreview: PUBLIC_PAGE_TEXTS.offlinePreview,
  /** Why an offline preview of a persona has no identity score (docs/product/generate.md). */
  previewNotScored:
    "Offline preview built from the persona's reference photo: a score would only measure that photo",
  offlineEngineNote:
    'What you get here are free Offline previews: Muse cuts the persona out of one of its photos and places it in a scene drawn from your words. Newly painted photos of the persona, in new poses and light, are not available yet.',
  withoutPersona: 'No influencer (image only)',
  notReady: 'This persona is not ready yet: upload its photos and train it first.',
  generateButton: 'Generate',
  // Errors.
  influencerNotFound: 'Influencer not found',
  withheld:
    'This image was withheld by the safety check and is not shown. Nothing is charged for it.',
  influencerGone:
    'The influencer was deleted before this image was made. Nothing is charged for it.',
  onlyThroughGenerate: 'Images are generated with POST /api/generations',
  galleryEmpty: 'No images yet',
  itemNotFound: 'Image not found',
  notAnImage: 'Only images from your gallery can be used here',
  deleted: 'Image deleted',
} as const;
