/**
 * The two layers a motion clip (./motion-clip.ts) moves, from one still: the persona, cut out
 * with its soft alpha (the person matte, ../segment.ts), and the background behind it. The
 * background is the still with the persona taken out and the hole filled from the colours
 * around it, heavily blurred: when the layers move apart, what shows beside the persona is an
 * out-of-focus continuation of the room, never a hole, a ghost of the persona or a smear of
 * its colours.
 */
import sharp from 'sharp';
import { MAX_INPUT_PIXELS, uprightSize } from '../image-size';
import { matte, type TMatte } from '../segment';

export type TLayers = {
  /** The still, cover-cropped to the clip's aspect and scaled to this size. */
  width: number;
  height: number;
  /** RGB, 3 bytes per pixel, row by row. */
  still: Buffer;
  /** The persona's alpha (0–255) over `still`, and the filled background; null: no person. */
  persona: { alpha: Buffer; background: Buffer } | null;
  /** Where the camera moves toward, in this size's pixels: the persona's face, else the centre. */
  focus: { x: number; y: number };
};

/** A matte with fewer opaque pixels than this share of the photo shows no person. */
const MIN_PERSON_SHARE = 0.01;
/** The focus is this far down the persona's box: a portrait's face, a full figure's chest. */
const FOCUS_DOWN = 0.3;
/** The hole grows by a blur of this share of the longer side, so no edge of the persona stays. */
const HOLE_GROWTH = 0.012;
/** The hole is filled at this size (longer side): only the surrounding colours matter. */
const FILL_SIDE = 96;
/** Blur of the fill at FILL_SIDE: out of focus, with no blocks of the coarse fill. */
const FILL_BLUR = 2.5;

type TRect = { left: number; top: number; width: number; height: number };

