/**
 * Worker threads for CPU-bound engine work, on Piscina (docs/decisions/0014-tool-recipe.md).
 * A pool starts no thread until its first task, keeps its threads (and the models they loaded)
 * afterwards, and never keeps the process alive while idle. A task's progress comes back
 * through a MessagePort passed in the task; its bytes cross transferred, not copied. A thread
 * that dies fails the task it was running, and the next task starts a new one. Aborting a
 * running task ends its thread at once: a model call cannot be interrupted any other way.
 */
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import { move, Piscina, transferableSymbol, valueSymbol } from 'piscina';
import type { TProgress } from './types';

/** What a thread posts on a task's progress port. */
type TProgressMessage = { percent: number; stage: string };

/** Every task carries a port for its progress. */
export type TWithProgress<TTask> = TTask & { progress: MessagePort };

export type TThreadPoolOptions = {
  /** The thread's module (see `threadEntry`). */
  entry: URL;
  /** The function the module exports that runs one task. */
  handler: string;
  /** Threads at most; tasks beyond them wait in order. */
  threads: number;
  workerData?: unknown;
};

/**
 * The module a thread runs: `<name>.js` beside the built server, or, running from the
 * TypeScript sources (tests, `npm run dev`), `<name>.dev.mjs`, which registers tsx first because
 * a thread does not inherit the main thread's TypeScript loader.
 */
export function threadEntry(name: string, base: string): URL {
  return base.endsWith('.ts') ? new URL(`./${name}.dev.mjs`, base) : new URL(`./${name}.js`, base);
}

/**
 * A pool of threads running one task each at a time. `TTask` is what the thread's handler
 * receives (with its progress port), `TResult` what it returns (through `transferring`).
 */
export class ThreadPool<TTask extends object, TResult> {
  private readonly pool: Piscina<TWithProgress<TTask>, TResult>;

  constructor(options: TThreadPoolOptions) {
    this.pool = new Piscina({
      filename: options.entry.href,
      name: options.handler,
      workerData: options.workerData,
      // None until the first task, and then kept: a thread holds models that take seconds to load.
      minThreads: 0,
      maxThreads: Math.max(1, options.threads),
      idleTimeout: Infinity,
      // The thread's event loop keeps running between tasks (Piscina would otherwise block it in
      // Atomics.wait), so threads it started itself (an upscale's tile threads) are looked after.
      atomics: 'disabled',
      recordTiming: false,
    });
  }

  /** Threads started so far. */
  get threads(): number {
    return this.pool.threads.length;
  }

  /**
   * Runs `task` on a free thread (or once one is free). `transfer` lists the buffers of `task`
   * to move to the thread: the caller must not use them afterwards.
   */
  async run(
    task: TTask,
    options: { signal?: AbortSignal; transfer?: ArrayBuffer[]; onProgress?: TProgress } = {},
  ): Promise<TResult> {
    const { port1, port2 } = new MessageChannel();
    const report = ({ percent, stage }: TProgressMessage) => options.onProgress?.(percent, stage);
    port1.on('message', report);
    // The running task keeps the process alive, not its progress port.
    port1.unref();
    try {
      return await this.pool.run(
        { ...task, progress: port2 },
        {
          transferList: [port2, ...(options.transfer ?? [])],
          signal: options.signal ?? null,
        },
      );
    } finally {
      // Progress posted before the result is already queued on the port: deliver it in order.
      for (let message = receiveMessageOnPort(port1); message;) {
        report(message.message);
        message = receiveMessageOnPort(port1);
      }
      port1.close();
    }
  }

  /** Ends every thread; tasks still running or waiting fail. */
  stop(): Promise<void> {
    return this.pool.destroy();
  }
}

/** In a thread: reports a task's progress on its port. */
export function progressTo(port: MessagePort): TProgress {
  return (percent, stage) => port.postMessage({ percent, stage } satisfies TProgressMessage);
}

/** In a thread: a handler's result with `buffers` moved to the caller instead of copied. */
export function transferring(value: object, buffers: ArrayBuffer[]): ReturnType<typeof move> {
  return move({ [transferableSymbol]: buffers, [valueSymbol]: value });
}
