import { z } from 'zod';
import { CREDIT_COSTS } from '../plans';
import { JOB_KINDS, JOB_TOOLS } from '../tools';
import { TEXT_ENGINES, ZDraft } from './drafts';
import { PAGE_SIZES, pageQueryFields } from './pages';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];

/** Upscales are always 4x (docs/product/tools.md). */
export const UPSCALE_FACTOR = 4;
/** The largest input the upscaler takes (longer side, pixels): 4x of it is already 4096 px. */
export const UPSCALE_MAX_INPUT_SIDE = 1024;
/** The largest input the other tools take (longer side, pixels). */
export const TOOL_MAX_INPUT_SIDE = 4096;
/**
 * Jobs one account may have queued or running at once, of every tool and the persona training
 * together (docs/product/tools.md): a full Generate batch (GENERATE_COUNT.max) fits.
 */
export const MAX_UNFINISHED_JOBS = 4;

function jobsCount(count: number): string {
  return count === 1 ? '1 job' : `${count} jobs`;
}
function imagesCount(count: number): string {
  return count === 1 ? '1 image' : `${count} images`;
}

export const TOOL_TEXTS = {
  // Word for word as docs/product/tools.md gives them.
  upscaleEmpty: 'No upscaled images found',
  upscaleButton: `Upscale Image (${CREDIT_COSTS.upscale} gems)`,
  overlappingTilesHint: 'Better quality, doubles inference time',
  editEmpty: 'No edited images yet',
  editButton: `Edit Image (${CREDIT_COSTS.editImage} gems)`,
  safetyToleranceHint: 'higher values allow more creative edits',
  promptEmpty: 'No generated prompts yet',
  promptPlaceholder: 'Describe this image',
  chooseImageToAnalyse: 'Choose an image to analyse',
  generatePrompt: 'Generate prompt',
  // Muse's own.
  /** Beside the buttons that name their cost in gems: the same thing as credits. */
  gemsAreCredits: '1 gem = 1 credit',
  imageRequired: 'Choose an image first',
  notAllowed: 'Your plan does not include this tool. Upgrade to use it.',
  creditsShortTitle: 'Not Enough Credits',
  creditsShort: 'Your balance does not cover this tool. Get more credits to keep creating.',
  upscaleTooLarge: `Upscaling takes images up to ${UPSCALE_MAX_INPUT_SIDE} × ${UPSCALE_MAX_INPUT_SIDE} pixels`,
  imageTooLarge: `Images up to ${TOOL_MAX_INPUT_SIDE} × ${TOOL_MAX_INPUT_SIDE} pixels can be used`,
  /** A picked image over a tool's size is offered smaller, in the browser (docs/product/tools.md). */
  scaleDown: (width: number, height: number) => `Scale down to ${width} × ${height}`,
  scalingDown: 'Scaling down...',
  scaleDownFailed:
    'This image could not be scaled down in the browser. Make it smaller on your device and choose it again.',
  generativeEngineNeeded:
    'Edits described in words are not available yet: leave the prompt empty, and Edit Image reframes your image and converts its format.',
  wordsNeedHostedEngine:
    'Edits described in words are not available yet: Edit Image reframes your image and converts its format.',
  jobNotFound: 'Job not found',
  tooManyStreams:
    'Too many pages are following jobs for this account at once: close some and try again.',
  /**
   * 429 JOB_LIMIT_REACHED: the account has `unfinished` jobs queued or running and asked for
   * `asked` more (a Generate batch asks for several), past MAX_UNFINISHED_JOBS.
   */
  jobLimit: (unfinished: number, asked = 1) =>
    unfinished >= MAX_UNFINISHED_JOBS || asked === 1
      ? `You have ${jobsCount(unfinished)} queued or running, the most one account can have at once (${MAX_UNFINISHED_JOBS}). Wait for one to finish, then try again.`
      : `You have ${jobsCount(unfinished)} queued or running, and one account can have ${MAX_UNFINISHED_JOBS} at once: choose at most ${imagesCount(MAX_UNFINISHED_JOBS - unfinished)}, or wait for one to finish.`,
  workerStopped: 'This job stopped before it finished. Your credits were refunded.',
  engineFailed: 'The AI engine could not finish this job. Your credits were refunded.',
} as const;

