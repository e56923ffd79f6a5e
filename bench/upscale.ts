/**
 * Local ESRGAN x4 upscale times (TensorFlow.js wasm backend) for 256×256 and 512×512 photos,
 * with 'Version 2' (esrgan-medium), standard and overlapping tiles: on one thread (the
 * baseline) and spread over the threads `npm start` gives one upscale on this machine. A
 * warm-up run loads the models and the wasm backend first; each figure is the best of the
 * timed runs. Prints nothing: the caller reports the results.
 */
import path from 'node:path';
import { toolRecord, type TUpscaleOptions } from '@muse/shared';
import sharp from 'sharp';
import { upscaleThreads } from '../apps/server/src/engines';
import { createLocalUpscaleEngine } from '../apps/server/src/engines/local/upscale';
import { createThreadedEngines } from '../apps/server/src/engines/threaded-engines';
import { SERVER_ROOT } from '../apps/server/src/lib/paths';

const PHOTO = path.join(SERVER_ROOT, 'test/fixtures/photos/group-1.jpg');

/** A square crop of the group photo around the faces, resized to `size` px, as PNG. */
function photo(size: number): Promise<Buffer> {
  return sharp(PHOTO)
    .extract({ left: 140, top: 60, width: 560, height: 560 })
    .resize(size, size)
    .png()
    .toBuffer();
}

export type TUpscaleBench = {
  name: string;
  /** On one thread: the baseline. */
  ms: number;
  /** Spread over `threads` threads, as `npm start` runs it on this machine. */
  threadedMs: number;
};

export async function benchUpscale(
  options: { runs?: number } = {},
): Promise<{ threads: number; results: TUpscaleBench[] }> {
  const runs = options.runs ?? 1;
  const threads = upscaleThreads({ WORKER_CONCURRENCY: 1 });
  const single = createLocalUpscaleEngine({ threads: 1 });
  const threaded = createLocalUpscaleEngine({ threads });
  const context = { onProgress: () => {} };

  const images = { 256: await photo(256), 512: await photo(512) };
  const warmUp = await photo(256);
  for (const engine of [single, threaded]) {
    await engine.run(warmUp, { model: 'v2', overlappingTiles: false }, context);
  }
  const best = async (engine: typeof single, input: Buffer, settings: TUpscaleOptions) => {
    let fastest = Infinity;
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      await engine.run(input, settings, context);
      fastest = Math.min(fastest, performance.now() - started);
    }
    return Math.round(fastest);
  };

  const results: TUpscaleBench[] = [];
  try {
    for (const overlappingTiles of [false, true]) {
      for (const size of [256, 512] as const) {
        const settings: TUpscaleOptions = { model: 'v2', overlappingTiles };
        const tiles = overlappingTiles ? 'overlapping tiles' : 'standard tiles';
        results.push({
          name: `upscale v2 ${size}×${size}, ${tiles}`,
          ms: await best(single, images[size], settings),
          threadedMs: await best(threaded, images[size], settings),
        });
      }
    }
  } finally {
    await threaded.stop();
  }
  return { threads, results };
}

/**
 * The main thread's longest pause (a 10 ms ticker) during a threaded upscale, against the same
 * ticker's longest pause while the main thread only waits for a timer of the same length: the
 * engine threads must leave the event loop that serves requests as free as an idle one.
 */
export async function benchMainThreadPause(): Promise<{ idleMs: number; upscaleMs: number }> {
  const engines = createThreadedEngines({
    engines: toolRecord(() => 'local'),
    upscaleThreads: upscaleThreads({ WORKER_CONCURRENCY: 1 }),
  });
  const context = { onProgress: () => {} };
  const longestPause = async (work: () => Promise<unknown>) => {
    let last = performance.now();
    let longest = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    await work();
    clearInterval(ticker);
    return { longest, elapsed: performance.now() - started };
  };
  try {
    await engines.upscale.run(await photo(32), { model: 'v2', overlappingTiles: false }, context);
    const input = await photo(256);
    const upscale = await longestPause(() =>
      engines.upscale.run(input, { model: 'v2', overlappingTiles: true }, context),
    );
    const idle = await longestPause(
      () => new Promise((resolve) => setTimeout(resolve, upscale.elapsed)),
    );
    return { idleMs: Math.round(idle.longest), upscaleMs: Math.round(upscale.longest) };
  } finally {
    await engines.stop();
  }
}
