import {
  JOB_TOOL_ACTIONS,
  TOOL_MAX_INPUT_SIDE,
  TOOL_TEXTS,
  UPSCALE_FACTOR,
  UPSCALE_MAX_INPUT_SIDE,
  ZEditOptions,
  ZPromptOptions,
  ZUpscaleOptions,
  type TJobTool,
} from '@muse/shared';
import type { z } from 'zod';
import type { TEngines } from '../../engines';
import type { TEncodedImage, TRunContext } from '../../engines/types';

export type TToolResult = { outputs: (TEncodedImage & { fileName: string })[]; prompt?: string };

type TToolDefinition<S extends z.ZodType> = {
  options: S;
  action: (typeof JOB_TOOL_ACTIONS)[TJobTool];
  /** The longer side an input may have, in pixels, and the refusal when it is larger. */
  maxInputSide: number;
  tooLarge: string;
  engineName: (engines: TEngines) => string;
  /** Refuses options the configured engine cannot honour, before any credit is taken. */
  check?: (options: z.infer<S>, engines: TEngines) => string | null;
  run: (
    engines: TEngines,
    input: Buffer,
    options: z.infer<S>,
    context: TRunContext,
  ) => Promise<TToolResult>;
};

const EXTENSIONS: Record<TEncodedImage['contentType'], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

function named(image: TEncodedImage, base: string) {
  return { ...image, fileName: `${base}.${EXTENSIONS[image.contentType]}` };
}

const upscale: TToolDefinition<typeof ZUpscaleOptions> = {
  options: ZUpscaleOptions,
  action: JOB_TOOL_ACTIONS.upscale,
  maxInputSide: UPSCALE_MAX_INPUT_SIDE,
  tooLarge: TOOL_TEXTS.upscaleTooLarge,
  engineName: (engines) => engines.upscale.name,
  run: async (engines, input, options, context) => ({
    outputs: [
      named(
        await engines.upscale.upscale(input, options, context),
        `muse-upscaled-${UPSCALE_FACTOR}x`,
      ),
    ],
  }),
};

const editImage: TToolDefinition<typeof ZEditOptions> = {
  options: ZEditOptions,
  action: JOB_TOOL_ACTIONS['edit-image'],
  maxInputSide: TOOL_MAX_INPUT_SIDE,
  tooLarge: TOOL_TEXTS.imageTooLarge,
  engineName: (engines) => engines.edit.name,
  check: (options, engines) =>
    options.prompt && !engines.edit.generative ? TOOL_TEXTS.generativeEngineNeeded : null,
  run: async (engines, input, options, context) => ({
    outputs: [
      named(
        await engines.edit.edit(input, options, context),
        `muse-edited-${options.aspectRatio === 'match' ? 'original' : options.aspectRatio.replace(':', 'x')}`,
      ),
    ],
  }),
};

const generatePrompt: TToolDefinition<typeof ZPromptOptions> = {
  options: ZPromptOptions,
  action: JOB_TOOL_ACTIONS['generate-prompt'],
  maxInputSide: TOOL_MAX_INPUT_SIDE,
  tooLarge: TOOL_TEXTS.imageTooLarge,
  engineName: (engines) => engines.prompt.name,
  run: async (engines, input, options, context) => {
    const result = await engines.prompt.describe(input, options.customPrompt, context);
    return { outputs: [], prompt: result.prompt };
  },
};

/**
 * Every tool that runs as a job: its options, its credit action and how it runs. A tool name
 * with no entry here cannot be queued (the type of this table is checked against JOB_TOOLS).
 */
export const TOOLS = {
  upscale,
  'edit-image': editImage,
  'generate-prompt': generatePrompt,
} satisfies Record<TJobTool, TToolDefinition<z.ZodType>>;

export type TAnyTool = TToolDefinition<z.ZodType>;
export const toolDefinition = (tool: TJobTool) => TOOLS[tool] as unknown as TAnyTool;
