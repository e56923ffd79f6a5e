/**
 * Every tool's local engine (`<key>/local-engine.ts`), built in the engine threads
 * (engines/in-process.ts): the main process never loads them or their models' code.
 */
import type { TJobTool } from '@muse/shared';
import type { TLocalEngine } from '../engines/glue';
import { editImageLocalEngine } from './edit-image/local-engine';
import { faceSwapLocalEngine } from './face-swap/local-engine';
import { generateImageLocalEngine } from './generate-image/local-engine';
import { generatePromptLocalEngine } from './generate-prompt/local-engine';
import { generateVideoLocalEngine } from './generate-video/local-engine';
import { productShotLocalEngine } from './product-shot/local-engine';
import { upscaleLocalEngine } from './upscale/local-engine';

export const LOCAL_ENGINES: { [T in TJobTool]: TLocalEngine<T> } = {
  upscale: upscaleLocalEngine,
  'edit-image': editImageLocalEngine,
  'generate-image': generateImageLocalEngine,
  'generate-video': generateVideoLocalEngine,
  'face-swap': faceSwapLocalEngine,
  'product-shot': productShotLocalEngine,
  'generate-prompt': generatePromptLocalEngine,
};
