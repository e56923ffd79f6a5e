// An engine thread: runs the AI engines off the main thread, so a long upscale never holds up
// the requests the same process serves. Piscina calls `runEngineTask` for every task of the pool
// `createThreadedEngines` (threaded-engines.ts) starts; the thread keeps its engines and their
// models loaded between tasks.
import type { TJobTool } from '@muse/shared';
import { workerData } from 'node:worker_threads';
import { createInProcessEngines } from './in-process';
import { progressTo, transferring, type TWithProgress } from './thread-pool';
import type { TEngineChoice, TEngineOptions, TEngineOutputs, TEngines, TRunContext } from './types';

/** One run of a tool's engine: the input bytes (moved here) and the tool's options. */
export type TEngineTask<T extends TJobTool = TJobTool> = {
  [K in T]: { tool: K; input: Uint8Array; options: TEngineOptions<K> };
}[T];

/** What the thread answers a task of tool T with: `TEngineOutputs[T]`. */
export type TEngineTaskOutput = TEngineOutputs[TJobTool];

const choice: TEngineChoice = workerData;
const engines = createInProcessEngines(choice);

function run<T extends TJobTool>(
  tool: T,
  input: Buffer,
  options: TEngineOptions<T>,
  context: TRunContext,
): Promise<TEngineOutputs[T]> {
  const engine: TEngines[T] = engines[tool];
  return engine.run(input, options, context);
}

export async function runEngineTask(task: TWithProgress<TEngineTask>) {
  const input = Buffer.from(task.input.buffer, task.input.byteOffset, task.input.byteLength);
  const output = await run(task.tool, input, task.options, {
    onProgress: progressTo(task.progress),
  });
  if (!('data' in output)) return output;
  // Engines' buffers may share memory (sharp, Buffer's pool): copy into one of its own to move.
  const data = new Uint8Array(output.data);
  return transferring({ ...output, data }, [data.buffer]);
}
