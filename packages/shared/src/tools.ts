/**
 * The tools' request schemas (docs/decisions/0014-tool-recipe.md): each descriptor's `request`,
 * given the field kit (`tools/fields.ts`), makes its entry of `ZJobRequest`. The registry itself
 * (`TOOL_LIST`, `toolsBy`, …) is in `tool-list.ts`, which loads no zod.
 */
import { z } from 'zod';
import { TOOL_LIST, type TJobTool } from './tool-list';
import { FIELD_KIT } from './tools/fields';
import { generateBatchRequest } from './tools/generate-image';

export * from './tool-list';
export * from './tools/fields';
export { FOOTAGE_RIGHTS_TEXTS } from './tools/face-swap';

type TRequests<L extends readonly unknown[]> = {
  -readonly [I in keyof L]: L[I] extends { request: (...args: never[]) => infer R } ? R : never;
};

/**
 * A job request: the tool and the fields it takes beside its image. The fields arrive as
 * multipart strings and are stored parsed (booleans, numbers); both forms parse here, so a stored
 * job is read back through the same schema. Each entry is a descriptor's `request`.
 */
export const ZJobRequest = z.discriminatedUnion(
  'tool',
  // The mapped tuple type spells out what this map makes, entry by entry.
  TOOL_LIST.map((tool) => tool.request(FIELD_KIT)) as unknown as TRequests<typeof TOOL_LIST>,
  { error: 'Unknown tool' },
);

export type TJobRequest = z.infer<typeof ZJobRequest>;
export type TJobRequestInput = z.input<typeof ZJobRequest>;

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

/** POST /api/generations (JSON): one job per image, all paid for (or refused) together. */
export const ZGenerateRequest = generateBatchRequest(FIELD_KIT);
export type TGenerateRequest = z.infer<typeof ZGenerateRequest>;
export type TGenerateRequestInput = z.input<typeof ZGenerateRequest>;
