import type { TConfig } from '../config';
import { createThreadedEngines } from './thread-pool';
import type { TEditEngine, TPromptEngine, TUpscaleEngine } from './types';

/** The engine of each capability, chosen by configuration (ENGINE_UPSCALE, …). */
export type TEngines = {
  upscale: TUpscaleEngine;
  edit: TEditEngine;
  prompt: TPromptEngine;
};

export type TEngineChoice = Pick<TConfig, 'ENGINE_UPSCALE' | 'ENGINE_EDIT' | 'ENGINE_PROMPT'>;

/**
 * The engines a process uses: they run in engine threads (one per concurrent job), started on
 * first use, so the event loop that serves requests is never blocked by a model. A process
 * that never runs a job never starts one.
 */
export function createEngines(
  config: TEngineChoice & Partial<Pick<TConfig, 'WORKER_CONCURRENCY'>>,
): TEngines & { stop: () => Promise<void> } {
  return createThreadedEngines(
    {
      ENGINE_UPSCALE: config.ENGINE_UPSCALE,
      ENGINE_EDIT: config.ENGINE_EDIT,
      ENGINE_PROMPT: config.ENGINE_PROMPT,
    },
    config.WORKER_CONCURRENCY ?? 1,
  );
}
