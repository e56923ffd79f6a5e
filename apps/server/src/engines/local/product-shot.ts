/**
 * The offline product shot (docs/product/video-and-products.md, 'Offline preview'). No model that ships in
 * npm can draw a persona holding a product, so it composes an honest picture from the creator's
 * own material: the scene drawn from the words (scene.ts), the persona cut out of its reference
 * photo and placed as Generate places it (generate.ts), and the product cut out of its photo and
 * held up in front of the persona at chest height beside the body, with a soft shadow behind it.
 *
 * The product is cut out without a model: product photos usually sit on a plain backdrop, so the
 * backdrop (flat or graded) is fitted to the photo's border and the pixels that differ from it
 * are the product. When that does not give a believable shape (a busy photo, a product filling
 * the frame), the photo itself is shown as a rounded card: still the creator's own picture.
 */
import sharp, { type OverlayOptions } from 'sharp';
import type { TEngine, TEngineOptions, TRunContext } from '../types';
import {
  framedPrint,
  GENERATE_SIZES,
  grade,
  litPersona,
  meanColour,
  personBox,
  placement,
} from './generate';
import { detectFaces } from './human-runtime';
import { keyLight, readScene, renderScene, seededRandom, type TScene } from './scene';
import { cutOutPersona } from './cutout';

/** The look of every offline product shot: lit like a studio shot, whatever the setting. */
const STYLE = 'studio';
/** The product photo is cut out at this size (longer side): more than it is ever drawn at. */
const CUT_SIDE = 768;
/** The border band read as the background, as a share of the photo's shorter side. */
const BORDER_SHARE = 0.03;
/** A background is plain when half its border is at most this far from the fitted backdrop. */
const PLAIN_NOISE = 10;
/** A cut-out covering less or more of the photo than this is not believable as a product. */
const COVERAGE = { min: 0.05, max: 0.92 };
/** How much larger than the persona's face the product is drawn (a bottle, a box in hand). */
const PRODUCT_TO_FACE = 1.35;
/** The product's longer side, as a share of the frame's shorter side. */
const PRODUCT_SIDE = { min: 0.22, max: 0.42 };
/** The scene's key light moves the product's colours at most this little (1 - floor). */
const PRODUCT_LIGHT_FLOOR = 0.92;

type TRect = { left: number; top: number; width: number; height: number };

/** The product as RGBA pixels: cut out of its photo, or the photo itself as a card. */
export type TProductCut = {
  rgba: Buffer;
  width: number;
  height: number;
  kind: 'cut-out' | 'card';
};

type TPixels = { data: Buffer; width: number; height: number };

/**
 * The photo at most CUT_SIDE, as RGBA (opaque unless it has its own transparency). Product
 * photos are stored upright and without metadata (lib/images.ts), so no orientation is read.
 */