/** The box around the matte's opaque pixels, in its own pixels; null when it is (nearly) empty. */
function personBox({ alpha, width, height }: TMatte): TRect | null {
  let [left, top, right, bottom, count] = [width, height, -1, -1, 0];
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      if (alpha[y * width + x]! > 128) {
        count += 1;
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
  if (count < MIN_PERSON_SHARE * width * height) return null;
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** The largest rectangle of the clip's aspect in the photo, centred on `focus` where it can be. */
function coverCrop(
  photo: { width: number; height: number },
  aspect: number,
  focus: { x: number; y: number },
): TRect {
  const width = Math.min(photo.width, Math.round(photo.height * aspect));
  const height = Math.min(photo.height, Math.round(photo.width / aspect));
  const place = (centre: number, size: number, room: number) =>
    Math.round(Math.max(0, Math.min(room - size, centre - size / 2)));
  return {
    left: place(focus.x, width, photo.width),
    top: place(focus.y, height, photo.height),
    width,
    height,
  };
}

/**
 * Fills the pixels of a small RGB image where `weight` is below 1 from their surroundings,
 * coarse to fine ("push-pull"): each coarser level averages the known pixels under it, and each
 * unknown pixel takes its colour from the level above.
 */
function pushPull(rgb: Float32Array, weight: Float32Array, width: number, height: number): void {
  if (width === 1 && height === 1) return;
  const coarseWidth = Math.ceil(width / 2);
  const coarseHeight = Math.ceil(height / 2);
  const coarse = new Float32Array(coarseWidth * coarseHeight * 3);
  const coarseWeight = new Float32Array(coarseWidth * coarseHeight);
  const parent = (x: number, y: number) => (y >> 1) * coarseWidth + (x >> 1);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const p = parent(x, y);
      for (let c = 0; c < 3; c += 1) coarse[p * 3 + c]! += rgb[i * 3 + c]! * weight[i]!;
      coarseWeight[p]! += weight[i]!;
    }
  for (let p = 0; p < coarseWeight.length; p += 1) {
    if (coarseWeight[p]! > 0) for (let c = 0; c < 3; c += 1) coarse[p * 3 + c]! /= coarseWeight[p]!;
    coarseWeight[p] = Math.min(1, coarseWeight[p]!);
  }
  pushPull(coarse, coarseWeight, coarseWidth, coarseHeight);
  // Back down with bilinear steps between the coarse pixels, so the fill has no blocks.
  const near = (at: number, size: number) => {
    const clamped = Math.max(0, Math.min(size - 1, (at + 0.5) / 2 - 0.5));
    const low = Math.min(Math.max(0, size - 2), Math.floor(clamped));
    return { low, high: Math.min(size - 1, low + 1), weight: clamped - low };
  };
  const at = (row: number, column: number, c: number) =>
    coarse[(row * coarseWidth + column) * 3 + c]!;
  for (let y = 0; y < height; y += 1) {
    const cy = near(y, coarseHeight);
    for (let x = 0; x < width; x += 1) {
      const i = y * width + x;
      const known = weight[i]!;
      if (known >= 1) continue;
      const cx = near(x, coarseWidth);
      for (let c = 0; c < 3; c += 1) {
        const upper = at(cy.low, cx.low, c) * (1 - cx.weight) + at(cy.low, cx.high, c) * cx.weight;
        const lower =
          at(cy.high, cx.low, c) * (1 - cx.weight) + at(cy.high, cx.high, c) * cx.weight;
        const filled = upper * (1 - cy.weight) + lower * cy.weight;
        rgb[i * 3 + c] = known * rgb[i * 3 + c]! + (1 - known) * filled;
      }
    }
  }
}

/** The still with the persona's (grown) hole filled by the blurred colours around it. */
async function fillBehind(still: Buffer, alpha: Buffer, width: number, height: number) {
  const raw = (channels: 1 | 3) => ({ raw: { width, height, channels } });
  const hole = await sharp(alpha, raw(1))
    .blur(Math.max(0.5, HOLE_GROWTH * Math.max(width, height)))
    // Steepened: most of the blurred edge becomes opaque, so the hole is larger than the persona.
    .linear(2.5, 0)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const scale = FILL_SIDE / Math.max(width, height);
  const small = { width: Math.round(width * scale), height: Math.round(height * scale) };
  const [smallRgb, smallHole] = await Promise.all([
    sharp(still, raw(3)).resize(small.width, small.height, { fit: 'fill' }).raw().toBuffer(),
    sharp(hole, raw(1))
      .resize(small.width, small.height, { fit: 'fill' })
      .extractChannel(0)
      .raw()
      .toBuffer(),
  ]);
  const rgb = Float32Array.from(smallRgb);
  const weight = Float32Array.from(smallHole, (value) => 1 - value / 255);
  pushPull(rgb, weight, small.width, small.height);
  const smallRaw = { raw: { ...small, channels: 3 as const } };
  const blurred = await sharp(Buffer.from(Uint8Array.from(rgb, Math.round)), smallRaw)
    .blur(FILL_BLUR)
    .raw()
    .toBuffer();
  const fill = await sharp(blurred, smallRaw)
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  const background = Buffer.allocUnsafe(width * height * 3);
  for (let i = 0; i < hole.length; i += 1) {
    const h = hole[i]! / 255;
    for (let c = 0; c < 3; c += 1)
      background[i * 3 + c] = Math.round(still[i * 3 + c]! * (1 - h) + fill[i * 3 + c]! * h);
  }
  return background;
}

/**
 * The layers of a still (any image sharp reads), cover-cropped to `width` × `height` around the
 * persona when the matte finds one.
 */
export async function prepareLayers(
  input: Buffer,
  width: number,
  height: number,
): Promise<TLayers> {
  const photo = await uprightSize(input);
  const cut = await matte(input);
  const box = personBox(cut);
  const toPhoto = photo.width / cut.width;
  const focus = box
    ? {
        x: (box.left + box.width / 2) * toPhoto,
        y: (box.top + box.height * FOCUS_DOWN) * toPhoto,
      }
    : { x: photo.width / 2, y: photo.height / 2 };
  const crop = coverCrop(photo, width / height, focus);
  const still = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .removeAlpha()
    .extract(crop)
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const scaledFocus = {
    x: ((focus.x - crop.left) * width) / crop.width,
    y: ((focus.y - crop.top) * height) / crop.height,
  };
  if (!box) return { width, height, still, persona: null, focus: scaledFocus };
  // The matte at the photo's size first, so it is cropped exactly as the still was.
  const fullAlpha = await sharp(cut.alpha, {
    raw: { width: cut.width, height: cut.height, channels: 1 },
  })
    .resize(photo.width, photo.height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const alpha = await sharp(fullAlpha, {
    raw: { width: photo.width, height: photo.height, channels: 1 },
  })
    .extract(crop)
    .resize(width, height, { fit: 'fill' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const background = await fillBehind(still, alpha, width, height);
  return { width, height, still, persona: { alpha, background }, focus: scaledFocus };
}
