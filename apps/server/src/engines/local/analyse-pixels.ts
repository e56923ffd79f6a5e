/**
 * What the pixels alone say: the dominant palette, the light, and where the eye goes when there
 * is no face. All of it runs on a small RGB copy of the image (3 bytes per pixel).
 */
import type { TBox } from '../types';
import { colourName, rgbToLch } from './analyse-colours';

export type TPixels = { data: Buffer; width: number; height: number };

type TColourBox = { pixels: number[]; min: number[]; max: number[] };

function bounds(data: Buffer, pixels: number[]): { min: number[]; max: number[] } {
  const min = [255, 255, 255];
  const max = [0, 0, 0];
  for (const p of pixels) {
    for (let ch = 0; ch < 3; ch++) {
      const v = data[p * 3 + ch] ?? 0;
      if (v < (min[ch] ?? 0)) min[ch] = v;
      if (v > (max[ch] ?? 0)) max[ch] = v;
    }
  }
  return { min, max };
}

function widestChannel(box: TColourBox): { channel: number; range: number } {
  let channel = 0;
  let range = -1;
  for (let ch = 0; ch < 3; ch++) {
    const r = (box.max[ch] ?? 0) - (box.min[ch] ?? 0);
    if (r > range) [channel, range] = [ch, r];
  }
  return { channel, range };
}

/**
 * Median-cut quantisation: the colour box with the most spread (weighted by its pixel count) is
 * split at the median of its widest channel until there are `count` boxes. Deterministic.
 */
function medianCut(image: TPixels, count: number): { rgb: number[]; share: number }[] {
  const total = image.width * image.height;
  const all = Array.from({ length: total }, (_, i) => i);
  const boxes: TColourBox[] = [{ pixels: all, ...bounds(image.data, all) }];
  while (boxes.length < count) {
    let pick = -1;
    let best = 0;
    boxes.forEach((box, index) => {
      const score = widestChannel(box).range * Math.sqrt(box.pixels.length);
      if (box.pixels.length > 1 && score > best) [pick, best] = [index, score];
    });
    if (pick < 0) break;
    const box = boxes[pick] as TColourBox;
    const { channel } = widestChannel(box);
    const sorted = [...box.pixels].sort(
      (a, b) => (image.data[a * 3 + channel] ?? 0) - (image.data[b * 3 + channel] ?? 0) || a - b,
    );
    const half = sorted.length >> 1;
    const [left, right] = [sorted.slice(0, half), sorted.slice(half)];
    boxes.splice(
      pick,
      1,
      { pixels: left, ...bounds(image.data, left) },
      { pixels: right, ...bounds(image.data, right) },
    );
  }
  return boxes.map((box) => {
    const sum = [0, 0, 0];
    for (const p of box.pixels) {
      for (let ch = 0; ch < 3; ch++) sum[ch] = (sum[ch] ?? 0) + (image.data[p * 3 + ch] ?? 0);
    }
    return {
      rgb: sum.map((s) => Math.round(s / box.pixels.length)),
      share: box.pixels.length / total,
    };
  });
}

/** Up to `limit` dominant colours as plain names, the most common first. */
export function dominantPalette(image: TPixels, limit = 5): string[] {
  const shares = new Map<string, number>();
  for (const { rgb, share } of medianCut(image, 12)) {
    const name = colourName(rgb[0] ?? 0, rgb[1] ?? 0, rgb[2] ?? 0);
    shares.set(name, (shares.get(name) ?? 0) + share);
  }
  return [...shares.entries()]
    .filter(([, share]) => share >= 0.04)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([name]) => name);
}

export type TLightStats = {
  /** Mean lightness 0–1. */
  brightness: number;
  /** Standard deviation of lightness 0–1. */
  contrast: number;
  /**
   * Mean (red − blue) of the near-neutral mid-tones, −1 to 1: above 0 is warm, below is cool.
   * Only greyish pixels count, so a red flower does not read as warm light; 0 without any.
   */
  warmth: number;
  /** Share of pixels in deep shadow (L* < 15) and in highlights (L* > 85). */
  shadows: number;
  highlights: number;
};

export function lightStats(image: TPixels): TLightStats {
  const total = image.width * image.height;
  let sum = 0;
  let sumSq = 0;
  let shadows = 0;
  let highlights = 0;
  let warmth = 0;
  let mids = 0;
  for (let i = 0; i < total; i++) {
    const [r, g, b] = [
      image.data[i * 3] ?? 0,
      image.data[i * 3 + 1] ?? 0,
      image.data[i * 3 + 2] ?? 0,
    ];
    const { l, c } = rgbToLch(r, g, b);
    sum += l;
    sumSq += l * l;
    if (l < 15) shadows++;
    if (l > 85) highlights++;
    if (l >= 25 && l <= 95 && c < 15) {
      warmth += (r - b) / 255;
      mids++;
    }
  }
  const mean = sum / total;
  return {
    brightness: mean / 100,
    contrast: Math.sqrt(Math.max(0, sumSq / total - mean * mean)) / 100,
    warmth: mids >= total * 0.03 ? warmth / mids : 0,
    shadows: shadows / total,
    highlights: highlights / total,
  };
}

