import { availableParallelism } from 'node:os';
import { engineVariable, toolRecord, TOOLS, type TEngineVariable } from '@muse/shared';
import type { TConfig } from '../config';
import type { TStorage } from '../lib/storage';
import { falConnection, type TFalConnection } from './fal/client';

export { falConnection } from './fal/client';
import { TOOL_ENGINES } from '../tools/engines';
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

/** The path fal's webhooks are delivered to (modules/jobs/provider-webhooks.ts). */
export const FAL_WEBHOOK_PATH = '/api/webhooks/fal';

export type TEngineConfig = Pick<TConfig, TEngineVariable> &
  Partial<
    Pick<
      TConfig,
      | 'WORKER_CONCURRENCY'
      | 'WORKER_PREVIEW_CONCURRENCY'
      | 'UPSCALE_THREADS'
      | 'FAL_KEY'
      | 'FAL_API_URL'
      | 'FAL_WEBHOOKS'
      | 'FAL_POLL_INTERVAL_MS'
      | 'PUBLIC_URL'
    >
  >;

/**
 * The engines a process uses, each tool's chosen by its variable (`ENGINE_UPSCALE`,
 * `ENGINE_GENERATE_IMAGE`, …). Local engines run in engine threads (one per concurrent job),
 * started on first use, so the event loop that serves requests is never blocked by a model; a
 * process that never runs a job never starts one. Hosted engines (fal) only send requests and
 * wait, so they run on the main thread.
 */
export function createEngines(
  config: TEngineConfig,
  deps: { storage: TStorage },
): TEngines & { stop: () => Promise<void> } {
  const choice = {
    engines: toolRecord(() => 'local' as const),
    upscaleThreads: upscaleThreads(config),
  };
  // The local tools that cost credits and the offline previews run in pools of their own, each
  // of as many threads as a worker runs such jobs at once, so a paid job never waits for a
  // thread a free video holds (docs/decisions/0039-fair-share-of-workers.md).
  const paid = createThreadedEngines(choice, config.WORKER_CONCURRENCY ?? 1);
  const previews = createThreadedEngines(choice, config.WORKER_PREVIEW_CONCURRENCY ?? 1);
  let connection: TFalConnection | null = null;
  const fal = () => {
    // loadConfig refuses a fal engine without FAL_KEY.
    connection ??= falConnection(config);
    if (!connection) throw new Error('FAL_KEY is needed for the fal engines');
    return connection;
  };
  const waiting = {
    pollIntervalMs: config.FAL_POLL_INTERVAL_MS ?? 1_000,
    ...(config.FAL_WEBHOOKS && config.PUBLIC_URL
      ? { webhookUrl: `${config.PUBLIC_URL}${FAL_WEBHOOK_PATH}` }
      : {}),
  };
  // Each tool's variable picks its engine: fal when it says so (and the tool has one), else the
  // local one in the pool of its kind. The record holds, per key, that key's engine.
  const engines = toolRecord((tool) => {
    const hosted = TOOL_ENGINES[tool].fal;
    if (config[engineVariable(tool)] === 'fal' && hosted)
      return hosted({ fal: fal(), waiting, storage: deps.storage });
    return (TOOLS[tool].preview ? previews : paid)[tool];
  }) as TEngines;
  return {
    ...engines,
    stop: async () => {
      await Promise.all([paid.stop(), previews.stop()]);
    },
  };
}
