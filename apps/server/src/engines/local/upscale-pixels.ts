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

/** Upscales `image` 4x with `model`; returns RGB bytes of (4 × width) × (4 × height). */
export async function upscalePixels(
  model: LayersModel,
  image: TRgbImage,
  layout: TTileLayout,
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

  const total = plan.rows.length * plan.columns.length;
  let index = 0;
  for (const [r, row] of plan.rows.entries()) {
    flush(row.start * scale);
    const wy = rowWeights[r]!;
    for (const [c, column] of plan.columns.entries()) {
      // Let timers and abort events run between windows: each model call blocks the thread.
      await nextTurn();
      throwIfAborted(context.signal);
      index += 1;
      context.onTile?.(index, total);

      const window = new Float32Array(column.size * row.size * 3);
      for (let y = 0; y < row.size; y += 1) {
        const from = ((row.start + y) * width + column.start) * 3;
        window.set(data.subarray(from, from + column.size * 3), y * column.size * 3);
      }
      const result = await upscaleTensorOnce(model, window, column.size, row.size);

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
    }
  }
  flush(outHeight);
  return output;
}
