// A tile thread: runs single ESRGAN windows for an upscale that spreads its tiles over several
// cores (tile-threads.ts). It loads each model once and keeps it.
import { parentPort } from 'node:worker_threads';
import type { TUpscaleModel } from '../types';
import { loadUpscaleModel } from './upscale-model';
import { upscaleTensorOnce } from './upscale-pixels';

export type TTileRequest = {
  id: number;
  model: TUpscaleModel;
  rgb: Float32Array;
  width: number;
  height: number;
};

export type TTileResponse =
  | { id: number; type: 'done'; result: Float32Array }
  | { id: number; type: 'error'; name: string; message: string };

const port = parentPort!;

port.on('message', (request: TTileRequest) => {
  void (async () => {
    try {
      const model = await loadUpscaleModel(request.model);
      const result = await upscaleTensorOnce(model, request.rgb, request.width, request.height);
      port.postMessage({ id: request.id, type: 'done', result } satisfies TTileResponse, [
        result.buffer as ArrayBuffer,
      ]);
    } catch (error) {
      port.postMessage({
        id: request.id,
        type: 'error',
        name: (error as Error).name ?? 'Error',
        message: (error as Error).message ?? String(error),
      } satisfies TTileResponse);
    }
  })();
});
