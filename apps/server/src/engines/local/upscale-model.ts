/**
 * The two ESRGAN x4 models that ship inside npm packages, loaded from disk once per process.
 * Both are Keras layers models (RDN generators) whose input and output are RGB in 0–255:
 * UpscalerJS declares `inputRange: [0, 255]` for its 'rdn' models, and feeding 0–1 instead
 * scored up to 0.17 dB lower PSNR on the test photos.
 */
import path from 'node:path';
import type { LayersModel } from '@tensorflow/tfjs';
import type { TUpscaleModel } from '@muse/shared';
import { fileModelHandler, packageFolder, tfjsWasm } from './tfjs-runtime';

export const UPSCALE_SCALE = 4;

const MODEL_PACKAGES: Record<TUpscaleModel, string> = {
  v2: '@upscalerjs/esrgan-medium',
  v1: '@upscalerjs/esrgan-slim',
};

export function upscaleModelPath(model: TUpscaleModel): string {
  return path.join(packageFolder(MODEL_PACKAGES[model]), 'models', 'x4', 'model.json');
}

/** Module scope on purpose: every engine instance in the process shares the loaded models. */
const loaded = new Map<TUpscaleModel, Promise<LayersModel>>();

/** The model, loaded on first use; concurrent callers share one load, a failed load is retried. */
export function loadUpscaleModel(model: TUpscaleModel): Promise<LayersModel> {
  let pending = loaded.get(model);
  if (pending === undefined) {
    pending = (async () => {
      const tf = await tfjsWasm();
      return tf.loadLayersModel(fileModelHandler(upscaleModelPath(model)));
    })();
    loaded.set(model, pending);
    pending.catch(() => loaded.delete(model));
  }
  return pending;
}
