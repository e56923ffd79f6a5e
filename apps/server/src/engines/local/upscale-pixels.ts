/**
 * Runs an x4 model over raw RGB pixels window by window (see upscale-tiles.ts). Memory stays
 * bounded whatever the image size: one window's tensors at a time (all disposed before the
 * next), and the blending sums only for one band of window rows; the finished rows go straight
 * into the 8-bit output.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { LayersModel, Tensor } from '@tensorflow/tfjs';
import { UPSCALE_SCALE } from './upscale-model';
import { axisWeights, planTiles, type TTileLayout } from './upscale-tiles';
import { tfjsWasm } from './tfjs-runtime';

export type TRgbImage = { data: Uint8Array; width: number; height: number };

export type TTileRunContext = {
  /** Called before each window, `index` counting from 1. */
  onTile?: (index: number, total: number) => void;
  signal?: AbortSignal;
};

export function abortError(): DOMException {
  return new DOMException('The upscale was cancelled', 'AbortError');
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError();
}

/** One model call on one RGB window (0–255 in, 0–255 out, not clipped); leaves no tensor behind. */
export async function upscaleTensorOnce(
  model: LayersModel,
  rgb: Float32Array,
  width: number,
  height: number,
): Promise<Float32Array> {
  const tf = await tfjsWasm();
  const output = tf.tidy(() => model.predict(tf.tensor4d(rgb, [1, height, width, 3])) as Tensor);
  try {
    return (await output.data()) as Float32Array;
  } finally {
    output.dispose();
  }
}

/** One model call on one window: RGB 0–255 in, the x4 window out. */
export type TRunWindow = (
  rgb: Float32Array,
  width: number,
  height: number,
) => Promise<Float32Array>;

/** Runs windows in this thread with `model`. */
export function inThisThread(model: LayersModel): TRunWindow[] {
  return [(rgb, width, height) => upscaleTensorOnce(model, rgb, width, height)];
}

type TDeferred<T> = {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (e: Error) => void;
};

function deferred<T>(): TDeferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Awaited in order by the blender; a tile nobody waits for (after an abort) must not throw.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/**
 * Upscales `image` 4x; returns RGB bytes of (4 × width) × (4 × height). The windows run on
 * `runners` (this thread, or tile threads: see tile-threads.ts), each one window at a time, and
 * are blended in order, so the result is the same byte for byte however many ran it.
 */
export async function upscalePixels(
  image: TRgbImage,
  layout: TTileLayout,
  runners: TRunWindow[],
  context: TTileRunContext = {},
): Promise<Uint8Array> {
  const { data, width, height } = image;
  const scale = UPSCALE_SCALE;
  const plan = planTiles(width, height, layout);
  const outWidth = width * scale;
  const outHeight = height * scale;
  const output = new Uint8Array(outWidth * outHeight * 3);
  const columnWeights = plan.columns.map((_, i) => axisWeights(plan.columns, i, scale, layout));
  const rowWeights = plan.rows.map((_, i) => axisWeights(plan.rows, i, scale, layout));

  // Weighted sums for the output rows [bandStart, bandStart + bandRows).
  const bandRows = Math.max(...plan.rows.map((row) => row.size)) * scale;
  const sums = new Float32Array(bandRows * outWidth * 3);
  const weights = new Float32Array(bandRows * outWidth);
  let bandStart = 0;

  /** Writes the finished output rows [bandStart, until) and slides the band down to `until`. */
  const flush = (until: number) => {
    const rows = until - bandStart;
    for (let y = 0; y < rows; y += 1) {
      for (let x = 0; x < outWidth; x += 1) {
        const w = weights[y * outWidth + x]!;
        const source = (y * outWidth + x) * 3;
        const target = ((bandStart + y) * outWidth + x) * 3;
        for (let c = 0; c < 3; c += 1) {
          const value = w > 0 ? sums[source + c]! / w : 0;
          output[target + c] = value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
        }
      }
    }
    sums.copyWithin(0, rows * outWidth * 3);
    sums.fill(0, (bandRows - rows) * outWidth * 3);
    weights.copyWithin(0, rows * outWidth);
    weights.fill(0, (bandRows - rows) * outWidth);
    bandStart = until;
  };

  const tiles = plan.rows.flatMap((row, r) =>
    plan.columns.map((column, c) => ({ row, column, r, c })),
  );
  type TTile = (typeof tiles)[number];

  const windowOf = ({ row, column }: TTile) => {
    const window = new Float32Array(column.size * row.size * 3);
    for (let y = 0; y < row.size; y += 1) {
      const from = ((row.start + y) * width + column.start) * 3;
      window.set(data.subarray(from, from + column.size * 3), y * column.size * 3);
    }
    return window;
  };

  const blend = ({ row, column, r, c }: TTile, result: Float32Array) => {
    const wy = rowWeights[r]!;
    const wx = columnWeights[c]!;
    const resultWidth = column.size * scale;
    const left = column.start * scale;
    for (let y = 0; y < row.size * scale; y += 1) {
      const rowWeight = wy[y]!;
      if (rowWeight === 0) continue;
      const bandRow = row.start * scale + y - bandStart;
      for (let x = 0; x < resultWidth; x += 1) {
        const w = rowWeight * wx[x]!;
        if (w === 0) continue;
        const at = bandRow * outWidth + left + x;
        const from = (y * resultWidth + x) * 3;
        weights[at]! += w;
        sums[at * 3]! += w * result[from]!;
        sums[at * 3 + 1]! += w * result[from + 1]!;
        sums[at * 3 + 2]! += w * result[from + 2]!;
      }
    }
  };

  const results = tiles.map(() => deferred<Float32Array>());
  // Windows run at most this far ahead of the blending, so finished results stay few.
  const ahead = runners.length * 2;
  let started = 0;
  let blended = 0;
  let stopped = false;
  let onBlended: (() => void)[] = [];
  const blendedMore = () => new Promise<void>((resolve) => onBlended.push(resolve));

  const feed = async (run: TRunWindow) => {
    for (;;) {
      while (!stopped && started < tiles.length && started >= blended + ahead) {
        await blendedMore();
      }
      // Let timers and abort events run between windows: each model call blocks the thread.
      await nextTurn();
      if (stopped || started >= tiles.length || context.signal?.aborted) return;
      const index = started++;
      const tile = tiles[index]!;
      try {
        results[index]!.resolve(await run(windowOf(tile), tile.column.size, tile.row.size));
      } catch (error) {
        results[index]!.reject(error as Error);
        return;
      }
    }
  };
  const feeders = runners.map(feed);

  try {
    for (const [index, tile] of tiles.entries()) {
      if (tile.c === 0) flush(tile.row.start * scale);
      await nextTurn();
      throwIfAborted(context.signal);
      context.onTile?.(index + 1, tiles.length);
      blend(tile, await results[index]!.promise);
      blended = index + 1;
      const waiting = onBlended;
      onBlended = [];
      for (const wake of waiting) wake();
    }
  } finally {
    stopped = true;
    for (const wake of onBlended) wake();
  }
  await Promise.all(feeders);
  flush(outHeight);
  return output;
}
