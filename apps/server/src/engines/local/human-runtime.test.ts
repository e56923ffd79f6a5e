import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PORTRAIT_CROPS, cropPhoto } from './analyse-fixtures';
import { detectFaces, warmUpHuman } from './human-runtime';

const SLOW = 60_000;
const require = createRequire(import.meta.url);

/** A tfjs computation on the wasm backend, as the ESRGAN upscaler runs one. */
function convolve(): number[] {
  return tf.tidy(() => {
    const image = tf.ones([1, 8, 8, 3]);
    const kernel = tf.fill([3, 3, 3, 2], 0.5);
    const out = tf.conv2d(image as tf.Tensor4D, kernel as tf.Tensor4D, 1, 'same');
    return Array.from(out.slice([0, 4, 4, 0], [1, 1, 1, 2]).dataSync());
  });
}

async function portraitPixels() {
  const { data, info } = await sharp(await cropPhoto(PORTRAIT_CROPS.headAndShoulders))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('Human beside @tensorflow/tfjs in one process', () => {
  it('shares the wasm backend with tfjs, without leaks', { timeout: SLOW }, async () => {
    // The upscaler's set-up: the same .wasm folder, the wasm backend, before Human loads.
    setWasmPaths(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep);
    expect(await tf.setBackend('wasm')).toBe(true);
    expect(convolve()).toEqual([13.5, 13.5]);

    const [first, second] = await Promise.all([warmUpHuman(), warmUpHuman()]);
    expect(second).toBe(first);
    expect(tf.getBackend()).toBe('wasm');

    const image = await portraitPixels();
    const tensors = tf.memory().numTensors;
    // Detection and tfjs work interleaved, as a worker running both jobs would.
    const [faces, values] = await Promise.all([
      detectFaces(image),
      Promise.resolve().then(convolve),
    ]);
    expect(faces).toHaveLength(1);
    expect(values).toEqual([13.5, 13.5]);
    expect(await detectFaces(image)).toHaveLength(1);
    expect(tf.getBackend()).toBe('wasm');
    expect(tf.memory().numTensors).toBe(tensors);
    expect(convolve()).toEqual([13.5, 13.5]);
  });
});
