import { toolRecord, type TJobTool } from '@muse/shared';
import { TOOL_ENGINES } from '../tools/engines';
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

  // Each local engine says of itself what its glue says (an offline preview, no edits from words).
  const engines = toolRecord((tool) => ({
    ...threaded(tool),
    ...TOOL_ENGINES[tool].localTraits,
  })) as TEngines;
  return { ...engines, stop: () => pool.stop() };
}
