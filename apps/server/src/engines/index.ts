import { availableParallelism } from 'node:os';
import type { TConfig } from '../config';
import { createThreadedEngines } from './thread-pool';
import type { TEditEngine, TPromptEngine, TUpscaleEngine } from './types';

/** The engine of each capability, chosen by configuration (ENGINE_UPSCALE, …). */
export type TEngines = {
  upscale: TUpscaleEngine;
  edit: TEditEngine;
  prompt: TPromptEngine;
};

export type TEngineChoice = Pick<TConfig, 'ENGINE_UPSCALE' | 'ENGINE_EDIT' | 'ENGINE_PROMPT'> & {
  /** Threads one local upscale spreads its tiles over (1: its engine thread alone). */
  upscaleThreads: number;
};

/** UPSCALE_THREADS, or the machine's cores shared among the concurrent jobs, 1 to 4. */
export function upscaleThreads(
  config: Partial<Pick<TConfig, 'UPSCALE_THREADS' | 'WORKER_CONCURRENCY'>>,
): number {
  if (config.UPSCALE_THREADS) return config.UPSCALE_THREADS;
  const perJob = Math.floor(availableParallelism() / (config.WORKER_CONCURRENCY ?? 1));
  return Math.min(4, Math.max(1, perJob));
}

/**
 * The engines a process uses: they run in engine threads (one per concurrent job), started on
 * first use, so the event loop that serves requests is never blocked by a model. A process
 * that never runs a job never starts one.
 */
export function createEngines(
  config: Pick<TConfig, 'ENGINE_UPSCALE' | 'ENGINE_EDIT' | 'ENGINE_PROMPT'> &
    Partial<Pick<TConfig, 'WORKER_CONCURRENCY' | 'UPSCALE_THREADS'>>,
): TEngines & { stop: () => Promise<void> } {
  return createThreadedEngines(
    {
      ENGINE_UPSCALE: config.ENGINE_UPSCALE,
      ENGINE_EDIT: config.ENGINE_EDIT,
      ENGINE_PROMPT: config.ENGINE_PROMPT,
      upscaleThreads: upscaleThreads(config),
    },
    config.WORKER_CONCURRENCY ?? 1,
  );
}
