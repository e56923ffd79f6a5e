/**
 * The pixel work of the face swap, on one frame: the persona's face warped onto the frame's face
 * triangle by triangle (piecewise affine on the face mesh), its colours matched to the frame's
 * face, and blended in through a feathered mask of the face's outline. Only the box around the
 * frame's face is touched. The talking head (./talking-head-face.ts) moves a face with the same
 * warp, polygon fill and blur.
 */
import type { TFaceMesh, TRgbFrame } from './face-mesh';
import { convexHull, pointBounds } from './triangulate';

/** A face to put into frames: a picture of it and its mesh in that picture's pixels. */
export type TFaceSource = { image: TRgbFrame; mesh: TFaceMesh };

/** The mask's edge is moved this share of the face's width inside the mesh's outline... */
const ERODE = 0.08;
/** ...and softened by a blur of about this share (three box blurs of this radius). */
const FEATHER = 0.04;
/** How far the colour match may stretch or squeeze a channel's contrast. */
const MAX_CONTRAST_CHANGE = 1.6;

/** The part of the frame being worked on, in whole pixels. */
export type TRegion = { left: number; top: number; width: number; height: number };

/** The box around the points, inside the frame. */
export function regionAround(points: ArrayLike<number>, frame: TRgbFrame): TRegion {
  const { minX, minY, maxX, maxY } = pointBounds(points);
  const left = Math.max(0, Math.floor(minX));
  const top = Math.max(0, Math.floor(minY));
  const right = Math.min(frame.width, Math.ceil(maxX) + 1);
  const bottom = Math.min(frame.height, Math.ceil(maxY) + 1);
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** Bilinear sample of an RGB image at (x, y), clamped to its edges, into `out` at `at`. */
function sample(image: TRgbFrame, x: number, y: number, out: Float32Array, at: number): void {
  const cx = Math.max(0, Math.min(image.width - 1.001, x));
  const cy = Math.max(0, Math.min(image.height - 1.001, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const wx = cx - x0;
  const wy = cy - y0;
  const p = (y0 * image.width + x0) * 3;
  const q = p + image.width * 3;
  const data = image.data;
  for (let c = 0; c < 3; c += 1) {
    const upper = data[p + c]! + (data[p + 3 + c]! - data[p + c]!) * wx;
    const lower = data[q + c]! + (data[q + 3 + c]! - data[q + c]!) * wx;
    out[at + c] = upper + (lower - upper) * wy;
  }
}

/**
 * The source face warped onto `target`: each triangle of the frame's mesh takes its pixels from
 * the same triangle of the source's mesh, through the affine map between the two. Returns the
 * region's RGB and which of its pixels a triangle covered.
 */
export function warpTriangles(
  source: TFaceSource,
  target: TFaceMesh,
  triangles: Uint32Array,
  region: TRegion,
) {
  const rgb = new Float32Array(region.width * region.height * 3);
  const covered = new Uint8Array(region.width * region.height);
  const from = source.mesh;
  for (let t = 0; t < triangles.length; t += 3) {
    const [i, j, k] = [2 * triangles[t]!, 2 * triangles[t + 1]!, 2 * triangles[t + 2]!];
    const [x1, y1, x2, y2, x3, y3] = [
      target[i]!,
      target[i + 1]!,
      target[j]!,
      target[j + 1]!,
      target[k]!,
      target[k + 1]!,
    ];
    const det = (y2 - y3) * (x1 - x3) + (x3 - x2) * (y1 - y3);
    // A triangle squashed to a line covers no pixel.
    if (Math.abs(det) < 1e-6) continue;
    const left = Math.max(region.left, Math.floor(Math.min(x1, x2, x3)));
    const right = Math.min(region.left + region.width - 1, Math.ceil(Math.max(x1, x2, x3)));
    const top = Math.max(region.top, Math.floor(Math.min(y1, y2, y3)));
    const bottom = Math.min(region.top + region.height - 1, Math.ceil(Math.max(y1, y2, y3)));
    for (let y = top; y <= bottom; y += 1)
      for (let x = left; x <= right; x += 1) {
        // Barycentric weights of (x, y); all non-negative inside (a hair of slack on the edges).
        const a = ((y2 - y3) * (x - x3) + (x3 - x2) * (y - y3)) / det;
        const b = ((y3 - y1) * (x - x3) + (x1 - x3) * (y - y3)) / det;
        const c = 1 - a - b;
        if (a < -1e-6 || b < -1e-6 || c < -1e-6) continue;
        const sx = a * from[i]! + b * from[j]! + c * from[k]!;
        const sy = a * from[i + 1]! + b * from[j + 1]! + c * from[k + 1]!;
        const at = (y - region.top) * region.width + (x - region.left);
        sample(source.image, sx, sy, rgb, at * 3);
        covered[at] = 1;
      }
  }
  return { rgb, covered };
}

/** Fills the polygon (corners in order) into `mask` (the region's pixels) with 1. */
export function fillPolygon(corners: Float64Array, region: TRegion, mask: Float32Array): void {
  const count = corners.length / 2;
  for (let row = 0; row < region.height; row += 1) {
    const y = region.top + row;
    const crossings: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const [ax, ay] = [corners[2 * i]!, corners[2 * i + 1]!];
      const j = (i + 1) % count;
      const [bx, by] = [corners[2 * j]!, corners[2 * j + 1]!];
      if (ay <= y !== by <= y) crossings.push(ax + ((y - ay) * (bx - ax)) / (by - ay));
    }
    crossings.sort((a, b) => a - b);
    for (let c = 0; c + 1 < crossings.length; c += 2) {
      const from = Math.max(0, Math.ceil(crossings[c]! - region.left));
      const to = Math.min(region.width - 1, Math.floor(crossings[c + 1]! - region.left));
      mask.fill(1, row * region.width + from, row * region.width + to + 1);
    }
  }
}

/** One box blur of `radius` along a line of `count` values (`stride` apart); outside is 0. */
function blurLine(
  values: Float32Array,
  start: number,
  stride: number,
  count: number,
  radius: number,
  line: Float32Array,
) {
  for (let i = 0; i < count; i += 1) line[i] = values[start + i * stride]!;
  let sum = 0;
  for (let i = 0; i <= Math.min(radius, count - 1); i += 1) sum += line[i]!;
  for (let i = 0; i < count; i += 1) {
    values[start + i * stride] = sum / (2 * radius + 1);
    if (i + radius + 1 < count) sum += line[i + radius + 1]!;
    if (i - radius >= 0) sum -= line[i - radius]!;
  }
}

/** Three box blurs in each direction: close to a Gaussian of σ ≈ radius. */
export function blur(values: Float32Array, width: number, height: number, radius: number): void {
  const line = new Float32Array(Math.max(width, height));
  for (let pass = 0; pass < 3; pass += 1) {
    for (let y = 0; y < height; y += 1) blurLine(values, y * width, 1, width, radius, line);
    for (let x = 0; x < width; x += 1) blurLine(values, x, width, height, radius, line);
  }
}

/**
 * How much of the persona each pixel of the region shows: the frame face's outline (the hull of
 * its mesh) moved inward and blurred, so the seam falls on the frame's own skin, soft.
 */
function featheredMask(hull: Float64Array, region: TRegion, faceWidth: number): Float32Array {
  const count = hull.length / 2;
  let [cx, cy] = [0, 0];
  for (let i = 0; i < count; i += 1) {
    cx += hull[2 * i]! / count;
    cy += hull[2 * i + 1]! / count;
  }
  const erode = ERODE * faceWidth;
  const shrunk = new Float64Array(hull.length);
  for (let i = 0; i < hull.length; i += 2) {
    const [dx, dy] = [hull[i]! - cx, hull[i + 1]! - cy];
    const keep = Math.max(0, 1 - erode / Math.max(1e-6, Math.hypot(dx, dy)));
    shrunk[i] = cx + dx * keep;
    shrunk[i + 1] = cy + dy * keep;
  }
  const mask = new Float32Array(region.width * region.height);
  fillPolygon(shrunk, region, mask);
  blur(mask, region.width, region.height, Math.max(1, Math.round(FEATHER * faceWidth)));
  return mask;
}

/** RGB to YCbCr (BT.601, full range) in place, and back: luma and colour apart. */
function toYcc(values: Float32Array, at: number): void {
  const [r, g, b] = [values[at]!, values[at + 1]!, values[at + 2]!];
  values[at] = 0.299 * r + 0.587 * g + 0.114 * b;
  values[at + 1] = -0.168736 * r - 0.331264 * g + 0.5 * b;
  values[at + 2] = 0.5 * r - 0.418688 * g - 0.081312 * b;
}

function toRgb(values: Float32Array, at: number): void {
  const [y, cb, cr] = [values[at]!, values[at + 1]!, values[at + 2]!];
  values[at] = y + 1.402 * cr;
  values[at + 1] = y - 0.344136 * cb - 0.714136 * cr;
  values[at + 2] = y + 1.772 * cb;
}

/** Mean and standard deviation of each channel, weighted. */
function channelStats(values: Float32Array, weights: Float32Array) {
  const sum = [0, 0, 0];
  const squares = [0, 0, 0];
  let total = 0;
  for (let i = 0; i < weights.length; i += 1) {
    const w = weights[i]!;
    if (w <= 0) continue;
    total += w;
    for (let c = 0; c < 3; c += 1) {
      sum[c]! += w * values[i * 3 + c]!;
      squares[c]! += w * values[i * 3 + c]! ** 2;
    }
  }
  const mean = sum.map((s) => s / total);
  const deviation = squares.map((s, c) => Math.sqrt(Math.max(0, s / total - mean[c]! ** 2)));
  return { mean, deviation };
}

/**
 * The warped face's colours moved to the frame face's (mean and spread of luma and colour under
 * the mask), so the persona takes the clip's light and white balance.
 */
function matchColours(warped: Float32Array, frame: TRgbFrame, mask: Float32Array, region: TRegion) {
  const frameFace = new Float32Array(warped.length);
  for (let row = 0; row < region.height; row += 1) {
    const start = ((region.top + row) * frame.width + region.left) * 3;
    frameFace.set(frame.data.subarray(start, start + region.width * 3), row * region.width * 3);
  }
  for (let at = 0; at < warped.length; at += 3) {
    toYcc(warped, at);
    toYcc(frameFace, at);
  }
  const from = channelStats(warped, mask);
  const to = channelStats(frameFace, mask);
  const gain = from.deviation.map((deviation, c) =>
    Math.max(
      1 / MAX_CONTRAST_CHANGE,
      Math.min(MAX_CONTRAST_CHANGE, to.deviation[c]! / Math.max(1e-3, deviation)),
    ),
  );
  for (let at = 0; at < warped.length; at += 3) {
    for (let c = 0; c < 3; c += 1)
      warped[at + c] = (warped[at + c]! - from.mean[c]!) * gain[c]! + to.mean[c]!;
    toRgb(warped, at);
  }
}

/** Blends `rgb` (the region's pixels) into the frame, as much as `mask` says. */
function blendInto(frame: TRgbFrame, rgb: Float32Array, mask: Float32Array, region: TRegion) {
  for (let row = 0; row < region.height; row += 1)
    for (let column = 0; column < region.width; column += 1) {
      const m = mask[row * region.width + column]!;
      if (m <= 0) continue;
      const p = ((region.top + row) * frame.width + region.left + column) * 3;
      const q = (row * region.width + column) * 3;
      for (let c = 0; c < 3; c += 1) {
        const value = frame.data[p + c]! + (rgb[q + c]! - frame.data[p + c]!) * m;
        frame.data[p + c] = Math.max(0, Math.min(255, Math.round(value)));
      }
    }
}

/** Puts the persona's face from `source` onto the face whose mesh is `target`, in place. */
export function swapFace(
  frame: TRgbFrame,
  source: TFaceSource,
  target: TFaceMesh,
  triangles: Uint32Array,
): void {
  const hull = convexHull(target);
  const region = regionAround(hull, frame);
  const { minX, maxX } = pointBounds(hull);
  const faceWidth = maxX - minX;
  if (region.width < 8 || region.height < 8) return;
  const { rgb, covered } = warpTriangles(source, target, triangles, region);
  const mask = featheredMask(hull, region, faceWidth);
  for (let i = 0; i < mask.length; i += 1) mask[i]! *= covered[i]!;
  // A face almost wholly off the frame leaves nothing to match colours on.
  if (!mask.some((m) => m > 0)) return;
  matchColours(rgb, frame, mask, region);
  blendInto(frame, rgb, mask, region);
}
