/**
 * The offline Generate engine (docs/product/generate.md). No text-to-image model can ship in an
 * npm package, so it makes an honest new picture without one: the persona is cut out of its
 * reference photo, opaque (cutout.ts; the whole photo as a framed print when no cut-out is
 * believable), a scene is drawn from the words and the style (scene.ts), the
 * persona is placed in it with its colours pulled toward the scene's light, and the whole frame
 * is graded by the style, at the requested aspect ratio. Its images are 'Offline preview's: the
 * persona's own face in a drawn scene, never passed off as a generated photograph.
 */
import type { TGenerateAspectRatio, TGenerateStyle } from '@muse/shared';
import sharp, { type Sharp } from 'sharp';
import type { TEngine, TRunContext } from '../types';
import { cutOutPersona } from './cutout';
import { uprightSize } from './image-size';
import { keyLight, readScene, renderScene, seededRandom, type TScene } from './scene';
import type { TMatte } from './segment';

/** Output sizes: 1024 px on the longer side, multiples of 16. */
export const GENERATE_SIZES: Record<TGenerateAspectRatio, [number, number]> = {
  '1:1': [1024, 1024],
  '4:5': [816, 1024],
  '3:4': [768, 1024],
  '9:16': [576, 1024],
  '16:9': [1024, 576],
};

/** How far the persona's colours move toward the scene's (0: untouched, 1: fully). */
const COLOUR_MATCH = 0.22;

export type TBox = { left: number; top: number; width: number; height: number };

