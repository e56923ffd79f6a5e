/**
 * Extra threads for one upscale's tiles. TensorFlow.js 4.11 runs its WebAssembly backend on
 * one thread in Node, so a single model call uses one core; an upscale's tiles are independent,
 * so running them on several threads at once divides the time by about the number of cores.
 * Each thread has its own WebAssembly heap and models, loaded on first use and kept.
 */
import { ThreadClient } from '../thread-client';
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

class TileThread {
  private readonly thread = new ThreadClient<TTileResponse>(threadEntry(), { name: 'tile thread' });

  readonly run: TWindowRunner = async (model, rgb, width, height) => {
    const { answer } = this.thread.request((id) => ({
      message: { id, model, rgb, width, height } satisfies TTileRequest,
      transfer: [rgb.buffer as ArrayBuffer],
    }));
    const response = await answer;
    if (response.type !== 'done') throw new Error('The tile thread answered out of turn');
    return response.result;
  };

  stop(): Promise<void> {
    return this.thread.stop();
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
