/**
 * The persona cut out of its reference photo for the offline engine's previews
 * (docs/product/generate.md, "How the offline engine shows the persona"). A cut-out is only used
 * when it is believable and opaque:
 *
 * 1. For a drawing on a smooth backdrop (the marketplace's illustrated portraits), the backdrop
 *    is keyed out: everything reached from the photo's top and sides without crossing a drawn
 *    edge is backdrop, and the drawn figure is the shape standing on the bottom edge. Keying
 *    follows the drawing's own edges exactly, where a photo matte blurs them; a photograph's
 *    grain and gradients stop the backdrop from reaching around a person, so photos fall through.
 * 2. Else the person matte (segment.ts) of a photo, when it is sure of a person: most of what it
 *    marks is fully opaque. Its soft edge is firmed up so no part of the body is translucent.
 * 3. Else nothing: the caller shows the whole photo as a framed print in the scene.
 */
import sharp from 'sharp';
import { matte, type TMatte } from './segment';

/** The matte is computed at this size (longer side), like the person matte's. */
const MATTE_SIDE = 640;

/**
 * A person matte is trusted when it marks at least this share of the photo, and at least
 * `solid` of what it marks is fully opaque (photos of one person: 0.81–0.98; a wall: nothing
 * marked; photos of a group: 0.77–0.81).
 */
const PERSON = { minCover: 0.05, solid: 0.8 };
/** Alpha below `low` becomes transparent, above `high` fully opaque (the edge stays soft). */
const FIRM = { low: 48, high: 208 };

/**
 * Backdrop keying: neighbouring pixels differing by at most `edge` (0–255, on any channel) are
 * one smooth surface. A believable figure covers `minArea`–`maxArea` of the photo, stands on at
 * least `minFoot` of the bottom edge and leaves the top edge to the backdrop.
 */
const KEY = { edge: 12, minArea: 0.12, maxArea: 0.8, minFoot: 0.25 };

/** Of the pixels a matte marks (alpha above 32), the share that is fully opaque (224 and up). */
export function matteConfidence(alpha: Uint8Array): { cover: number; solid: number } {
  let marked = 0;
  let solid = 0;
  for (const value of alpha) {
    if (value > 32) marked += 1;
    if (value >= 224) solid += 1;
  }
  return { cover: marked / Math.max(1, alpha.length), solid: solid / Math.max(1, marked) };
}

/** The matte with its soft edge firmed up: translucent body pixels become opaque. */
function firmed(cut: TMatte): TMatte {
  const alpha = Buffer.alloc(cut.alpha.length);
  const span = FIRM.high - FIRM.low;
  for (let i = 0; i < alpha.length; i += 1)
    alpha[i] = Math.max(0, Math.min(255, Math.round(((cut.alpha[i]! - FIRM.low) * 255) / span)));
  return { ...cut, alpha };
}

/** For each pixel, the largest difference to a neighbour on any channel. */
function edgeStrength(rgb: Uint8Array, width: number, height: number): Uint8Array {
  const strength = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      let most = 0;
      const compare = (j: number) => {
        for (let c = 0; c < 3; c += 1)
          most = Math.max(most, Math.abs(rgb[i * 3 + c]! - rgb[j * 3 + c]!));
      };
      if (x > 0) compare(i - 1);
      if (x < width - 1) compare(i + 1);
      if (y > 0) compare(i - width);
      if (y < height - 1) compare(i + width);
      strength[i] = most;
    }
  return strength;
}

/** Marks, from the seeds, every pixel `joins` lets the region grow into (4-connected). */
function grow(
  width: number,
  height: number,
  seeds: number[],
  joins: (i: number) => boolean,
): Uint8Array {
  const region = new Uint8Array(width * height);
  const stack: number[] = [];
  const visit = (i: number) => {
    if (!region[i] && joins(i)) {
      region[i] = 1;
      stack.push(i);
    }
  };
  for (const seed of seeds) visit(seed);
  while (stack.length) {
    const i = stack.pop()!;
    const x = i % width;
    if (x > 0) visit(i - 1);
    if (x < width - 1) visit(i + 1);
    if (i >= width) visit(i - width);
    if (i < width * (height - 1)) visit(i + width);
  }
  return region;
}

/**
 * A drawn figure keyed out of its smooth backdrop, as an opaque matte (its outermost pixel ring,
 * a blend of figure and backdrop, left out); null when the result is not a believable figure.
 */
export async function backdropMatte(photo: Buffer): Promise<TMatte | null> {
  const { data, info } = await sharp(photo)
    .rotate()
    .removeAlpha()
    .resize(MATTE_SIDE, MATTE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const strength = edgeStrength(data, width, height);
  const border: number[] = [];
  for (let x = 0; x < width; x += 1) border.push(x);
  for (let y = 0; y < height; y += 1) border.push(y * width, y * width + width - 1);
  const backdrop = grow(width, height, border, (i) => strength[i]! <= KEY.edge);
  const bottom = Array.from({ length: width }, (_, x) => (height - 1) * width + x);
  const figure = grow(width, height, bottom, (i) => !backdrop[i]);

  let area = 0;
  let foot = 0;
  let top = 0;
  for (let i = 0; i < figure.length; i += 1) area += figure[i]!;
  for (const i of bottom) foot += figure[i]!;
  for (let x = 0; x < width; x += 1) top += figure[x]!;
  const share = area / figure.length;
  if (share < KEY.minArea || share > KEY.maxArea || foot < KEY.minFoot * width || top > 0)
    return null;

  // The figure less its outer ring: a pixel stays when its four neighbours are figure too.
  const alpha = Buffer.alloc(width * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const inside =
        figure[i] &&
        (x === 0 || figure[i - 1]) &&
        (x === width - 1 || figure[i + 1]) &&
        (y === 0 || figure[i - width]) &&
        (y === height - 1 || figure[i + width]);
      alpha[i] = inside ? 255 : 0;
    }
  return { rgb: data, alpha, width, height };
}

/**
 * The persona cut out of its reference photo as an opaque matte (a drawing keyed out of its
 * backdrop, else a person matte it is sure of), or null when neither is believable.
 */
export async function cutOutPersona(photo: Buffer): Promise<TMatte | null> {
  const keyed = await backdropMatte(photo);
  if (keyed) return keyed;
  const cut = await matte(photo);
  const { cover, solid } = matteConfidence(cut.alpha);
  if (cover >= PERSON.minCover && solid >= PERSON.solid) return firmed(cut);
  return null;
}
