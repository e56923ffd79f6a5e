import { availableParallelism } from 'node:os';
import { engineVariable, toolRecord, type TEngineVariable } from '@muse/shared';
import type { TConfig } from '../config';
import { createThreadedEngines } from './threaded-engines';
import type { TEngines } from './types';

export type { TEngineChoice, TEngines } from './types';

/** UPSCALE_THREADS, or the machine's cores shared among the concurrent jobs, 1 to 4. */
export function upscaleThreads(
  config: Partial<Pick<TConfig, 'UPSCALE_THREADS' | 'WORKER_CONCURRENCY'>>,
): number {
  if (config.UPSCALE_THREADS) return config.UPSCALE_THREADS;
  const perJob = Math.floor(availableParallelism() / (config.WORKER_CONCURRENCY ?? 1));
  return Math.min(4, Math.max(1, perJob));
}

/**
 * The engines a process uses, each tool's chosen by its variable (`ENGINE_UPSCALE`,
 * `ENGINE_EDIT_IMAGE`, …). They run in engine threads (one per concurrent job), started on
 * first use, so the event loop that serves requests is never blocked by a model. A process that
 * never runs a job never starts one.
 */
export function createEngines(
  config: Pick<TConfig, TEngineVariable> &
    Partial<Pick<TConfig, 'WORKER_CONCURRENCY' | 'UPSCALE_THREADS'>>,
): TEngines & { stop: () => Promise<void> } {
  return createThreadedEngines(
    {
      engines: toolRecord((tool) => config[engineVariable(tool)]),
      upscaleThreads: upscaleThreads(config),
    },
    config.WORKER_CONCURRENCY ?? 1,
  );
}
