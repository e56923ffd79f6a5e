import { createLocalImageAnalyser } from './local/analyse';
import { createLocalEditEngine } from './local/edit';
import { createLocalGenerateEngine } from './local/generate';
import { createLocalProductShotEngine } from './local/product-shot';
import { createLocalPromptEngine } from './local/prompt';
import { createLocalUpscaleEngine } from './local/upscale';
import { createLocalFaceSwapEngine } from './local/video/face-swap';
import { createLocalVideoEngine } from './local/video/motion-clip';
import type { TEngineChoice, TEngines } from './types';

/**
 * The engines themselves, running in the calling thread. The job worker reaches them through
 * engine threads (`createEngines`); benchmarks and the engine threads use this directly.
 */
export function createInProcessEngines(choice: TEngineChoice): TEngines {
  // The engine threads run the local engines; hosted ones run on the main thread (index.ts).
  const analyser = createLocalImageAnalyser();
  return {
    upscale: createLocalUpscaleEngine({ threads: choice.upscaleThreads }),
    'edit-image': createLocalEditEngine(analyser),
    'generate-image': createLocalGenerateEngine(),
    'generate-video': createLocalVideoEngine(),
    'face-swap': createLocalFaceSwapEngine(),
    'product-shot': createLocalProductShotEngine(),
    'generate-prompt': createLocalPromptEngine(analyser),
  };
}