async function readPhoto(photo: Buffer): Promise<TPixels> {
  const { data, info } = await sharp(photo)
    .resize(CUT_SIDE, CUT_SIDE, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Indices of the pixels in the photo's border band, where a plain background shows. */
function borderIndices(width: number, height: number): number[] {
  const band = Math.max(2, Math.round(Math.min(width, height) * BORDER_SHARE));
  const indices: number[] = [];
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      if (x < band || y < band || x >= width - band || y >= height - band)
        indices.push(y * width + x);
  return indices;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * The plane `a + b·u + c·v` (u, v: the pixel's place across the photo, −0.5 to 0.5) nearest to
 * `values` at `indices` in the least-squares sense: one channel of a flat or graded backdrop.
 */
function fitPlane(values: (i: number) => number, indices: number[], width: number, height: number) {
  const place = (i: number) => [(i % width) / width - 0.5, Math.floor(i / width) / height - 0.5];
  // The normal equations: sums of 1, u, v and their products, against the values.
  let [n, su, sv, suu, suv, svv, sz, suz, svz] = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (const i of indices) {
    const [u, v] = place(i) as [number, number];
    const z = values(i);
    [n, su, sv, suu, suv, svv] = [n + 1, su + u, sv + v, suu + u * u, suv + u * v, svv + v * v];
    [sz, suz, svz] = [sz + z, suz + u * z, svz + v * z];
  }
  const det3 = (m: number[]) =>
    m[0]! * (m[4]! * m[8]! - m[5]! * m[7]!) -
    m[1]! * (m[3]! * m[8]! - m[5]! * m[6]!) +
    m[2]! * (m[3]! * m[7]! - m[4]! * m[6]!);
  const det = det3([n, su, sv, su, suu, suv, sv, suv, svv]);
  // Cramer's rule; a border always spans the photo, so the system is never singular.
  const a = det3([sz, su, sv, suz, suu, suv, svz, suv, svv]) / det;
  const b = det3([n, sz, sv, su, suz, suv, sv, svz, svv]) / det;
  const c = det3([n, su, sz, su, suu, suz, sv, suv, svz]) / det;
  return (i: number) => {
    const [u, v] = place(i) as [number, number];
    return a + b * u + c * v;
  };
}

/**
 * Each pixel's colour distance to the background, modelled as a plane per channel fitted to the
 * border (so a studio sweep from white to grey is background too), fitted again without the
 * fifth of the border that fits worst (where the product touches the edge).
 */
function backgroundDistance({ data, width, height }: TPixels) {
  const border = borderIndices(width, height);
  const fit = (indices: number[]) => {
    const planes = [0, 1, 2].map((c) => fitPlane((i) => data[i * 4 + c]!, indices, width, height));
    return (i: number) => Math.hypot(...planes.map((plane, c) => data[i * 4 + c]! - plane(i)));
  };
  const first = fit(border);
  const kept = [...border].sort((a, b) => first(a) - first(b));
  const distance = fit(kept.slice(0, Math.ceil(kept.length * 0.8)));
  return { distance, border };
}

/**
 * The product's mask: the pixels far from the background, and whether the background is plain
 * (most of the border close to the fitted backdrop). The threshold grows with the border's own
 * noise, so JPEG artefacts or a textured backdrop are not taken for the product.
 */
function differenceMask(pixels: TPixels) {
  const { distance, border } = backgroundDistance(pixels);
  const noise = median(border.map(distance));
  const threshold = Math.min(60, Math.max(28, 20 + 3 * noise));
  const mask = new Uint8Array(pixels.width * pixels.height);
  for (let i = 0; i < mask.length; i += 1) if (distance(i) > threshold) mask[i] = 255;
  return { mask, plain: noise <= PLAIN_NOISE };
}

/**
 * The photo's own alpha when a real share of it is clear (a product already cut out, saved with
 * its transparency), else null.
 */
function ownAlpha({ data, width, height }: TPixels): Uint8Array | null {
  const alpha = new Uint8Array(width * height);
  let clear = 0;
  for (let i = 0; i < alpha.length; i += 1) {
    alpha[i] = data[i * 4 + 3]!;
    if (alpha[i]! < 128) clear += 1;
  }
  return clear / alpha.length >= COVERAGE.min ? alpha : null;
}

/** Visits the 4-connected pixels of `value` from `starts`, marking them in `seen`; their count. */
function flood(
  mask: Uint8Array,
  width: number,
  starts: number[],
  value: number,
  seen: Uint8Array,
): number {
  const stack = starts.filter((i) => mask[i] === value && !seen[i]);
  for (const i of stack) seen[i] = 1;
  let count = 0;
  while (stack.length) {
    const i = stack.pop()!;
    count += 1;
    const x = i % width;
    for (const next of [i - width, i + width, x > 0 ? i - 1 : -1, x < width - 1 ? i + 1 : -1])
      if (next >= 0 && next < mask.length && mask[next] === value && !seen[next]) {
        seen[next] = 1;
        stack.push(next);
      }
  }
  return count;
}

/** The largest connected region of the mask, its holes filled (labels, a bottle's highlight). */
function largestSolidRegion(mask: Uint8Array, width: number, height: number): Uint8Array {
  const seen = new Uint8Array(mask.length);
  let best = { start: -1, size: 0 };
  for (let i = 0; i < mask.length; i += 1)
    if (mask[i] === 255 && !seen[i]) {
      const size = flood(mask, width, [i], 255, seen);
      if (size > best.size) best = { start: i, size };
    }
  const region = new Uint8Array(mask.length);
  if (best.start >= 0) flood(mask, width, [best.start], 255, region);
  // Whatever the background cannot reach from the border is a hole inside the product.
  const outside = new Uint8Array(mask.length);
  const solid = region.map((inside) => (inside ? 255 : 0));
  flood(solid, width, borderIndices(width, height), 0, outside);
  return outside.map((out) => (out ? 0 : 255));
}

/** A one-channel mask blurred by sharp (which would widen its output to three channels). */
function blurred(mask: Uint8Array, width: number, height: number, sigma: number): Promise<Buffer> {
  return sharp(mask, { raw: { width, height, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer();
}

/** 255 where the mask reaches `level`, else 0. */
const binary = (mask: Uint8Array, level: number) => mask.map((value) => (value >= level ? 255 : 0));

/** Blur and threshold (drops specks, smooths the edge), then a feathered, slightly tight edge. */
async function cleanMask(mask: Uint8Array, width: number, height: number): Promise<Buffer> {
  const sigma = Math.max(1, Math.min(width, height) * 0.004);
  const smooth = binary(await blurred(mask, width, height, sigma), 128);
  const solid = largestSolidRegion(smooth, width, height);
  // Thresholding above the middle pulls the edge in a little, off the background's fringe.
  const tight = binary(await blurred(solid, width, height, 1), 170);
  return blurred(tight, width, height, 0.9);
}

const coverage = (alpha: Uint8Array) => alpha.reduce((sum, a) => sum + a, 0) / 255 / alpha.length;

/** The product's pixels with `alpha`, cropped to where it is. */
function trimmed({ data, width, height }: TPixels, alpha: Uint8Array): TProductCut {
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      if (alpha[y * width + x]! > 8) {
        [left, right] = [Math.min(left, x), Math.max(right, x)];
        [top, bottom] = [Math.min(top, y), Math.max(bottom, y)];
      }
  const [w, h] = [right - left + 1, bottom - top + 1];
  const rgba = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) {
      const [to, from] = [(y * w + x) * 4, ((y + top) * width + x + left) * 4];
      data.copy(rgba, to, from, from + 3);
      rgba[to + 3] = alpha[(y + top) * width + x + left]!;
    }
  return { rgba, width: w, height: h, kind: 'cut-out' };
}

/** The whole photo as a card: a white edge and rounded corners. */
async function card({ data, width, height }: TPixels): Promise<TProductCut> {
  const edge = Math.max(4, Math.round(Math.min(width, height) * 0.025));
  const radius = Math.round(Math.min(width, height) * 0.05);
  const [w, h] = [width + 2 * edge, height + 2 * edge];
  const rounded = (rw: number, rh: number, r: number, fill: string) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${rw}" height="${rh}"><rect width="${rw}" height="${rh}" rx="${r}" fill="${fill}"/></svg>`,
    );
  const photo = await sharp(data, { raw: { width, height, channels: 4 } })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .composite([{ input: rounded(width, height, radius - edge / 2, '#fff'), blend: 'dest-in' }])
    .png()
    .toBuffer();
  const rgba = await sharp(rounded(w, h, radius, '#fbfbf9'))
    .composite([{ input: photo, left: edge, top: edge }])
    .ensureAlpha()
    .raw()
    .toBuffer();
  return { rgba, width: w, height: h, kind: 'card' };
}

/**
 * The product cut out of its photo: its own transparency when it has some, else the difference
 * to a plain background; the photo as a card when the cut-out is not believable.
 */
export async function cutOutProduct(photo: Buffer): Promise<TProductCut> {
  const pixels = await readPhoto(photo);
  const { width, height } = pixels;
  const own = ownAlpha(pixels);
  const found = own ? { mask: own, plain: true } : differenceMask(pixels);
  const alpha = own ?? (await cleanMask(found.mask, width, height));
  const share = coverage(alpha);
  if (!found.plain || share < COVERAGE.min || share > COVERAGE.max) return card(pixels);
  return trimmed(pixels, alpha);
}

/**
 * The persona, cut out, lit and placed (or its photo as a framed print when no cut-out is
 * believable), with its face in frame pixels.
 */
async function placedPersona(
  photo: Uint8Array,
  background: Buffer,
  scene: TScene,
  frame: { width: number; height: number; seed: number },
) {
  const bytes = Buffer.from(photo.buffer, photo.byteOffset, photo.byteLength);
  const cut = await cutOutPersona(bytes);
  const box = cut ? personBox(cut) : null;
  if (!cut || !box) {
    // No believable cut-out: the photo as a framed print, its face about a third down it.
    const print = await framedPrint(bytes, frame.width, frame.height, frame.seed);
    const { picture } = print;
    const face: TRect = {
      left: picture.left + picture.width * 0.3,
      top: picture.top + picture.height * 0.2,
      width: picture.width * 0.4,
      height: picture.height * 0.3,
    };
    return { layer: print.layer, face };
  }
  const place = placement(box, cut, frame.width, frame.height, frame.seed);
  const layer = await sharp(await litPersona(cut, box, meanColour(background), scene), {
    raw: { width: box.width, height: box.height, channels: 4 },
  })
    .resize(place.drawnWidth, place.drawnHeight, { kernel: 'lanczos3' })
    .png()
    .toBuffer();
  const scale = place.drawnHeight / box.height;
  const body: TRect = {
    left: place.left,
    top: place.top,
    width: place.drawnWidth,
    height: place.drawnHeight,
  };
  const faces = await detectFaces({ data: cut.rgb, width: cut.width, height: cut.height });
  const largest = faces
    .map((face) => face.detectorBox)
    .sort((a, b) => b.width * b.height - a.width * a.height)[0];
  const face: TRect = largest
    ? {
        left: place.left + (largest.x - box.left) * scale,
        top: place.top + (largest.y - box.top) * scale,
        width: largest.width * scale,
        height: largest.height * scale,
      }
    : // No face found: a head at the top of the figure, about as wide as a third of it.
      {
        left: body.left + body.width / 3,
        top: body.top + body.height * 0.05,
        width: body.width / 3,
        height: Math.min(body.height * 0.3, (body.width / 3) * 1.3),
      };
  return { layer: { input: layer, left: place.left, top: place.top }, face };
}

/**
 * Where the product is drawn: about a face and a third on its longer side, held at chest height
 * (a face below the chin) beside the body, on the side of the frame with more room.
 */
export function productSpot(
  product: { width: number; height: number },
  face: TRect | null,
  frame: { width: number; height: number; seed: number },
): TRect {
  const shorter = Math.min(frame.width, frame.height);
  const side = Math.min(
    PRODUCT_SIDE.max * shorter,
    Math.max(PRODUCT_SIDE.min * shorter, (face?.height ?? 0) * PRODUCT_TO_FACE),
  );
  const scale = side / Math.max(product.width, product.height);
  const [width, height] = [product.width * scale, product.height * scale];
  const margin = shorter * 0.04;
  const clampX = (x: number) => Math.max(margin, Math.min(frame.width - margin - width, x));
  const clampY = (y: number) => Math.max(margin, Math.min(frame.height - margin - height, y));
  if (!face)
    return {
      left: clampX((frame.width - width) / 2),
      top: clampY(frame.height * 0.55),
      width,
      height,
    };
  const centre = face.left + face.width / 2;
  const room = frame.width - 2 * centre;
  const right = room === 0 ? seededRandom(frame.seed)() < 0.5 : room > 0;
  const reach = face.width * 0.55;
  const left = right ? centre + reach : centre - reach - width;
  const chest = face.top + face.height * 1.9;
  return { left: clampX(left), top: clampY(chest - height / 2), width, height };
}

/**
 * The product at its spot, over a soft shadow it casts on what is behind it. It takes only a
 * touch of the scene's light: its own colours are what the shot is for.
 */
async function productLayers(
  product: TProductCut,
  spot: TRect,
  scene: TScene,
): Promise<OverlayOptions[]> {
  const [width, height] = [Math.round(spot.width), Math.round(spot.height)];
  const tint = keyLight(scene).map(
    (channel) => PRODUCT_LIGHT_FLOOR + (1 - PRODUCT_LIGHT_FLOOR) * (channel / 255),
  );
  const drawn = await sharp(product.rgba, {
    raw: { width: product.width, height: product.height, channels: 4 },
  })
    .resize(width, height, { kernel: 'lanczos3' })
    .linear([...tint, 1], [0, 0, 0, 0])
    .raw()
    .toBuffer();
  const blur = Math.max(2, Math.max(width, height) * 0.035);
  const pad = Math.ceil(blur * 3);
  const silhouette = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i += 1)
    silhouette[i * 4 + 3] = Math.round(drawn[i * 4 + 3]! * 0.55);
  const shadow = await sharp(silhouette, { raw: { width, height, channels: 4 } })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: '#0000' })
    .blur(blur)
    .png()
    .toBuffer();
  const [left, top] = [Math.round(spot.left), Math.round(spot.top)];
  const image = await sharp(drawn, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return [
    {
      input: shadow,
      left: left - pad + Math.round(width * 0.04),
      top: top - pad + Math.round(height * 0.05),
    },
    { input: image, left, top },
  ];
}

async function productShot(
  input: Buffer,
  options: TEngineOptions<'product-shot'>,
  context: TRunContext,
) {
  const [width, height] = GENERATE_SIZES[options.aspectRatio];
  const seed = options.seed ?? 0;
  const frame = { width, height, seed };
  const scene = readScene(options.prompt, STYLE);
  context.onProgress(10, 'Building the scene');
  const background = await renderScene(scene, width, height, seed);
  context.onProgress(25, 'Cutting out the persona');
  const persona = await placedPersona(options.personaPhoto, background, scene, frame);
  context.onProgress(60, 'Cutting out the product');
  const product = await cutOutProduct(input);
  const spot = productSpot(product, persona?.face ?? null, frame);
  const layers = [
    ...(persona ? [persona.layer] : []),
    ...(await productLayers(product, spot, scene)),
  ];
  const raw = { raw: { width, height, channels: 3 as const } };
  const composed = await sharp(background, raw).composite(layers).removeAlpha().raw().toBuffer();
  context.onProgress(90, 'Grading the image');
  const data = await grade(sharp(composed, raw), STYLE, width, height)
    .jpeg({ quality: 90 })
    .toBuffer();
  context.onProgress(100, 'Done');
  return { data, width, height, contentType: 'image/jpeg' as const, seed };
}

export function createLocalProductShotEngine(): TEngine<'product-shot'> & {
  readonly preview: true;
} {
  return {
    name: 'local',
    preview: true,
    run: (input, options, context) => productShot(input, options, context),
  };
}
