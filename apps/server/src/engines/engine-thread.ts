// An engine thread: runs the AI engines off the main thread, so a long upscale never holds up
// the requests the same process serves. Started by `createEngines` (thread-pool.ts).
import { parentPort, workerData } from 'node:worker_threads';
import type { TEngineChoice } from './index';
import { createInProcessEngines } from './in-process';
import type { TEngineRequest, TEngineResponse } from './thread-pool';
import type { TRunContext } from './types';

const engines = createInProcessEngines(workerData as TEngineChoice);
const running = new Map<number, AbortController>();
const port = parentPort!;

function send(message: TEngineResponse, transfer: ArrayBuffer[] = []) {
  port.postMessage(message, transfer);
}

async function run(request: Extract<TEngineRequest, { type: 'run' }>) {
  const controller = new AbortController();
  running.set(request.id, controller);
  const context: TRunContext = {
    signal: controller.signal,
    onProgress: (percent, stage) => send({ id: request.id, type: 'progress', percent, stage }),
  };
  const input = Buffer.from(request.input);
  try {
    if (request.capability === 'prompt') {
      const result = await engines.prompt.describe(input, request.customPrompt, context);
      send({ id: request.id, type: 'prompt', result });
      return;
    }
    const image =
      request.capability === 'upscale'
        ? await engines.upscale.upscale(input, request.upscale, context)
        : await engines.edit.edit(input, request.edit, context);
    const bytes = new Uint8Array(image.data);
    send({ id: request.id, type: 'image', image: { ...image, data: bytes } }, [
      bytes.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    send({
      id: request.id,
      type: 'error',
      name: (error as Error).name ?? 'Error',
      message: (error as Error).message ?? String(error),
    });
  } finally {
    running.delete(request.id);
  }
}

port.on('message', (request: TEngineRequest) => {
  if (request.type === 'abort') running.get(request.id)?.abort();
  else void run(request);
});
