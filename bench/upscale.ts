/**
 * Local ESRGAN x4 upscale times (TensorFlow.js wasm backend, one thread) for 256×256 and
 * 512×512 photos, with 'Version 2' (esrgan-medium), standard and overlapping tiles. One
 * warm-up run loads the model and the wasm backend first; each figure is the best of the timed
 * runs. Prints nothing: the caller reports the results.
 */
import path from 'node:path';
import sharp from 'sharp';
import { createLocalUpscaleEngine } from '../apps/server/src/engines/local/upscale';
import type { TUpscaleOptions } from '../apps/server/src/engines/types';
import { SERVER_ROOT } from '../apps/server/src/lib/paths';

const PHOTO = path.join(SERVER_ROOT, 'test/fixtures/photos/group-1.jpg');

/** A square crop of the group photo around the faces, resized to `size` px, as PNG. */
function photo(size: number): Promise<Buffer> {
  return sharp(PHOTO)
    .extract({ left: 140, top: 60, width: 560, height: 560 })
    .resize(size, size)
    .png()
    .toBuffer();
}

export async function benchUpscale(
  options: { runs?: number } = {},
): Promise<{ name: string; ms: number }[]> {
  const runs = options.runs ?? 1;
  const engine = createLocalUpscaleEngine();
  const context = { onProgress: () => {} };
  const upscale = (input: Buffer, settings: TUpscaleOptions) =>
    engine.upscale(input, settings, context);

  const images = { 256: await photo(256), 512: await photo(512) };
  await upscale(await photo(64), { model: 'v2', overlappingTiles: false }); // warm-up

  const results: { name: string; ms: number }[] = [];
  for (const overlappingTiles of [false, true]) {
    for (const size of [256, 512] as const) {
      let best = Infinity;
      for (let i = 0; i < runs; i += 1) {
        const started = performance.now();
        await upscale(images[size], { model: 'v2', overlappingTiles });
        best = Math.min(best, performance.now() - started);
      }
      const tiles = overlappingTiles ? 'overlapping tiles' : 'standard tiles';
      results.push({ name: `upscale v2 ${size}×${size}, ${tiles}`, ms: Math.round(best) });
    }
  }
  return results;
}
