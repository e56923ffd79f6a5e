/**
 * The local upscaler: ESRGAN x4 on TensorFlow.js's WebAssembly backend, on the CPU, offline.
 * 'v2' (Version 2, Improved) runs esrgan-medium, 'v1' (Version 1) esrgan-slim. The image is
 * processed in tiles (upscale-tiles.ts) so memory stays bounded; 'overlappingTiles' blends
 * tiles that overlap by over 40 % with linear ramps instead of cutting them, for about twice
 * the time.
 */
import type { TUpscaleOptions } from '@muse/shared';
import sharp from 'sharp';
import type { TEncodedImage, TEngine, TRunContext } from '../types';
import { loadUpscaleModel, UPSCALE_SCALE } from './upscale-model';
import {
  inThisThread,
  throwIfAborted,
  upscalePixels,
  type TRgbImage,
  type TRunWindow,
} from './upscale-pixels';
import { createTileThreads } from './tile-threads';
import { OVERLAPPING_LAYOUT, STANDARD_LAYOUT } from './upscale-tiles';

export { upscaleTensorOnce } from './upscale-pixels';
export { loadUpscaleModel } from './upscale-model';

/** Progress shares: loading and decoding up to 5 %, the tiles 5–95 %, encoding the rest. */
const TILES_START = 5;
const TILES_END = 95;

/** Decodes any image sharp reads to 8-bit RGB: EXIF orientation applied, alpha on white. */
export async function decodeRgb(input: Buffer): Promise<TRgbImage> {
  const { data, info } = await sharp(input)
    .rotate()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`Expected RGB pixels, got ${info.channels} channels`);
  return { data, width: info.width, height: info.height };
}

async function upscale(
  input: Buffer,
  options: TUpscaleOptions,
  context: TRunContext,
  helpers: ReturnType<typeof createTileThreads> | null,
): Promise<TEncodedImage> {
  const { onProgress, signal } = context;
  throwIfAborted(signal);
  onProgress(0, 'Loading model');
  // With tile threads, this thread only cuts the windows and blends them: were it to run
  // windows too, every model call here would keep the tile threads waiting for their next one.
  const [runners, image] = await Promise.all([
    helpers
      ? helpers.runners.map(
          (run): TRunWindow =>
            (rgb, width, height) =>
              run(options.model, rgb, width, height),
        )
      : loadUpscaleModel(options.model).then(inThisThread),
    decodeRgb(input),
  ]);
  throwIfAborted(signal);

  const layout = options.overlappingTiles ? OVERLAPPING_LAYOUT : STANDARD_LAYOUT;
  const pixels = await upscalePixels(image, layout, runners, {
    signal,
    onTile: (index, total) =>
      onProgress(
        Math.round(TILES_START + ((TILES_END - TILES_START) * (index - 1)) / total),
        `Upscaling tile ${index} of ${total}`,
      ),
  });
  throwIfAborted(signal);

  onProgress(TILES_END, 'Encoding');
  const width = image.width * UPSCALE_SCALE;
  const height = image.height * UPSCALE_SCALE;
  const data = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
  onProgress(100, 'Done');
  return { data, width, height, contentType: 'image/png' };
}

/**
 * `threads`: 1 runs an upscale's windows in the calling thread; more start that many tile
 * threads on the first upscale (kept, with their models loaded) and spread the windows over
 * them, while the calling thread cuts and blends.
 */
export function createLocalUpscaleEngine(options: { threads?: number } = {}): TEngine<'upscale'> & {
  stop: () => Promise<void>;
} {
  const threads = options.threads ?? 1;
  const helpers = threads > 1 ? createTileThreads(threads) : null;
  return {
    name: 'local',
    run: (input, upscaleOptions, context) => upscale(input, upscaleOptions, context, helpers),
    stop: async () => {
      await helpers?.stop();
    },
  };
}
