import { Worker } from 'node:worker_threads';
import type { TEngineChoice, TEngines } from './index';
import type {
  TEditOptions,
  TEncodedImage,
  TPromptResult,
  TRunContext,
  TUpscaleOptions,
} from './types';

export type TEngineRequest =
  | {
      type: 'run';
      id: number;
      capability: 'upscale' | 'edit' | 'prompt';
      input: Uint8Array;
      upscale: TUpscaleOptions;
      edit: TEditOptions;
      customPrompt: string;
    }
  | { type: 'abort'; id: number };

export type TEngineResponse =
  | { id: number; type: 'progress'; percent: number; stage: string }
  | { id: number; type: 'image'; image: Omit<TEncodedImage, 'data'> & { data: Uint8Array } }
  | { id: number; type: 'prompt'; result: TPromptResult }
  | { id: number; type: 'error'; name: string; message: string };

type TPending = {
  context: TRunContext;
  resolve: (response: TEngineResponse) => void;
  reject: (error: Error) => void;
};

/** The thread's entry: `engine-thread.js` beside the built server, or the sources through tsx. */
function threadEntry(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./engine-thread.dev.mjs', import.meta.url)
    : new URL('./engine-thread.js', import.meta.url);
}

class EngineThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, TPending>();
  private nextId = 1;

  constructor(private readonly choice: TEngineChoice) {}

  get load(): number {
    return this.pending.size;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(threadEntry(), { workerData: this.choice });
    // An idle engine thread does not keep the process alive.
    worker.unref();
    worker.on('message', (response: TEngineResponse) => {
      const pending = this.pending.get(response.id);
      if (!pending) return;
      if (response.type === 'progress') {
        pending.context.onProgress(response.percent, response.stage);
        return;
      }
      this.pending.delete(response.id);
      if (response.type === 'error') {
        const error = new Error(response.message);
        error.name = response.name;
        pending.reject(error);
      } else pending.resolve(response);
    });
    const fail = (error: Error) => {
      this.worker = null;
      for (const [, pending] of this.pending) pending.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The engine thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  run(
    request: Omit<Extract<TEngineRequest, { type: 'run' }>, 'id' | 'type'>,
    context: TRunContext,
  ): Promise<TEngineResponse> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (context.signal?.aborted) {
        reject(new DOMException('The job was cancelled', 'AbortError'));
        return;
      }
      this.pending.set(id, { context, resolve, reject });
      worker.ref();
      context.signal?.addEventListener('abort', () => worker.postMessage({ type: 'abort', id }), {
        once: true,
      });
      worker.postMessage({ type: 'run', id, ...request } satisfies TEngineRequest);
    }).finally(() => {
      if (this.pending.size === 0) this.worker?.unref();
    }) as Promise<TEngineResponse>;
  }

  async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }
}

/**
 * Engines that run in a pool of threads (one per concurrent job), started on first use and kept
 * with their models loaded. The main thread only passes bytes and progress along.
 */
export function createThreadedEngines(
  choice: TEngineChoice,
  threads = 1,
): TEngines & { stop: () => Promise<void> } {
  const pool = Array.from({ length: Math.max(1, threads) }, () => new EngineThread(choice));
  const leastBusy = () => pool.reduce((best, thread) => (thread.load < best.load ? thread : best));
  const defaults = {
    upscale: { model: 'v2', overlappingTiles: false } as TUpscaleOptions,
    edit: { aspectRatio: 'match', format: 'jpg', safetyTolerance: 6, prompt: '' } as TEditOptions,
    customPrompt: '',
  };
  const image = (response: TEngineResponse): TEncodedImage => {
    if (response.type !== 'image') throw new Error('The engine thread answered out of turn');
    return { ...response.image, data: Buffer.from(response.image.data) };
  };
  return {
    upscale: {
      name: choice.ENGINE_UPSCALE,
      upscale: async (input, options, context) =>
        image(
          await leastBusy().run(
            { ...defaults, capability: 'upscale', input, upscale: options },
            context,
          ),
        ),
    },
    edit: {
      name: choice.ENGINE_EDIT,
      generative: false,
      edit: async (input, options, context) =>
        image(
          await leastBusy().run({ ...defaults, capability: 'edit', input, edit: options }, context),
        ),
    },
    prompt: {
      name: choice.ENGINE_PROMPT,
      describe: async (input, customPrompt, context) => {
        const response = await leastBusy().run(
          { ...defaults, capability: 'prompt', input, customPrompt },
          context,
        );
        if (response.type !== 'prompt') throw new Error('The engine thread answered out of turn');
        return response.result;
      },
    },
    stop: async () => {
      await Promise.all(pool.map((thread) => thread.stop()));
    },
  };
}
