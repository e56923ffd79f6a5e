/**
 * Every tool's engine glue (`<key>/engines.ts`), read by the engine maps (engines/in-process.ts,
 * engines/threaded-engines.ts, engines/index.ts). Kept apart from the tools' job code so an engine
 * thread loads engines only.
 */
import type { TJobTool } from '@muse/shared';
import type { TToolEngines } from '../engines/glue';
import { editImageEngines } from './edit-image/engines';
import { faceSwapEngines } from './face-swap/engines';
import { generateImageEngines } from './generate-image/engines';
import { generatePromptEngines } from './generate-prompt/engines';
import { generateVideoEngines } from './generate-video/engines';
import { productShotEngines } from './product-shot/engines';
import { upscaleEngines } from './upscale/engines';

export const TOOL_ENGINES: { [T in TJobTool]: TToolEngines<T> } = {
  upscale: upscaleEngines,
  'edit-image': editImageEngines,
  'generate-image': generateImageEngines,
  'generate-video': generateVideoEngines,
  'face-swap': faceSwapEngines,
  'product-shot': productShotEngines,
  'generate-prompt': generatePromptEngines,
};
