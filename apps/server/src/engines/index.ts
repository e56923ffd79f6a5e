import { availableParallelism } from 'node:os';
import { toolRecord, type TEngineVariable } from '@muse/shared';
import type { TConfig } from '../config';
import type { TStorage } from '../lib/storage';
import { createFalConnection, type TFalConnection } from './fal/client';
import { createFalEditEngine } from './fal/edit';
import { createFalFaceSwapEngine } from './fal/face-swap';
import { createFalGenerateEngine } from './fal/generate';
import { createFalProductShotEngine } from './fal/product-shot';
import { createFalVideoEngine } from './fal/video';
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

/** The fal connection, when a key is configured. */
export function falConnection(config: Partial<Pick<TConfig, 'FAL_KEY' | 'FAL_API_URL'>>) {
  if (!config.FAL_KEY) return null;
  return createFalConnection({
    key: config.FAL_KEY,
    ...(config.FAL_API_URL ? { apiUrl: config.FAL_API_URL } : {}),
  });
}

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
  const local: TEngines & { stop: () => Promise<void> } = {
    upscale: paid.upscale,
    'edit-image': paid['edit-image'],
    'generate-prompt': paid['generate-prompt'],
    'generate-image': previews['generate-image'],
    'generate-video': previews['generate-video'],
    'face-swap': previews['face-swap'],
    'product-shot': previews['product-shot'],
    stop: async () => {
      await Promise.all([paid.stop(), previews.stop()]);
    },
  };
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
  return {
    ...local,
    'edit-image':
      config.ENGINE_EDIT_IMAGE === 'fal'
        ? createFalEditEngine(fal(), waiting)
        : local['edit-image'],
    'generate-image':
      config.ENGINE_GENERATE_IMAGE === 'fal'
        ? createFalGenerateEngine(fal(), { storage: deps.storage, ...waiting })
        : local['generate-image'],
    'generate-video':
      config.ENGINE_GENERATE_VIDEO === 'fal'
        ? createFalVideoEngine(fal(), waiting)
        : local['generate-video'],
    'face-swap':
      config.ENGINE_FACE_SWAP === 'fal'
        ? createFalFaceSwapEngine(fal(), waiting)
        : local['face-swap'],
    'product-shot':
      config.ENGINE_PRODUCT_SHOT === 'fal'
        ? createFalProductShotEngine(fal(), waiting)
        : local['product-shot'],
  };
}
