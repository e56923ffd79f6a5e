// A tile thread: runs single ESRGAN windows for an upscale that spreads its tiles over several
// cores (tile-threads.ts). Piscina calls `runTile` for each; each model loads once and is kept.
import type { TUpscaleModel } from '@muse/shared';
import { transferring } from '../thread-pool';
import { loadUpscaleModel } from './upscale-model';
import { upscaleTensorOnce } from './upscale-pixels';

export type TTileTask = {
  model: TUpscaleModel;
  rgb: Float32Array;
  width: number;
  height: number;
};

export async function runTile(task: TTileTask) {
  const model = await loadUpscaleModel(task.model);
  const result = await upscaleTensorOnce(model, task.rgb, task.width, task.height);
  return transferring(result, [result.buffer as ArrayBuffer]);
}
