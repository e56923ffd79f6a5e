/**
 * The registry of the AI tools that run as jobs (docs/product/tools.md,
 * docs/decisions/0014-tool-recipe.md). Each tool is declared once, in its descriptor
 * (`tools/<key>.ts`): its key, request, credit action, page and labels. A tool's key
 * ('upscale', 'edit-image', 'generate-prompt') is its page path, the `tool` of its job rows, its
 * server folder (`apps/server/src/tools/<key>/`) and the name of its engine variable
 * (`ENGINE_EDIT_IMAGE`). Everything below derives from `TOOLS`.
 */
import { z } from 'zod';
import type { TCreditAction } from './plans';
import type { TToolDescriptorInput } from './tools/define';
import { EDIT_IMAGE_TOOL } from './tools/edit-image';
import { FACE_SWAP_TOOL } from './tools/face-swap';
import { GENERATE_IMAGE_TOOL } from './tools/generate-image';
import { GENERATE_PROMPT_TOOL } from './tools/generate-prompt';
import { GENERATE_VIDEO_TOOL } from './tools/generate-video';
import { PRODUCT_SHOT_TOOL } from './tools/product-shot';
import { UPSCALE_TOOL } from './tools/upscale';

export * from './tools/define';
export * from './tools/fields';
export * from './tools/upscale';
export * from './tools/edit-image';
export * from './tools/generate-image';
export * from './tools/generate-video';
export * from './tools/face-swap';
export * from './tools/product-shot';
export * from './tools/generate-prompt';

/** Every tool, in the order of `ZJobRequest`. Adding a tool is adding its descriptor here. */
export const TOOL_LIST = [
  UPSCALE_TOOL,
  EDIT_IMAGE_TOOL,
  GENERATE_IMAGE_TOOL,
  GENERATE_VIDEO_TOOL,
  FACE_SWAP_TOOL,
  PRODUCT_SHOT_TOOL,
  GENERATE_PROMPT_TOOL,
] as const;

type TRequests<L extends readonly unknown[]> = {
  -readonly [I in keyof L]: L[I] extends { request: infer R } ? R : never;
};

/**
 * A job request: the tool and the fields it takes beside its image. The fields arrive as
 * multipart strings and are stored parsed (booleans, numbers); both forms parse here, so a stored
 * job is read back through the same schema. Each entry is a descriptor's `request`.
 */
export const ZJobRequest = z.discriminatedUnion(
  'tool',
  // The mapped tuple type spells out what this map makes, entry by entry.
  TOOL_LIST.map((tool) => tool.request) as unknown as TRequests<typeof TOOL_LIST>,
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

/** Each tool's descriptor, by key. */
export const TOOLS = Object.fromEntries(TOOL_LIST.map((tool) => [tool.key, tool])) as {
  [T in (typeof TOOL_LIST)[number] as T['key']]: T;
};

/**
 * The credit action each tool spends. Credit actions are the billing vocabulary plans share
 * (`CREDIT_COSTS`, entitlements), so they keep their own names; each tool's descriptor names its.
 */
export const JOB_TOOL_ACTIONS: { [T in TJobTool]: (typeof TOOLS)[T]['action'] } = toolRecord(
  (tool) => TOOLS[tool].action,
) as { [T in TJobTool]: (typeof TOOLS)[T]['action'] } satisfies Record<TJobTool, TCreditAction>;

/** The tools whose offline engine makes 'Offline preview's: free, and labelled so. */
export type TPreviewTool = {
  [T in TJobTool]: (typeof TOOLS)[T]['preview'] extends true ? T : never;
}[TJobTool];
export const PREVIEW_TOOLS: readonly TPreviewTool[] = JOB_TOOLS.filter(
  (tool): tool is TPreviewTool => TOOLS[tool].preview,
);

/** The tools that may run on fal: their engine variable may say `fal`, which needs FAL_KEY. */
export type THostedTool = {
  [T in TJobTool]: 'fal' extends (typeof TOOLS)[T]['engines'][number] ? T : never;
}[TJobTool];
export const HOSTED_TOOLS: readonly THostedTool[] = JOB_TOOLS.filter((tool): tool is THostedTool =>
  (TOOLS[tool].engines as readonly string[]).includes('fal'),
);

/** The tool's name in the credit history and the gallery ('Edit Image'). */
export function toolName(tool: TJobTool): string {
  return TOOLS[tool].name;
}

/** A descriptor that has `field` (a sidebar link, a card, …). */
export type TToolWith<F extends keyof TToolDescriptorInput<string, z.ZodObject>> = Extract<
  (typeof TOOL_LIST)[number],
  { [K in F]: unknown }
> & { [K in F]-?: NonNullable<TToolDescriptorInput<string, z.ZodObject>[K]> };

/** The descriptors that have `field`, in the order its `position` gives. */
export function toolsBy<F extends 'sidebar' | 'card' | 'faq' | 'continueFromGallery'>(
  field: F,
): TToolWith<F>[] {
  return TOOL_LIST.filter((tool): tool is TToolWith<F> => field in tool)
    .slice()
    .sort((a, b) => a[field].position - b[field].position);
}

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
