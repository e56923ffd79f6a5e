import { createLocalImageAnalyser } from './local/analyse';
import { createLocalEditEngine } from './local/edit';
import { createLocalGenerateEngine } from './local/generate';
import { createLocalPromptEngine } from './local/prompt';
import { createLocalUpscaleEngine } from './local/upscale';
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
    'generate-prompt': createLocalPromptEngine(analyser),
  };
}