/** The box around the matte's opaque pixels. */
export function personBox({ alpha, width, height }: TMatte): TBox | null {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      if (alpha[y * width + x]! > 32) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
  if (right < 0) return null;
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** Mean colour of RGB pixels, weighted by an alpha when given. */
export function meanColour(rgb: Buffer, alpha?: Buffer): [number, number, number] {
  const sum = [0, 0, 0];
  let weight = 0;
  for (let i = 0, p = 0; p < rgb.length; i += 1, p += 3) {
    const w = alpha ? alpha[i]! / 255 : 1;
    sum[0]! += rgb[p]! * w;
    sum[1]! += rgb[p + 1]! * w;
    sum[2]! += rgb[p + 2]! * w;
    weight += w;
  }
  return [sum[0]! / weight, sum[1]! / weight, sum[2]! / weight];
}

/**
 * The persona as RGBA, cropped to its box, its colours pulled toward the scene's mean colour and
 * lit by its key light, with a slightly feathered edge.
 */
export async function litPersona(cut: TMatte, box: TBox, sceneMean: number[], scene: TScene) {
  const rgb = await sharp(cut.rgb, { raw: { width: cut.width, height: cut.height, channels: 3 } })
    .extract(box)
    .raw()
    .toBuffer();
  const alpha = await sharp(cut.alpha, {
    raw: { width: cut.width, height: cut.height, channels: 1 },
  })
    .extract(box)
    .blur(0.8)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const own = meanColour(rgb, alpha);
  const light = keyLight(scene);
  const gain = [0, 1, 2].map((c) => {
    const toward = 1 + COLOUR_MATCH * (sceneMean[c]! / Math.max(1, own[c]!) - 1);
    return Math.max(0.75, Math.min(1.25, toward)) * (0.85 + (0.15 * light[c]!) / 255);
  });
  const rgba = Buffer.alloc(box.width * box.height * 4);
  for (let i = 0; i < box.width * box.height; i += 1) {
    for (let c = 0; c < 3; c += 1)
      rgba[i * 4 + c] = Math.min(255, Math.round(rgb[i * 3 + c]! * gain[c]!));
    rgba[i * 4 + 3] = alpha[i]!;
  }
  return rgba;
}

/** Where the persona stands in the frame and how large it is drawn. */
export function placement(box: TBox, cut: TMatte, width: number, height: number, seed: number) {
  const random = seededRandom(seed ^ 0x5eed);
  // Cut off at the photo's bottom edge (a portrait): stand on the frame's bottom edge.
  const cutAtBottom = box.top + box.height >= cut.height - 2;
  const targetHeight = height * (width > height ? 0.92 : 0.84);
  const scale = Math.min(targetHeight / box.height, (width * 0.9) / box.width);
  const drawnWidth = Math.max(1, Math.round(box.width * scale));
  const drawnHeight = Math.max(1, Math.round(box.height * scale));
  // A side the photo cut the person at stays at the frame's edge, so no straight cut shows.
  const cutLeft = box.left <= 2;
  const cutRight = box.left + box.width >= cut.width - 2;
  const offset = (random() - 0.5) * 0.24 * width;
  let left = Math.round(
    Math.max(0, Math.min(width - drawnWidth, (width - drawnWidth) / 2 + offset)),
  );
  if (cutLeft && !cutRight) left = 0;
  if (cutRight && !cutLeft) left = width - drawnWidth;
  const top = cutAtBottom ? height - drawnHeight : Math.round(height * 0.96 - drawnHeight);
  return { left, top: Math.max(0, top), drawnWidth, drawnHeight };
}

/** The style's grade of the whole frame: tone curve, colour balance, vignette. */
export function grade(image: Sharp, style: TGenerateStyle, width: number, height: number) {
  const vignette = {
    photo: 0.18,
    editorial: 0.28,
    cinematic: 0.5,
    'golden-hour': 0.25,
    studio: 0.22,
  }[style];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><radialGradient id="v" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${vignette}"/></radialGradient></defs><rect width="${width}" height="${height}" fill="url(#v)"/></svg>`;
  switch (style) {
    case 'editorial':
      image = image.modulate({ saturation: 0.82 }).linear(1.12, -14);
      break;
    case 'cinematic':
      // Teal shadows, warm highlights, more contrast.
      image = image
        .recomb([
          [1.06, 0.02, -0.06],
          [-0.02, 1.02, 0.02],
          [-0.06, 0.06, 1.02],
        ])
        .linear(1.1, -10);
      break;
    case 'golden-hour':
      image = image
        .recomb([
          [1.08, 0.04, 0],
          [0.02, 1.01, 0],
          [0, 0, 0.86],
        ])
        .modulate({ brightness: 1.03 });
      break;
    case 'studio':
      image = image.linear(1.05, -4);
      break;
    case 'photo':
      image = image.modulate({ saturation: 1.04 }).linear(1.02, -2);
      break;
  }
  return image.composite([{ input: Buffer.from(svg) }]);
}

/** The framed print's size: its longer side against the frame's, and its border. */
const PRINT = { height: 0.74, width: 0.78, border: 0.045 };

/**
 * The whole reference photo as a framed print standing in the scene, opaque, for a persona no
 * cut-out can be believed of: the persona is shown as it is, never as a ghost.
 */
export async function framedPrint(photo: Buffer, width: number, height: number, seed: number) {
  const random = seededRandom(seed ^ 0xf4a3);
  const { data: picture, info } = await sharp(photo)
    .rotate()
    .removeAlpha()
    .resize(Math.round(width * PRINT.width), Math.round(height * PRINT.height), { fit: 'inside' })
    .png()
    .toBuffer({ resolveWithObject: true });
  const border = Math.max(4, Math.round(Math.min(info.width, info.height) * PRINT.border));
  const shadow = Math.round(border * 1.6);
  const printWidth = info.width + 2 * border;
  const printHeight = info.height + 2 * border;
  const layerWidth = printWidth + 2 * shadow;
  const layerHeight = printHeight + 2 * shadow;
  const shade = await sharp({
    create: {
      width: layerWidth,
      height: layerHeight,
      channels: 4,
      background: { r: 0, g: 0, b: 0, alpha: 0 },
    },
  })
    .composite([
      {
        input: {
          create: {
            width: printWidth,
            height: printHeight,
            channels: 4,
            background: { r: 0, g: 0, b: 0, alpha: 0.5 },
          },
        },
        left: shadow,
        top: Math.round(shadow * 1.4),
      },
    ])
    .png()
    .toBuffer();
  const layer = await sharp(
    await sharp(shade)
      .blur(shadow / 2)
      .png()
      .toBuffer(),
  )
    .composite([
      {
        input: {
          create: {
            width: printWidth,
            height: printHeight,
            channels: 4,
            background: { r: 246, g: 243, b: 236, alpha: 1 },
          },
        },
        left: shadow,
        top: shadow,
      },
      { input: picture, left: shadow + border, top: shadow + border },
    ])
    .png()
    .toBuffer();
  const offset = (random() - 0.5) * 0.16 * (width - printWidth);
  const left = Math.round((width - layerWidth) / 2 + offset);
  const top = Math.round((height - layerHeight) / 2 - height * 0.02);
  return {
    layer: { input: layer, left, top },
    /** Where the photo itself is drawn, in frame pixels. */
    picture: {
      left: left + shadow + border,
      top: top + shadow + border,
      width: info.width,
      height: info.height,
    },
  };
}

/**
 * Where the persona was drawn in a preview: the frame's rectangle it fills, the part of the
 * (upright) reference photo drawn there in the matte's pixels, and the drawn alpha (`null` for a
 * framed print, which is opaque and shows the whole photo).
 */
export type TPlacedPersona = {
  kind: 'cut-out' | 'print';
  drawn: TBox;
  source: TBox & { photoWidth: number; photoHeight: number };
  alpha: Buffer | null;
};

/** Generates a preview, telling where the persona was drawn (generate.test.ts checks it). */
export async function generatePreview(
  reference: Buffer,
  options: {
    prompt: string;
    style: TGenerateStyle;
    aspectRatio: TGenerateAspectRatio;
    seed: number;
  },
  context: TRunContext,
) {
  const [width, height] = GENERATE_SIZES[options.aspectRatio];
  const scene = readScene(options.prompt, options.style);
  context.onProgress(10, 'Building the scene');
  const background = await renderScene(scene, width, height, options.seed);
  const raw = { raw: { width, height, channels: 3 as const } };
  let frame = sharp(background, raw);
  let placed: TPlacedPersona | null = null;
  if (reference.length) {
    context.onProgress(30, 'Cutting out the persona');
    const cut = await cutOutPersona(reference);
    const box = cut ? personBox(cut) : null;
    let layer: { input: Buffer; left: number; top: number };
    if (cut && box) {
      context.onProgress(70, 'Matching the light');
      const place = placement(box, cut, width, height, options.seed);
      const { data: persona, info } = await sharp(
        await litPersona(cut, box, meanColour(background), scene),
        { raw: { width: box.width, height: box.height, channels: 4 } },
      )
        .resize(place.drawnWidth, place.drawnHeight, { kernel: 'lanczos3' })
        .png()
        .toBuffer({ resolveWithObject: true });
      layer = { input: persona, left: place.left, top: place.top };
      placed = {
        kind: 'cut-out',
        drawn: { left: place.left, top: place.top, width: info.width, height: info.height },
        source: { ...box, photoWidth: cut.width, photoHeight: cut.height },
        alpha: await sharp(persona).extractChannel(3).raw().toBuffer(),
      };
    } else {
      context.onProgress(70, 'Framing the portrait');
      const print = await framedPrint(reference, width, height, options.seed);
      const { width: photoWidth, height: photoHeight } = await uprightSize(reference);
      layer = print.layer;
      placed = {
        kind: 'print',
        drawn: print.picture,
        source: {
          left: 0,
          top: 0,
          width: photoWidth,
          height: photoHeight,
          photoWidth,
          photoHeight,
        },
        alpha: null,
      };
    }
    const composed = await sharp(background, raw).composite([layer]).removeAlpha().raw().toBuffer();
    frame = sharp(composed, raw);
  }
  context.onProgress(90, 'Grading the image');
  const data = await grade(frame, options.style, width, height).jpeg({ quality: 90 }).toBuffer();
  context.onProgress(100, 'Done');
  return {
    image: { data, width, height, contentType: 'image/jpeg' as const, seed: options.seed },
    placed,
  };
}

export function createLocalGenerateEngine(): TEngine<'generate-image'> & {
  readonly preview: true;
} {
  return {
    name: 'local',
    preview: true,
    run: async (input, options, context) => (await generatePreview(input, options, context)).image,
  };
}
