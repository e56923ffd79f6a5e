/**
 * The contract of the AI tools that run as jobs (docs/product/tools.md). A tool's key
 * ('upscale', 'edit-image', 'generate-prompt') is its page path, the `tool` of its job rows,
 * its entry in the server's engine map and the name of its engine variable
 * (`ENGINE_EDIT_IMAGE`). Its options are written once, in `ZJobRequest`: the server parses
 * requests and stored jobs with it, and every TypeScript type of the options derives from it.
 */
import { z } from 'zod';
import { UUID_PATTERN } from './uuid';
import { safeText } from './api/input';
import type { TCreditAction } from './plans';

/** Each choice as the pages word it, in their order: the enums below are derived from these. */
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

/** Generate's style presets: each sets light, palette and mood around the creator's words. */
export const GENERATE_STYLES = [
  { value: 'photo', label: 'Photo' },
  { value: 'editorial', label: 'Editorial' },
  { value: 'cinematic', label: 'Cinematic' },
  { value: 'golden-hour', label: 'Golden hour' },
  { value: 'studio', label: 'Studio' },
] as const;

export const GENERATE_ASPECT_RATIOS = [
  { value: '1:1', label: '1:1' },
  { value: '4:5', label: '4:5' },
  { value: '3:4', label: '3:4' },
  { value: '9:16', label: '9:16' },
  { value: '16:9', label: '16:9' },
] as const;

/** Generate Video's clip lengths (seconds) and frames, as the page words them. */
export const VIDEO_DURATIONS = [
  { value: '5', label: '5 seconds' },
  { value: '10', label: '10 seconds' },
] as const;

export const VIDEO_ASPECT_RATIOS = [
  { value: '9:16', label: '9:16' },
  { value: '1:1', label: '1:1' },
  { value: '16:9', label: '16:9' },
] as const;

/** Images one Generate request makes (each is a job of its own). */
export const GENERATE_COUNT = { min: 1, max: 4, default: 2 } as const;
/** Seeds are whole numbers from 0 to this (the range every hosted model accepts). */
export const SEED_MAX = 2_147_483_647;

/** Safety tolerance is an integer 1–6, default 6 (higher values allow more creative edits). */
export const SAFETY_TOLERANCE = { min: 1, max: 6, default: 6 } as const;

const values = <const T extends readonly { value: string }[]>(options: T) =>
  options.map((option): T[number]['value'] => option.value);

/** true/false, sent as 'true'/'false' in a multipart form and stored as a boolean. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
    error: 'Choose true or false',
  })
  .default(false);

const safetyToleranceError = 'Safety tolerance must be a whole number from 1 to 6';
const seedError = `The seed must be a whole number from 0 to ${SEED_MAX}`;
/** A seed as a form sends it ('' for none) or as stored. */
export const ZSeed = z.coerce
  .number<number | string>({ error: seedError })
  .int(seedError)
  .min(0, seedError)
  .max(SEED_MAX, seedError);
/** One of the creator's influencers, or null ('' in a form) for an image without a persona. */
export const ZInfluencerChoice = z
  .union([z.literal('').transform(() => null), z.null(), z.string().regex(UUID_PATTERN)], {
    error: 'Choose one of your influencers',
  })
  .default(null);
/** One of the creator's influencers, required. */
export const ZInfluencerId = z
  .string({ error: 'Choose one of your influencers' })
  .regex(UUID_PATTERN, 'Choose one of your influencers');
export const ZMotionPrompt = safeText({ error: 'Describe the motion you want' })
  .trim()
  .min(1, 'Describe the motion you want')
  .max(500, 'Keep the motion prompt under 500 characters');
export const ZGeneratePrompt = safeText({ error: 'Describe the photo you want' })
  .trim()
  .min(1, 'Describe the photo you want')
  .max(1000, 'Keep the description under 1000 characters');

/**
 * A job request: the tool and the fields it takes beside its image. The fields arrive as
 * multipart strings and are stored parsed (booleans, numbers); both forms parse here, so a stored
 * job is read back through the same schema. Adding a tool is adding one entry.
 */
