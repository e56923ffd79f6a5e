/**
 * One request on fal's queue, as a job runs it (docs/decisions/0021-generation-engines.md):
 * submitted once (with a webhook when configured) and saved on the job before any wait, or, on a
 * retry, the saved request followed instead of a new one paid for; then waited on (a webhook
 * ends a wait early) and polled until fal says it is done, and its result read from fal.
 */
import { sleep } from '../../lib/sleep';
import type { TRunContext } from '../types';
import type { TFalConnection } from './client';

export type TFalWaiting = {
  /** How often the request's status is asked for; a webhook wakes the wait sooner. */
  pollIntervalMs: number;
  /** Where fal delivers its webhook when the request finishes; none: polling only. */
  webhookUrl?: string;
};

/** Runs `input` on `endpoint` and returns fal's output (the endpoint's documented fields). */
export async function runOnFal(
  connection: TFalConnection,
  endpoint: string,
  input: Record<string, unknown>,
  context: TRunContext,
  waiting: TFalWaiting,
): Promise<unknown> {
  const { client } = connection;
  const { signal } = context;
  let requestId = context.provider?.requestId ?? null;
  if (!requestId) {
    context.onProgress(5, 'Sending to the generation service');
    const queued = await client.queue.submit(endpoint, {
      input,
      ...(waiting.webhookUrl ? { webhookUrl: waiting.webhookUrl } : {}),
    });
    requestId = queued.request_id;
    await context.provider?.onSubmitted(requestId);
  }
  const wait = context.provider?.wait ?? ((_id: string, ms: number) => sleep(ms, signal));
  let first = true;
  for (;;) {
    signal?.throwIfAborted();
    // The first look is at once: a resumed request may be long finished.
    if (!first) await wait(requestId, waiting.pollIntervalMs, signal);
    first = false;
    const status = await client.queue.status(endpoint, { requestId, logs: false });
    if (status.status === 'COMPLETED') break;
    if (status.status === 'IN_QUEUE') {
      const position = status.queue_position;
      context.onProgress(
        10,
        `Waiting for the generation service${position ? ` (position ${position})` : ''}`,
      );
    } else context.onProgress(40, 'Generating');
  }
  context.onProgress(85, 'Copying the result');
  const result = await client.queue.result(endpoint, { requestId });
  return result.data;
}
