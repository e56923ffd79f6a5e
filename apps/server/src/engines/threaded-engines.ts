import type { TJobTool } from '@muse/shared';
import type { TEngineTask, TEngineTaskOutput } from './engine-thread';
import { threadEntry, ThreadPool } from './thread-pool';
import type {
  TEngine,
  TEngineChoice,
  TEngineOptions,
  TEngineOutputs,
  TEngines,
  TRunContext,
} from './types';

/**
 * Engines that run in a pool of engine threads (one per concurrent job), started on first use
 * and kept with their models loaded. The main thread only passes bytes and progress along.
 */
export function createThreadedEngines(
  choice: TEngineChoice,
  threads = 1,
): TEngines & { stop: () => Promise<void> } {
  const pool = new ThreadPool<TEngineTask, TEngineTaskOutput>({
    entry: threadEntry('engine-thread', import.meta.url),
    handler: 'runEngineTask',
    threads,
    workerData: choice,
  });

  function threaded<T extends TJobTool>(tool: T): TEngine<T> {
    return {
      name: choice.engines[tool],
      run: async (input: Buffer, options: TEngineOptions<T>, context: TRunContext) => {
        // The caller keeps its buffer: the thread gets a copy of its own, moved, not cloned.
        const bytes = new Uint8Array(input);
        const task: TEngineTask<T> = { tool, input: bytes, options };
        // Widening only: TypeScript cannot see that TEngineTask<T> is a member of the union.
        const output = await pool.run(task as unknown as TEngineTask, {
          transfer: [bytes.buffer],
          onProgress: context.onProgress,
          ...(context.signal ? { signal: context.signal } : {}),
        });
        // engine-thread.ts answers a task of tool T with the output of T's engine.
        return output as TEngineOutputs[T];
      },
    };
  }

  return {
    upscale: threaded('upscale'),
    // The local engines cannot edit from words, and they generate offline previews.
    'edit-image': { ...threaded('edit-image'), generative: false },
    'generate-image': { ...threaded('generate-image'), preview: true },
    'generate-video': { ...threaded('generate-video'), preview: true },
    'face-swap': { ...threaded('face-swap'), preview: true },
    'product-shot': { ...threaded('product-shot'), preview: true },
    'generate-prompt': threaded('generate-prompt'),
    stop: () => pool.stop(),
  };
}
