/**
 * How an image is cut into model windows and how the windows' outputs are put back together.
 * Pure arithmetic, no TensorFlow: the engine and the tests share it.
 *
 * Along each axis the image is covered by equal windows that overlap their neighbours by at
 * least `overlap` input pixels. Equal windows keep the model's input shape (and so its memory)
 * constant; when the image is smaller than one window it is run whole.
 *
 * - 'cut' (standard): each output pixel comes from exactly one window, cut at the middle of
 *   every overlap, so each tile keeps at least overlap/2 pixels of context that is thrown away.
 * - 'ramp' (overlapping tiles): neighbouring windows cross-fade with linear weights across the
 *   whole overlap, so a window's edge pixels (where the convolutions saw zero padding) weigh
 *   almost nothing and no seam can form.
 */

export type TSpan = { start: number; size: number };

export type TTileLayout = {
  /** Largest window side in input pixels: bounds the memory of one model call. */
  window: number;
  /** Smallest overlap between neighbouring windows, in input pixels. */
  overlap: number;
  blend: 'cut' | 'ramp';
  /**
   * 'ramp' only: input pixels at each shared window edge that get no weight, so every pixel
   * that counts had at least this much context; the ramp spans the rest of the overlap.
   */
  margin?: number;
};

export type TTilePlan = { columns: TSpan[]; rows: TSpan[]; layout: TTileLayout };

/**
 * Measured on this machine (wasm, one thread): the model costs the same per input pixel for
 * every window from 48 to 160 px (about 40 µs/px for esrgan-medium, 15 µs/px for esrgan-slim),
 * while the wasm heap peaks at 45 MB for a 64 px window, 91 MB at 112 px and 170 MB at 160 px.
 * A 112 px window (96 px kept + 8 px context on each side) keeps one call under ~100 MB and
 * the context overhead near 1.3×. 8 px of context puts a tile within about 1 grey level of
 * running the whole image at once (12 px matches it exactly, 0 px leaves steps of up to 49).
 */
export const STANDARD_LAYOUT: TTileLayout = { window: 112, overlap: 16, blend: 'cut' };

/**
 * Windows of the same size overlapping by at least 48 px (over 40 % of a window): the outer
 * 8 px at a shared edge get no weight, and the rest of the overlap (32 px or more) cross-fades
 * linearly. Measured: 1.9–2.1× the time of the standard layout for 256 and 512 px images.
 */
export const OVERLAPPING_LAYOUT: TTileLayout = {
  window: 112,
  overlap: 48,
  blend: 'ramp',
  margin: 8,
};

/** Equal windows covering [0, length) that overlap their neighbours by at least `overlap`. */
export function planAxis(length: number, window: number, overlap: number): TSpan[] {
  if (!Number.isInteger(length) || length < 1) throw new Error(`Invalid length ${length}`);
  if (overlap < 0 || window <= overlap) throw new Error('The window must exceed the overlap');
  if (length <= window) return [{ start: 0, size: length }];
  const count = Math.ceil((length - overlap) / (window - overlap));
  // Rounding the starts can take one pixel off an overlap; grow the windows until none is short.
  for (let size = Math.ceil((length - overlap) / count) + overlap; ; size += 1) {
    const step = (length - size) / (count - 1);
    const spans = Array.from({ length: count }, (_, i) => ({ start: Math.round(i * step), size }));
    const shortest = Math.min(
      ...spans.slice(1).map((span, i) => spans[i]!.start + size - span.start),
    );
    if (shortest >= overlap || size >= length) return spans;
  }
}

export function planTiles(width: number, height: number, layout: TTileLayout): TTilePlan {
  return {
    columns: planAxis(width, layout.window, layout.overlap),
    rows: planAxis(height, layout.window, layout.overlap),
    layout,
  };
}

/**
 * Output pixels (input × scale) that window `index` shares with its previous and next window.
 */
function overlaps(spans: TSpan[], index: number, scale: number) {
  const span = spans[index]!;
  const previous = spans[index - 1];
  const next = spans[index + 1];
  return {
    left: previous === undefined ? 0 : (previous.start + previous.size - span.start) * scale,
    right: next === undefined ? 0 : (span.start + span.size - next.start) * scale,
  };
}

/**
 * The weight of every output pixel of window `index` along one axis (length size × scale).
 * 'cut': 1 up to the middle of each overlap, 0 beyond, the same cut for both windows of a pair.
 * 'ramp': 0 over `margin` at a shared edge, then linear up to 1 across the rest of the overlap;
 * the partner window falls over the same pixels, so the pair sums to 1. Where three windows
 * meet the sum can differ from 1: the blender divides by the sum of weights.
 */
export function axisWeights(
  spans: TSpan[],
  index: number,
  scale: number,
  layout: TTileLayout,
): Float32Array {
  const n = spans[index]!.size * scale;
  const { left, right } = overlaps(spans, index, scale);
  const margin = (layout.margin ?? 0) * scale;
  const weights = new Float32Array(n);
  for (let u = 0; u < n; u += 1) {
    if (layout.blend === 'cut') {
      const inside = u >= Math.floor(left / 2) && u < n - right + Math.floor(right / 2);
      weights[u] = inside ? 1 : 0;
    } else {
      const rise = left > 0 ? ramp(u - margin, left - 2 * margin) : 1;
      const fall = right > 0 ? ramp(n - 1 - u - margin, right - 2 * margin) : 1;
      weights[u] = rise * fall;
    }
  }
  return weights;
}

/** Linear 0 → 1 over `length` pixels, sampled at pixel centres; a step when length ≤ 0. */
function ramp(position: number, length: number): number {
  if (length <= 0) return position >= 0 ? 1 : 0;
  return Math.min(1, Math.max(0, (position + 0.5) / length));
}

/**
 * Output positions (pixel index after the boundary) where a window's contribution can jump:
 * the cuts for 'cut'; for 'ramp' the window edges and the ends of the zero-weight margins.
 */
export function seamPositions(spans: TSpan[], scale: number, layout: TTileLayout): number[] {
  const positions = new Set<number>();
  const margin = (layout.margin ?? 0) * scale;
  spans.forEach((span, index) => {
    const { left } = overlaps(spans, index, scale);
    const start = span.start * scale;
    const end = (span.start + span.size) * scale;
    if (layout.blend === 'cut') {
      if (index > 0) positions.add(start + Math.floor(left / 2));
    } else {
      if (index > 0) positions.add(start).add(start + margin);
      if (index < spans.length - 1) positions.add(end).add(end - margin);
    }
  });
  return [...positions].sort((a, b) => a - b);
}