export const ZJobRequest = z.discriminatedUnion(
  'tool',
  [
    z.object({
      tool: z.literal('upscale'),
      model: z
        .enum(values(UPSCALE_MODELS), { error: 'Choose Version 2 (Improved) or Version 1' })
        .default('v2'),
      /** Overlapping tiles blended at the seams: better quality, about double the time. */
      overlappingTiles: flag,
    }),
    z.object({
      tool: z.literal('edit-image'),
      aspectRatio: z
        .enum(values(EDIT_ASPECT_RATIO_OPTIONS), { error: 'Choose an aspect ratio' })
        .default('match'),
      format: z
        .enum(values(EDIT_FORMAT_OPTIONS), { error: 'Choose JPG, PNG or WEBP' })
        .default('jpg'),
      /** Only generative engines use it: higher values allow more creative edits. */
      safetyTolerance: z.coerce
        .number<number | string>({ error: safetyToleranceError })
        .int(safetyToleranceError)
        .min(SAFETY_TOLERANCE.min, safetyToleranceError)
        .max(SAFETY_TOLERANCE.max, safetyToleranceError)
        .default(SAFETY_TOLERANCE.default),
      /** The edit asked for in words; '' for framing and format only. */
      prompt: safeText().trim().max(1000, 'Keep the edit prompt under 1000 characters').default(''),
    }),
    z.object({
      tool: z.literal('generate-image'),
      /** The persona to show; null for an image without one. */
      influencerId: ZInfluencerChoice,
      /** The creator's description; the persona's trigger word is added by Muse, not typed. */
      prompt: ZGeneratePrompt,
      style: z
        .enum(values(GENERATE_STYLES), { error: 'Choose a style' })
        .default(GENERATE_STYLES[0].value),
      aspectRatio: z
        .enum(values(GENERATE_ASPECT_RATIOS), { error: 'Choose an aspect ratio' })
        .default('4:5'),
      /** Every job has its own; a batch with a chosen seed uses seed, seed + 1, … */
      seed: ZSeed,
    }),
    z.object({
      tool: z.literal('generate-video'),
      /** The persona the still shows, whose likeness the clip is scored against; null: none. */
      influencerId: ZInfluencerChoice,
      /** How the still should move ('slow push-in, hair in the wind'). */
      prompt: ZMotionPrompt,
      duration: z
        .enum(values(VIDEO_DURATIONS), { error: 'Choose 5 or 10 seconds' })
        .default(VIDEO_DURATIONS[0].value),
      aspectRatio: z
        .enum(values(VIDEO_ASPECT_RATIOS), { error: 'Choose 9:16, 1:1 or 16:9' })
        .default(VIDEO_ASPECT_RATIOS[0].value),
    }),
    z.object({
      tool: z.literal('face-swap'),
      /** The persona whose face replaces the face in every frame of the uploaded clip. */
      influencerId: ZInfluencerId,
    }),
    z.object({
      tool: z.literal('product-shot'),
      /** One of the account's products: its first photo is the job's input. */
      productId: z
        .string({ error: 'Choose one of your products' })
        .regex(UUID_PATTERN, 'Choose one of your products'),
      /** The persona presenting the product. */
      influencerId: ZInfluencerId,
      /** The scene; Muse adds the persona and the product. */
      prompt: safeText({ error: 'Describe the scene' })
        .trim()
        .min(1, 'Describe the scene')
        .max(1000, 'Keep the description under 1000 characters'),
      aspectRatio: z
        .enum(values(GENERATE_ASPECT_RATIOS), { error: 'Choose an aspect ratio' })
        .default('4:5'),
      /** Chosen by Muse when the request has none, and stored with the job. */
      seed: ZSeed.optional(),
    }),
    z.object({
      tool: z.literal('generate-prompt'),
      /** The creator's own words, which lead the written prompt. */
      customPrompt: safeText().trim().max(1000, 'Keep your text under 1000 characters').default(''),
    }),
  ],
  { error: 'Unknown tool' },
);

