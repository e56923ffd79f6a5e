/**
 * The server side of every AI tool, and of persona training, which runs as a job the same way
 * (docs/decisions/0014-tool-recipe.md): each folder here says how a request becomes jobs and how
 * a job runs and keeps its result. The job machinery (modules/jobs) reaches them through
 * `TJobDeps.tools`, built from this registry in services.ts.
 */
import type { TToolRegistry } from '../modules/jobs/tool';
import { editImage } from './edit-image';
import { faceSwap } from './face-swap';
import { generateImage } from './generate-image';
import { generatePrompt } from './generate-prompt';
import { generateVideo } from './generate-video';
import { productShot } from './product-shot';
import { trainPersona } from './train-persona';
import { upscale } from './upscale';

export const SERVER_TOOLS: TToolRegistry = {
  upscale,
  'edit-image': editImage,
  'generate-image': generateImage,
  'generate-video': generateVideo,
  'face-swap': faceSwap,
  'product-shot': productShot,
  'generate-prompt': generatePrompt,
  'train-persona': trainPersona,
};
