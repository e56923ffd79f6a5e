/**
 * The registry of the AI tools that run as jobs (docs/product/tools.md,
 * docs/decisions/0014-tool-recipe.md), without zod. Each tool is declared once, in its descriptor
 * (`tools/<key>.ts`): its key, request, credit action, page and labels; `tools/list.gen.ts`,
 * written by scripts/tool-registry.mjs from that folder, lists them. A tool's key ('upscale',
 * 'edit-image', 'generate-prompt') is its descriptor's file, the `tool` of its job rows, its
 * server folder (`apps/server/src/tools/<key>/`) and the name of its engine variable
 * (`ENGINE_EDIT_IMAGE`). Everything here derives from `TOOL_LIST` and loads no schema, so a
 * public page (the support page's costs) and the routes may read it; the request schemas are
 * built in `tools.ts`.
 */
import type { z } from 'zod';
import type { TCreditAction } from './plans';
import type { TToolDescriptorInput } from './tools/define';
import { TOOL_LIST } from './tools/list.gen';

export * from './tools/define';
export * from './tools/choices';
export * from './tools/list.gen';

/** A tool's key. */
export type TJobTool = (typeof TOOL_LIST)[number]['key'];

/** Every tool's key, in the order of `TOOL_LIST` (and of `ZJobRequest`). */
export const JOB_TOOLS: readonly TJobTool[] = TOOL_LIST.map((tool) => tool.key);

/**
 * Work that runs as a job but is not a tool of its own page: training a persona
 * (docs/product/personas.md) spends a model token instead of credits; a draft in a persona's
 * words (`write-text`, docs/product/drafts.md) is asked for from the pages where words are
 * typed, and runs on the text engine (ENGINE_TEXT) rather than a tool's.
 */
export const JOB_TASKS = ['train-persona', 'write-text'] as const;
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

/** Each tool's descriptor, by key. */
export const TOOLS = Object.fromEntries(TOOL_LIST.map((tool) => [tool.key, tool])) as {
  [T in (typeof TOOL_LIST)[number] as T['key']]: T;
};

/** The page each tool is used on. */
export type TToolRoute = (typeof TOOL_LIST)[number]['path'];

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
