/**
 * Personas (docs/product/personas.md): the photos that define an influencer's face, the checks
 * each photo passes before anything is spent, training, and the identity score.
 */
import { z } from 'zod';
import { MAX_UPLOAD_BYTES } from './influencers';
import { ZJob } from './jobs';
import { ZLikeness } from './likeness';

/** A custom persona trains from 10 to 20 photos; a persona keeps 20 photos at most. */
export const PERSONA_PHOTOS = { minToTrain: 10, max: 20, maxBytes: MAX_UPLOAD_BYTES } as const;

/**
 * The thresholds of the photo checks, stated to the creator on the persona's page. Each was
 * measured on real photos (docs/decisions/0018-persona-photo-checks.md).
 */
export const PHOTO_CHECKS = {
  /** The face (forehead to chin, as the detector boxes it) must be at least this tall, in pixels. */
  minFacePixels: 128,
  /** Variance of the Laplacian over the face, scaled to 128 px: below this the face is blurred. */
  minSharpness: 60,
  /** Likeness to the set's most central face, 0–1 (Pearson correlation of face embeddings). */
  minSameness: 0.3,
  /** Difference-hash bits (of 64) at or under which two photos are the same shot. */
  maxDuplicateBits: 3,
} as const;

/** The photo types the persona uploader accepts, by content. */
export const PERSONA_PHOTO_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
export const PERSONA_PHOTO_HINT = 'JPG, PNG, WEBP or HEIC, up to 10 MB each';

export const PHOTO_PROBLEMS = [
  'no-face',
  'several-faces',
  'face-too-small',
  'face-cut-off',
  'blurry',
  'different-person',
  'duplicate',
] as const;
export type TPhotoProblem = (typeof PHOTO_PROBLEMS)[number];

export const PERSONA_TEXTS = {
  uploadTrainingPhotos: 'Upload training photos',
  notAPhoto: 'Only photos (JPG, PNG, WEBP or HEIC) can be used',
  tooManyPhotos: `A persona keeps ${PERSONA_PHOTOS.max} photos at most: remove some first`,
  notEnoughPhotos: `Training needs at least ${PERSONA_PHOTOS.minToTrain} photos that pass the checks`,
  alreadyTrained: 'This persona is already trained',
  trainingRunning: 'This persona is already training',
  photosChanged: 'The photos changed while training was starting: try again',
  photoNotFound: 'Photo not found',
  noFaceToScore: 'No face found',
  noReferenceFaces:
    'This persona has no reference photo with a measurable face (drawn portraits have none), so no identity score can be given',
  trainingFailed: 'Training could not finish. Your model token was given back.',
  influencerGone: 'The influencer was deleted while it trained. Your model token was given back.',
} as const;

export const ZPhotoVerdict = z.object({
  /** Whether the photo passes every check (and so belongs to the reference set once trained). */
  ok: z.boolean(),
  /** Why not, in words the creator understands; empty when ok. */
  problems: z.array(z.object({ code: z.enum(PHOTO_PROBLEMS), message: z.string() })),
});
export type TPhotoVerdict = z.infer<typeof ZPhotoVerdict>;

export const ZPersonaPhoto = z.object({
  id: z.string(),
  /** 1-based, in upload order: messages name photos by it ('the same shot as photo 3'). */
  number: z.number(),
  /** 'upload' (the creator's) or 'marketplace' (a claimed model's portrait). */
  source: z.enum(['upload', 'marketplace']),
  /** Signed URLs of the upright JPEG (2048 px at most) and its 384 px thumbnail. */
  url: z.string(),
  thumbnail: z.string(),
  width: z.number(),
  height: z.number(),
  /** Faces found in it. */
  faces: z.number(),
  verdict: ZPhotoVerdict,
  /** Whether it is one of the persona's reference photos (those generation and scores use). */
  reference: z.boolean(),
  createdAt: z.string(),
});
export type TPersonaPhoto = z.infer<typeof ZPersonaPhoto>;

/** How personas are trained: 'local' (offline, nothing trained) or 'fal' (a FLUX LoRA). */
export const PERSONA_ENGINES = ['local', 'fal'] as const;
export type TPersonaEngine = (typeof PERSONA_ENGINES)[number];

export const PERSONA_STATUSES = ['needs-photos', 'ready-to-train', 'training', 'ready'] as const;
export type TPersonaStatus = (typeof PERSONA_STATUSES)[number];

export const ZPersona = z.object({
  influencerId: z.string(),
  /** 'marketplace': claimed; 'custom': made from the creator's photos. */
  kind: z.enum(['marketplace', 'custom']),
  status: z.enum(PERSONA_STATUSES),
  /** Ready for generation: made (trained or claimed) with at least one reference photo. */
  ready: z.boolean(),
  /** The training engine of this installation: 'local' (offline, trains nothing) or 'fal'. */
  engine: z.enum(PERSONA_ENGINES),
  /** Whether a LoRA was trained for it (hosted engine). */
  trained: z.boolean(),
  /** The word prompts use to call up the persona, once trained; null before. */
  triggerWord: z.string().nullable(),
  photos: z.array(ZPersonaPhoto),
  /** Photos that pass every check. */
  passing: z.number(),
  /**
   * Whether 'Start training' may be pressed now: enough photos pass and whose likeness they show
   * is stated (with the consent document for 'consent').
   */
  canTrain: z.boolean(),
  /** Whether an identity score can be given against it (a reference photo with a face). */
  scoreable: z.boolean(),
  /** The latest training job, if any. */
  training: ZJob.nullable(),
  /** Model tokens the account holds now. */
  modelTokens: z.number(),
  /** What the creator stated about whose likeness the photos show; null before a statement. */
  likeness: ZLikeness.nullable(),
});
export type TPersona = z.infer<typeof ZPersona>;

export const ZPersonaResponse = z.object({ success: z.literal(true), persona: ZPersona });
export type TPersonaResponse = z.infer<typeof ZPersonaResponse>;

export const ZStartTrainingResponse = z.object({
  success: z.literal(true),
  persona: ZPersona,
  job: ZJob,
});

export const ZIdentityScore = z.object({
  success: z.literal(true),
  /** 0–100, or null with `reason` when none can be given. */
  score: z.number().nullable(),
  /** Faces found in the image; the one most like the persona is scored. */
  faces: z.number(),
  reason: z.string().nullable(),
});
export type TIdentityScore = z.infer<typeof ZIdentityScore>;

/** POST /influencers/{id}/likeness/selfie: whether the selfie matched, and the persona after. */
export const ZSelfieMatchResponse = z.object({
  success: z.literal(true),
  verified: z.boolean(),
  /** 0–100, on the identity score's scale. */
  matchScore: z.number(),
  persona: ZPersona,
});
export type TSelfieMatchResponse = z.infer<typeof ZSelfieMatchResponse>;
