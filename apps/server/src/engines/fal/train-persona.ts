import type { FalClient } from '@fal-ai/client';
import { sleep } from '../../lib/sleep';
import type { TTrainingContext, TTrainingEngine, TTrainingInput } from '../training';
import type { TFalConnection } from './client';

export const FAL_TRAINERS = [
  'fal-ai/flux-lora-fast-training',
  'fal-ai/flux-lora-portrait-trainer',
] as const;
export type TFalTrainer = (typeof FAL_TRAINERS)[number];

type TTrainerOutput = { diffusers_lora_file?: { url?: string } };

/** Where a training stands, from the newest log line fal reports: 5–95 %. */
export function progressFromLog(message: string): { percent: number; stage: string } | null {
  const steps =
    /step\s*(\d+)\s*(?:\/|of)\s*(\d+)/i.exec(message) ?? /(\d+)\s*\/\s*(\d+)/.exec(message);
  if (steps) {
    const done = Number(steps[1]);
    const total = Number(steps[2]);
    if (total > 0 && done <= total)
      return {
        percent: 5 + (90 * done) / total,
        stage: `Training: step ${done} of ${total}`,
      };
  }
  const share = /(\d{1,3}(?:\.\d+)?)\s*%/.exec(message);
  if (share && Number(share[1]) <= 100)
    return {
      percent: 5 + 0.9 * Number(share[1]),
      stage: `Training: ${Math.round(Number(share[1]))}%`,
    };
  return null;
}

async function submit(
  client: FalClient,
  endpoint: TFalTrainer,
  input: TTrainingInput,
  steps: number,
) {
  const imagesUrl = await client.storage.upload(
    new Blob([new Uint8Array(input.zip)], { type: 'application/zip' }),
  );
  const queued = await client.queue.submit(endpoint, {
    input: {
      images_data_url: imagesUrl,
      trigger_word: input.triggerWord,
      steps,
      create_masks: true,
    },
  });
  return queued.request_id;
}

/**
 * Trains a persona as a FLUX LoRA on fal (docs/product/personas.md): the zip is uploaded to fal's
 * storage, the trainer is asked over the queue, its logs feed the job's progress, and the LoRA
 * file is downloaded for Muse's own storage. A job retried after its worker died passes the
 * request id it saved and follows that request, never paying for a second training.
 */
export function createFalTrainingEngine(
  connection: TFalConnection,
  options: { endpoint?: TFalTrainer; steps?: number; pollIntervalMs?: number } = {},
): TTrainingEngine {
  const endpoint = options.endpoint ?? 'fal-ai/flux-lora-fast-training';
  const steps = options.steps ?? 1000;
  const pollInterval = options.pollIntervalMs ?? 2000;
  const { client } = connection;

  async function follow(requestId: string, context: TTrainingContext) {
    let last = { percent: 2, stage: 'Waiting for a training machine' };
    for (;;) {
      context.signal?.throwIfAborted();
      const status = await client.queue.status(endpoint, { requestId, logs: true });
      if (status.status === 'COMPLETED') break;
      if (status.status === 'IN_QUEUE') {
        const position = status.queue_position;
        last = {
          percent: 2,
          stage: `Waiting for a training machine${position ? ` (position ${position})` : ''}`,
        };
      } else {
        const logs = status.logs ?? [];
        const newest = [...logs]
          .reverse()
          .map((log) => progressFromLog(log.message))
          .find(Boolean);
        last =
          newest && newest.percent >= last.percent
            ? newest
            : { ...last, stage: last.percent > 2 ? last.stage : 'Training' };
      }
      context.onProgress(last.percent, last.stage);
      await sleep(pollInterval, context.signal);
    }
    context.onProgress(96, 'Copying the trained model');
  }

  return {
    name: 'fal',
    trains: true,
    async run(input, context) {
      context.signal?.throwIfAborted();
      let requestId = input.requestId;
      if (!requestId) {
        context.onProgress(1, 'Uploading the photos');
        requestId = await submit(client, endpoint, input, steps);
        await context.onSubmitted(requestId);
      }
      await follow(requestId, context);
      const result = await client.queue.result(endpoint, { requestId });
      const output: TTrainerOutput = result.data;
      const url = output.diffusers_lora_file?.url;
      if (!url) throw new Error('fal finished the training without a LoRA file');
      const data = await connection.fetchFile(url);
      context.onProgress(100, 'Trained');
      return { lora: { data, fileName: 'persona-lora.safetensors' } };
    },
  };
}
