import {
  TOOL_MAX_INPUT_SIDE,
  TOOL_TEXTS,
  UPSCALE_FACTOR,
  UPSCALE_MAX_INPUT_SIDE,
  type TJobOptions,
  type TJobTool,
} from '@muse/shared';
import type { TJobDetails } from '../../db/schema';
import type {
  TEncodedImage,
  TEncodedVideo,
  TEngineExtras,
  TEngineOutputs,
  TEngines,
  TRunContext,
} from '../../engines/types';

/**
 * An output to store: its bytes, a download name, whether the provider flagged it, and a video's
 * length.
 */
export type TToolOutput = Pick<TEncodedImage, 'data' | 'width' | 'height'> & {
  contentType: TEncodedImage['contentType'] | TEncodedVideo['contentType'];
  fileName: string;
  flagged?: boolean;
  durationSeconds?: number;
};

export type TToolResult = { outputs: TToolOutput[]; prompt?: string; details?: TJobDetails };

/**
 * What the job machinery needs to know about a tool beyond its options, its engine and its credit
 * action (`JOB_TOOL_ACTIONS`, packages/shared).
 */
type TToolDefinition<T extends TJobTool> = {
  /** The longer side an input may have, in pixels, and the refusal when it is larger. */
  maxInputSide: number;
  tooLarge: string;
  /** Refuses options the configured engine cannot honour, before any credit is taken. */
  check?: (options: TJobOptions<T>, engines: TEngines) => string | null;
  /** The job's result from what the engine gave back: files with download names, or a prompt. */
  result: (output: TEngineOutputs[T], options: TJobOptions<T>) => TToolResult;
};

const EXTENSIONS: Record<TToolOutput['contentType'], string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
};

function named(image: TEncodedImage & { flagged?: boolean }, base: string): TToolOutput {
  return {
    data: image.data,
    width: image.width,
    height: image.height,
    contentType: image.contentType,
    fileName: `${base}.${EXTENSIONS[image.contentType]}`,
    ...(image.flagged ? { flagged: true } : {}),
  };
}

function namedVideo(video: TEncodedVideo, base: string): TToolOutput {
  return {
    data: video.data,
    width: video.width,
    height: video.height,
    contentType: video.contentType,
    fileName: `${base}.${EXTENSIONS[video.contentType]}`,
    durationSeconds: video.durationSeconds,
    ...(video.flagged ? { flagged: true } : {}),
  };
}

/**
 * Every tool that runs as a job, keyed like `ZJobRequest` (packages/shared), which holds the
 * options. A tool without an entry here does not typecheck.
 */
export const TOOLS: { [T in TJobTool]: TToolDefinition<T> } = {
  upscale: {
    maxInputSide: UPSCALE_MAX_INPUT_SIDE,
    tooLarge: TOOL_TEXTS.upscaleTooLarge,
    result: (image) => ({ outputs: [named(image, `muse-upscaled-${UPSCALE_FACTOR}x`)] }),
  },
  'edit-image': {
    maxInputSide: TOOL_MAX_INPUT_SIDE,
    tooLarge: TOOL_TEXTS.imageTooLarge,
    check: (options, engines) =>
      options.prompt && !engines['edit-image'].generative
        ? TOOL_TEXTS.generativeEngineNeeded
        : null,
    result: (image, options) => ({
      outputs: [
        named(
          image,
          `muse-edited-${options.aspectRatio === 'match' ? 'original' : options.aspectRatio.replace(':', 'x')}`,
        ),
      ],
      details:
        image.appliedSafetyTolerance === undefined
          ? {}
          : { appliedSafetyTolerance: image.appliedSafetyTolerance },
    }),
  },
  'generate-image': {
    // Generation reads no upload: its input is the persona's own reference photo.
    maxInputSide: TOOL_MAX_INPUT_SIDE,
    tooLarge: TOOL_TEXTS.imageTooLarge,
    result: (image, options) => ({
      outputs: [named(image, `muse-generated-${image.seed ?? options.seed}`)],
      details: { seed: image.seed ?? options.seed },
    }),
  },
  'generate-video': {
    // The still to animate: an upload, a gallery image or the persona's reference photo.
    maxInputSide: TOOL_MAX_INPUT_SIDE,
    tooLarge: TOOL_TEXTS.imageTooLarge,
    result: (video, options) => ({
      outputs: [namedVideo(video, `muse-video-${options.duration}s`)],
    }),
  },
  'face-swap': {
    // Its input is a clip, checked by its own rules (modules/media/video-upload.ts).
    maxInputSide: TOOL_MAX_INPUT_SIDE,
    tooLarge: TOOL_TEXTS.imageTooLarge,
    result: (video) => ({ outputs: [namedVideo(video, 'muse-face-swap')] }),
  },
  'product-shot': {
    // The product's own photo, as stored with the product.
    maxInputSide: TOOL_MAX_INPUT_SIDE,
    tooLarge: TOOL_TEXTS.imageTooLarge,
    result: (image, options) => {
      const seed = image.seed ?? options.seed ?? 0;
      return { outputs: [named(image, `muse-product-shot-${seed}`)], details: { seed } };
    },
  },
  'generate-prompt': {
    maxInputSide: TOOL_MAX_INPUT_SIDE,
    tooLarge: TOOL_TEXTS.imageTooLarge,
    result: (described) => ({ outputs: [], prompt: described.prompt }),
  },
};

/** Refuses options the tool's engine cannot honour (null: none). */
export function checkOptions<T extends TJobTool>(
  tool: T,
  options: TJobOptions<T>,
  engines: TEngines,
): string | null {
  const definition: TToolDefinition<T> = TOOLS[tool];
  return definition.check?.(options, engines) ?? null;
}

/**
 * Runs a tool's engine on the input (with what the engine is told beyond the options, such as
 * the persona) and makes the job's result of what it gives back.
 */
export async function runTool<T extends TJobTool>(
  tool: T,
  options: TJobOptions<T>,
  extras: TEngineExtras[T],
  engines: TEngines,
  input: Buffer,
  context: TRunContext,
): Promise<TToolResult> {
  const definition: TToolDefinition<T> = TOOLS[tool];
  const engine: TEngines[T] = engines[tool];
  return definition.result(await engine.run(input, { ...options, ...extras }, context), options);
}
