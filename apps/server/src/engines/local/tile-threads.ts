/**
 * Extra threads for one upscale's tiles. TensorFlow.js 4.11 runs its WebAssembly backend on
 * one thread in Node, so a single model call uses one core; an upscale's tiles are independent,
 * so running them on several threads at once divides the time by about the number of cores.
 * Each thread has its own WebAssembly heap and models, loaded on first use and kept.
 */
import type { TUpscaleModel } from '@muse/shared';
import { threadEntry, ThreadPool } from '../thread-pool';
import type { TTileTask } from './tile-thread';

/** Runs one model window: RGB 0–255 in, the x4 window out. */
export type TWindowRunner = (
  model: TUpscaleModel,
  rgb: Float32Array,
  width: number,
  height: number,
) => Promise<Float32Array>;

/** `count` tile threads, started on first use; each runs one window at a time. */
export function createTileThreads(count: number): {
  runners: TWindowRunner[];
  stop: () => Promise<void>;
} {
  const pool = new ThreadPool<TTileTask, Float32Array>({
    entry: threadEntry('tile-thread', import.meta.url),
    handler: 'runTile',
    threads: count,
  });
  // The window's pixels move to the thread (the caller cut them for this call) and back.
  const run: TWindowRunner = (model, rgb, width, height) =>
    pool.run({ model, rgb, width, height }, { transfer: [rgb.buffer as ArrayBuffer] });
  return {
    // One runner per thread: the caller keeps each busy with one window at a time.
    runners: Array.from({ length: Math.max(0, count) }, () => run),
    stop: () => pool.stop(),
  };
}
