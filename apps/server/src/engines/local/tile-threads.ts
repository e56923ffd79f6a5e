/**
 * Extra threads for one upscale's tiles. TensorFlow.js 4.11 runs its WebAssembly backend on
 * one thread in Node, so a single model call uses one core; an upscale's tiles are independent,
 * so running them on several threads at once divides the time by about the number of cores.
 * Each thread has its own WebAssembly heap and models, loaded on first use and kept.
 */
import { Worker } from 'node:worker_threads';
import type { TUpscaleModel } from '../types';
import type { TTileRequest, TTileResponse } from './tile-thread';

/** Runs one model window: RGB 0–255 in, the x4 window out. */
export type TWindowRunner = (
  model: TUpscaleModel,
  rgb: Float32Array,
  width: number,
  height: number,
) => Promise<Float32Array>;

/** `tile-thread.js` beside the built server, or the sources through tsx. */
function threadEntry(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./tile-thread.dev.mjs', import.meta.url)
    : new URL('./tile-thread.js', import.meta.url);
}

type TPending = { resolve: (result: Float32Array) => void; reject: (error: Error) => void };

class TileThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, TPending>();
  private nextId = 1;

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(threadEntry());
    worker.unref();
    worker.on('message', (response: TTileResponse) => {
      const pending = this.pending.get(response.id);
      if (!pending) return;
      this.pending.delete(response.id);
      if (this.pending.size === 0) worker.unref();
      if (response.type === 'done') pending.resolve(response.result);
      else {
        const error = new Error(response.message);
        error.name = response.name;
        pending.reject(error);
      }
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const [, pending] of this.pending) pending.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`A tile thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  readonly run: TWindowRunner = (model, rgb, width, height) => {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, model, rgb, width, height } satisfies TTileRequest, [
        rgb.buffer as ArrayBuffer,
      ]);
    });
  };

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

/** `count` tile threads, started on first use; each runs one window at a time. */
export function createTileThreads(count: number): {
  runners: TWindowRunner[];
  stop: () => Promise<void>;
} {
  const threads = Array.from({ length: Math.max(0, count) }, () => new TileThread());
  return {
    runners: threads.map((thread) => thread.run),
    stop: async () => {
      await Promise.all(threads.map((thread) => thread.stop()));
    },
  };
}
