import type { TEngineChoice, TEngines } from './index';
import { ThreadClient } from './thread-client';
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

/** The thread's entry: `engine-thread.js` beside the built server, or the sources through tsx. */
function threadEntry(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('./engine-thread.dev.mjs', import.meta.url)
    : new URL('./engine-thread.js', import.meta.url);
}

class EngineThread {
  private readonly thread: ThreadClient<TEngineResponse>;

  constructor(choice: TEngineChoice) {
    this.thread = new ThreadClient(threadEntry(), { name: 'engine thread', workerData: choice });
  }

  get load(): number {
    return this.thread.load;
  }

  async run(
    request: Omit<Extract<TEngineRequest, { type: 'run' }>, 'id' | 'type'>,
    context: TRunContext,
  ): Promise<TEngineResponse> {
    if (context.signal?.aborted) throw new DOMException('The job was cancelled', 'AbortError');
    const { id, answer } = this.thread.request(
      (id) => ({ message: { type: 'run', id, ...request } satisfies TEngineRequest }),
      (response) => response.type !== 'progress',
      (response) => {
        if (response.type === 'progress') context.onProgress(response.percent, response.stage);
      },
    );
    const abort = () => this.thread.tell({ type: 'abort', id } satisfies TEngineRequest);
    context.signal?.addEventListener('abort', abort, { once: true });
    try {
      return await answer;
    } finally {
      context.signal?.removeEventListener('abort', abort);
    }
  }

  stop(): Promise<void> {
    return this.thread.stop();
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