export type TJobRequest = z.infer<typeof ZJobRequest>;
export type TJobRequestInput = z.input<typeof ZJobRequest>;
export type TJobTool = TJobRequest['tool'];

/** Every tool's key, in the order of `ZJobRequest`. */
export const JOB_TOOLS: readonly TJobTool[] = ZJobRequest.options.map(
  (option) => option.shape.tool.value,
);

/**
 * Work that runs as a job but is not a tool of its own page or a credit action: training a
 * persona (docs/product/personas.md) spends a model token instead of credits.
 */
export const JOB_TASKS = ['train-persona'] as const;
export type TJobTask = (typeof JOB_TASKS)[number];
/** What a job row's `tool` may be: a tool's key or a task's. */
export type TJobKind = TJobTool | TJobTask;
export const JOB_KINDS: readonly TJobKind[] = [...JOB_TOOLS, ...JOB_TASKS];

/** A record with one entry per tool, each computed from the tool's key. */
export function toolRecord<V>(value: (tool: TJobTool) => V): Record<TJobTool, V> {
  const entries = JOB_TOOLS.map((tool) => [tool, value(tool)] as const);
  // JOB_TOOLS lists every key of the union, so every key gets its entry.
  return Object.fromEntries(entries) as Record<TJobTool, V>;
}

/** The parsed options of each tool, as its engine receives them. */
export type TJobOptionsByTool = {
  [T in TJobTool]: Omit<Extract<TJobRequest, { tool: T }>, 'tool'>;
};
export type TJobOptions<T extends TJobTool = TJobTool> = TJobOptionsByTool[T];

/** The options of each tool as a form may send them (strings, or the parsed values). */
export type TJobOptionsInputByTool = {
  [T in TJobTool]: Omit<Extract<TJobRequestInput, { tool: T }>, 'tool'>;
};
export type TJobOptionsInput<T extends TJobTool = TJobTool> = TJobOptionsInputByTool[T];

export type TUpscaleOptions = TJobOptions<'upscale'>;
export type TUpscaleModel = TUpscaleOptions['model'];
export type TEditOptions = TJobOptions<'edit-image'>;
export type TEditAspectRatio = TEditOptions['aspectRatio'];
export type TEditFormat = TEditOptions['format'];
export type TPromptOptions = TJobOptions<'generate-prompt'>;
export type TGenerateOptions = TJobOptions<'generate-image'>;
export type TGenerateStyle = TGenerateOptions['style'];
export type TGenerateAspectRatio = TGenerateOptions['aspectRatio'];
export type TVideoOptions = TJobOptions<'generate-video'>;
export type TVideoDuration = TVideoOptions['duration'];
export type TVideoAspectRatio = TVideoOptions['aspectRatio'];
export type TFaceSwapOptions = TJobOptions<'face-swap'>;
export type TProductShotOptions = TJobOptions<'product-shot'>;

/**
 * The credit action each tool spends. Credit actions are the billing vocabulary plans share
 * (`CREDIT_COSTS`, entitlements), so they keep their own names and this is the one mapping.
 */
export const JOB_TOOL_ACTIONS = {
  upscale: 'upscale',
  'edit-image': 'editImage',
  'generate-image': 'imageGeneration',
  'generate-video': 'videoGeneration',
  'face-swap': 'videoFaceSwap',
  'product-shot': 'productShot',
  'generate-prompt': 'promptGeneration',
} as const satisfies Record<TJobTool, TCreditAction>;

type TSnakeCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}_${TSnakeCase<Tail>}`
  : S;

/** The environment variable choosing a tool's engine: `ENGINE_` and the key in capitals. */
export type TEngineVariable<T extends TJobTool = TJobTool> = `ENGINE_${Uppercase<TSnakeCase<T>>}`;

export function engineVariable<T extends TJobTool>(tool: T): TEngineVariable<T> {
  const name = `ENGINE_${tool.toUpperCase().replaceAll('-', '_')}`;
  // The template type above spells out what this computes.
  return name as TEngineVariable<T>;
}
