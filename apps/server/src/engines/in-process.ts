import { createLocalImageAnalyser } from './local/analyse';
import { createLocalEditEngine } from './local/edit';
import { createLocalPromptEngine } from './local/prompt';
import { createLocalUpscaleEngine } from './local/upscale';
import type { TEngineChoice, TEngines } from './types';

/**
 * The engines themselves, running in the calling thread. The job worker reaches them through
 * engine threads (`createEngines`); benchmarks and the engine threads use this directly.
 */
export function createInProcessEngines(choice: TEngineChoice): TEngines {
  // Only the local engine exists so far; the config schema refuses anything else.
  const analyser = createLocalImageAnalyser();
  return {
    upscale: createLocalUpscaleEngine({ threads: choice.upscaleThreads }),
    'edit-image': createLocalEditEngine(analyser),
    'generate-prompt': createLocalPromptEngine(analyser),
  };
}