export const ZJobFile = z.object({
  /** A signed URL (expires after a few hours; the job answer gives fresh ones). */
  url: z.string(),
  width: z.number(),
  height: z.number(),
  contentType: z.string(),
  /** A file name for downloads, e.g. 'muse-upscaled-4x.png'. */
  fileName: z.string(),
  /** A generated image's entry in the gallery, its likeness to the persona (0–100) and why none. */
  galleryId: z.string().optional(),
  /** A video's poster frame (signed URL) and length in seconds. */
  posterUrl: z.string().optional(),
  durationSeconds: z.number().optional(),
  identityScore: z.number().nullable().optional(),
  scoreNote: z.string().nullable().optional(),
});
export type TJobFile = z.infer<typeof ZJobFile>;

export const ZJob = z.object({
  id: z.string(),
  /** A tool's key, or 'train-persona'. */
  tool: z.enum(JOB_KINDS),
  status: z.enum(JOB_STATUSES),
  /** 0–100 */
  progress: z.number(),
  /** A short text of what is happening ('Upscaling tile 3 of 12'). */
  stage: z.string(),
  /** The tool's options as given. */
  options: z.record(z.string(), z.unknown()),
  input: ZJobFile.nullable(),
  outputs: z.array(ZJobFile),
  /** Generate prompt's text. */
  prompt: z.string().nullable(),
  /** A draft's words (write-text: docs/product/drafts.md); null for every other job. */
  draft: ZDraft.nullable(),
  cost: z.number(),
  /** Why it failed, for the user; null unless failed. */
  failureReason: z.string().nullable(),
  /** The engine that ran it ('local', 'fal'). */
  engine: z.string(),
  /** Made offline by classic image processing: labelled 'Offline preview', free. */
  preview: z.boolean(),
  /** What the engine reports it did: the seed it used, the safety tolerance the service applied. */
  details: z.object({
    seed: z.number().optional(),
    appliedSafetyTolerance: z.number().optional(),
  }),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TJob = z.infer<typeof ZJob>;

export const ZJobResponse = z.object({ success: z.literal(true), job: ZJob });
/**
 * GET /api/jobs: the account's jobs (of one tool when `tool` is given), newest first, a page of
 * PAGE_SIZES.jobs (20) at a time unless `limit` (1–100) says otherwise.
 */
export const ZJobsQuery = z.object({
  tool: z.enum(JOB_TOOLS, { error: 'Unknown tool' }).optional(),
  ...pageQueryFields(PAGE_SIZES.jobs),
});
export type TJobsQuery = z.input<typeof ZJobsQuery>;

export const ZJobsResponse = z.object({
  success: z.literal(true),
  jobs: z.array(ZJob),
  /** The next page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type TJobsResponse = z.infer<typeof ZJobsResponse>;

/** GET /api/jobs/engines: which engine runs each tool, and whether it can edit from words. */
export const ZEnginesResponse = z.object({
  success: z.literal(true),
  engines: z.record(z.enum(JOB_TOOLS), z.string()),
  generativeEdits: z.boolean(),
  /** Tools whose engine here makes offline previews (free, labelled 'Offline preview'). */
  previews: z.array(z.enum(JOB_TOOLS)),
  /** Who writes drafts (docs/product/drafts.md): Muse's templates (free previews) or a text engine. */
  text: z.object({ engine: z.enum(TEXT_ENGINES), preview: z.boolean() }),
});

export function isFinished(status: TJobStatus): boolean {
  return status === 'succeeded' || status === 'failed';
}
