import { z } from 'zod';
import { CREDIT_COSTS } from '../plans';

/** The tools that run as jobs, with the credit action each one spends. */
export const JOB_TOOLS = ['upscale', 'edit-image', 'generate-prompt'] as const;
export type TJobTool = (typeof JOB_TOOLS)[number];

export const JOB_TOOL_ACTIONS = {
  upscale: 'upscale',
  'edit-image': 'editImage',
  'generate-prompt': 'promptGeneration',
} as const satisfies Record<TJobTool, keyof typeof CREDIT_COSTS>;

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type TJobStatus = (typeof JOB_STATUSES)[number];

/** Upscale's factor is fixed at 4x (docs/product/tools.md). */
export const UPSCALE_FACTOR = 4;
/** The largest input the upscaler takes (longer side, pixels): 4x of it is already 4096 px. */
export const UPSCALE_MAX_INPUT_SIDE = 1024;
/** The largest input the other tools take (longer side, pixels). */
export const TOOL_MAX_INPUT_SIDE = 4096;

export const UPSCALE_MODELS = [
  { value: 'v2', label: 'Version 2 (Improved)' },
  { value: 'v1', label: 'Version 1' },
] as const;

export const EDIT_ASPECT_RATIO_OPTIONS = [
  { value: 'match', label: 'Match Input' },
  { value: '1:1', label: '1:1' },
  { value: '16:9', label: '16:9' },
  { value: '9:16', label: '9:16' },
  { value: '4:3', label: '4:3' },
  { value: '3:4', label: '3:4' },
] as const;

export const EDIT_FORMAT_OPTIONS = [
  { value: 'jpg', label: 'JPG' },
  { value: 'png', label: 'PNG' },
  { value: 'webp', label: 'WEBP' },
] as const;

/** Safety tolerance is an integer 1–6, default 6. */
export const SAFETY_TOLERANCE = { min: 1, max: 6, default: 6 } as const;

export const TOOL_TEXTS = {
  // Word for word (docs/product/tools.md).
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
  imageRequired: 'Choose an image first',
  notAllowed: 'Your plan does not include this tool. Upgrade to use it.',
  upscaleTooLarge: `Upscaling takes images up to ${UPSCALE_MAX_INPUT_SIDE} × ${UPSCALE_MAX_INPUT_SIDE} pixels`,
  imageTooLarge: `Images up to ${TOOL_MAX_INPUT_SIDE} × ${TOOL_MAX_INPUT_SIDE} pixels can be used`,
  generativeEngineNeeded:
    'Edits described in words need a generative engine (fal). This installation runs the local engine, which changes framing and format only: leave the prompt empty, or ask the administrator to set FAL_KEY.',
  jobNotFound: 'Job not found',
  workerStopped: 'The worker running this job stopped. Your credits were refunded.',
  engineFailed: 'The AI engine could not finish this job. Your credits were refunded.',
} as const;

/** The fields each tool takes beside its image (multipart on the wire). */
export const ZUpscaleOptions = z.object({
  model: z.enum(['v2', 'v1'], { error: 'Choose Version 2 (Improved) or Version 1' }).default('v2'),
  overlappingTiles: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

export const ZEditOptions = z.object({
  aspectRatio: z
    .enum(['match', '1:1', '16:9', '9:16', '4:3', '3:4'], { error: 'Choose an aspect ratio' })
    .default('match'),
  format: z.enum(['jpg', 'png', 'webp'], { error: 'Choose JPG, PNG or WEBP' }).default('jpg'),
  safetyTolerance: z.coerce
    .number({ error: 'Safety tolerance must be a whole number from 1 to 6' })
    .int('Safety tolerance must be a whole number from 1 to 6')
    .min(SAFETY_TOLERANCE.min, 'Safety tolerance must be a whole number from 1 to 6')
    .max(SAFETY_TOLERANCE.max, 'Safety tolerance must be a whole number from 1 to 6')
    .default(SAFETY_TOLERANCE.default),
  prompt: z.string().trim().max(1000, 'Keep the edit prompt under 1000 characters').default(''),
});

export const ZPromptOptions = z.object({
  customPrompt: z.string().trim().max(1000, 'Keep your text under 1000 characters').default(''),
});

export const JOB_OPTION_SCHEMAS = {
  upscale: ZUpscaleOptions,
  'edit-image': ZEditOptions,
  'generate-prompt': ZPromptOptions,
} as const;

export const ZJobFile = z.object({
  /** A signed URL (expires after a few hours; the job answer gives fresh ones). */
  url: z.string(),
  width: z.number(),
  height: z.number(),
  contentType: z.string(),
  /** A file name for downloads, e.g. 'muse-upscaled-4x.png'. */
  fileName: z.string(),
});
export type TJobFile = z.infer<typeof ZJobFile>;

export const ZJob = z.object({
  id: z.string(),
  tool: z.enum(JOB_TOOLS),
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
  cost: z.number(),
  /** Why it failed, for the user; null unless failed. */
  failureReason: z.string().nullable(),
  /** The engine that ran it ('local', 'fal'). */
  engine: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TJob = z.infer<typeof ZJob>;

export const ZJobResponse = z.object({ success: z.literal(true), job: ZJob });
export const ZJobsResponse = z.object({ success: z.literal(true), jobs: z.array(ZJob) });

/** GET /api/jobs/engines: which engine runs each tool, and whether it can edit from words. */
export const ZEnginesResponse = z.object({
  success: z.literal(true),
  engines: z.object({
    upscale: z.string(),
    'edit-image': z.string(),
    'generate-prompt': z.string(),
  }),
  generativeEdits: z.boolean(),
});

export function isFinished(status: TJobStatus): boolean {
  return status === 'succeeded' || status === 'failed';
}