/** The light in words, for a prompt: 'bright, soft daylight', 'low-key, moody lighting', … */
export function describeLighting(stats: TLightStats): string {
  const warm = stats.warmth > 0.08;
  const cool = stats.warmth < -0.05;
  const hard = stats.contrast > 0.3;
  const soft = stats.contrast < 0.18;
  if (stats.brightness < 0.3 || stats.shadows > 0.45) {
    if (hard && stats.highlights > 0.03) return 'dramatic low-key lighting with deep shadows';
    if (warm) return 'warm, low-key ambient lighting';
    if (cool) return 'cool, low-key moody lighting';
    return 'low-key, moody lighting';
  }
  if (stats.brightness > 0.66 || (stats.brightness > 0.5 && stats.highlights > 0.2)) {
    if (warm) return 'bright, warm sunlight';
    if (hard) return 'bright, airy daylight with crisp contrast';
    return 'bright, soft daylight';
  }
  if (warm) return 'warm golden-hour light';
  if (cool) return soft ? 'cool, overcast daylight' : 'cool, crisp daylight';
  if (soft) return 'soft, even natural light';
  if (hard) return 'crisp, directional light with defined shadows';
  return 'natural, balanced light';
}

/** The index where the running sum of `weights` reaches `q` of the total (even spread if none). */
function quantile(weights: Float64Array, q: number): number {
  let total = 0;
  for (const w of weights) total += w;
  if (total <= 1e-9) return Math.min(weights.length - 1, Math.floor(q * weights.length));
  let running = 0;
  for (let i = 0; i < weights.length; i++) {
    running += weights[i] ?? 0;
    if (running >= total * q) return i;
  }
  return weights.length - 1;
}

/**
 * The salient region when there is no face, from an edge and colour-contrast map with a mild
 * centre bias: the box holding the middle 80% of the saliency along each axis, with a margin.
 * In the pixels of `image`.
 */
export function salientBox(image: TPixels): TBox {
  const { width, height, data } = image;
  const lum = new Float64Array(width * height);
  const mean = [0, 0, 0];
  for (let i = 0; i < width * height; i++) {
    const [r, g, b] = [data[i * 3] ?? 0, data[i * 3 + 1] ?? 0, data[i * 3 + 2] ?? 0];
    lum[i] = 0.299 * r + 0.587 * g + 0.114 * b;
    mean[0] = (mean[0] ?? 0) + r;
    mean[1] = (mean[1] ?? 0) + g;
    mean[2] = (mean[2] ?? 0) + b;
  }
  const avg = mean.map((m) => m / (width * height));
  const edge = new Float64Array(width * height);
  const contrast = new Float64Array(width * height);
  let maxEdge = 1e-6;
  let maxContrast = 1e-6;
  const at = (x: number, y: number) =>
    lum[Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))] ?? 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const gx =
        at(x + 1, y - 1) +
        2 * at(x + 1, y) +
        at(x + 1, y + 1) -
        (at(x - 1, y - 1) + 2 * at(x - 1, y) + at(x - 1, y + 1));
      const gy =
        at(x - 1, y + 1) +
        2 * at(x, y + 1) +
        at(x + 1, y + 1) -
        (at(x - 1, y - 1) + 2 * at(x, y - 1) + at(x + 1, y - 1));
      const i = y * width + x;
      edge[i] = Math.hypot(gx, gy);
      contrast[i] = Math.hypot(
        (data[i * 3] ?? 0) - (avg[0] ?? 0),
        (data[i * 3 + 1] ?? 0) - (avg[1] ?? 0),
        (data[i * 3 + 2] ?? 0) - (avg[2] ?? 0),
      );
      maxEdge = Math.max(maxEdge, edge[i] ?? 0);
      maxContrast = Math.max(maxContrast, contrast[i] ?? 0);
    }
  }
  const columns = new Float64Array(width);
  const rows = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const dx = (x + 0.5) / width - 0.5;
      const dy = (y + 0.5) / height - 0.5;
      const centre = 1 - 0.8 * (dx * dx + dy * dy);
      const value = ((edge[i] ?? 0) / maxEdge + (contrast[i] ?? 0) / maxContrast) * centre;
      // Squared, so that the strong regions outweigh a busy but faint background.
      columns[x] = (columns[x] ?? 0) + value * value;
      rows[y] = (rows[y] ?? 0) + value * value;
    }
  }
  let [x0, x1] = [quantile(columns, 0.1), quantile(columns, 0.9) + 1];
  let [y0, y1] = [quantile(rows, 0.1), quantile(rows, 0.9) + 1];
  // A margin of 8%, and at least a third of each side, so the crop keeps some context; a box
  // pushed past an edge slides back inside rather than shrinking.
  const grow = (lo: number, hi: number, size: number): [number, number] => {
    const margin = 0.08 * size;
    let [a, b] = [lo - margin, hi + margin];
    const min = size / 3;
    if (b - a < min) [a, b] = [(a + b - min) / 2, (a + b + min) / 2];
    if (a < 0) [a, b] = [0, b - a];
    if (b > size) [a, b] = [Math.max(0, a - (b - size)), size];
    return [a, b];
  };
  [x0, x1] = grow(x0, x1, width);
  [y0, y1] = grow(y0, y1, height);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
