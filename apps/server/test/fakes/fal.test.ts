import { ApiError, ValidationError } from '@fal-ai/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFalConnection, rewriteFalUrl } from '../../src/engines/fal/client';
import { startFakeFal, type TFakeFal } from './fal';

// The real @fal-ai/client against the fake: proof the fake speaks what the client sends.
let fal: TFakeFal;
beforeAll(async () => {
  fal = await startFakeFal();
});
afterAll(() => fal.close());

const connect = (key = fal.apiKey) => createFalConnection({ key, apiUrl: fal.url });

describe('fake fal', () => {
  it('rewrites only fal’s own hosts', () => {
    expect(rewriteFalUrl('https://queue.fal.run/fal-ai/flux/dev?x=1', 'http://h:1')).toBe(
      'http://h:1/queue.fal.run/fal-ai/flux/dev?x=1',
    );
    expect(rewriteFalUrl('https://v3.fal.media/files/a.png', 'http://h:1')).toBe(
      'https://v3.fal.media/files/a.png',
    );
    expect(rewriteFalUrl('https://queue.fal.run/a/b')).toBe('https://queue.fal.run/a/b');
  });

  it('stores an upload and serves the same bytes back', async () => {
    const { client, fetchFile } = connect();
    const bytes = Buffer.from('PK\u0003\u0004 a zip, as far as anyone can tell');
    const url = await client.storage.upload(new Blob([bytes], { type: 'application/zip' }));
    expect(url.startsWith(fal.url)).toBe(true);
    expect(await fetchFile(url)).toEqual(bytes);
  });

  it('queues a request: IN_QUEUE, IN_PROGRESS with logs, COMPLETED, then its result', async () => {
    fal.script('fal-ai/flux/dev', { polls: 3, logs: ['loading', 'step 10/20'] });
    const { client } = connect();
    const { request_id: requestId } = await client.queue.submit('fal-ai/flux/dev', {
      input: { prompt: 'a portrait', image_size: 'portrait_4_3', seed: 7 },
    });
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push(await client.queue.status('fal-ai/flux/dev', { requestId, logs: true }));
    expect(statuses.map((status) => status.status)).toEqual([
      'IN_QUEUE',
      'IN_PROGRESS',
      'COMPLETED',
    ]);
    expect(statuses[1]).toMatchObject({ logs: [{ message: 'loading' }] });
    const result = await client.queue.result('fal-ai/flux/dev', { requestId });
    expect(result.requestId).toBe(requestId);
    expect(result.data.images[0]).toMatchObject({ width: 96, height: 128 });
    expect(result.data.seed).toBe(7);
  });

  it('refuses a request without a key, an invalid one, and fails a scripted failure', async () => {
    const keyless = createFalConnection({ key: '', apiUrl: fal.url });
    await expect(
      keyless.client.queue.submit('fal-ai/flux/dev', { input: { prompt: 'x' } }),
    ).rejects.toMatchObject({ status: 401 });
    const { client } = connect();
    await expect(
      client.queue.submit('fal-ai/flux-lora-fast-training', { input: {} as never }),
    ).rejects.toBeInstanceOf(ValidationError);
    fal.script('fal-ai/flux-lora-portrait-trainer', { polls: 1, result: 'error' });
    const { request_id: requestId } = await client.queue.submit(
      'fal-ai/flux-lora-portrait-trainer',
      { input: { images_data_url: `${fal.url}/files/none/x.zip` } },
    );
    expect(
      await client.queue.status('fal-ai/flux-lora-portrait-trainer', { requestId, logs: false }),
    ).toMatchObject({ status: 'COMPLETED' });
    await expect(
      client.queue.result('fal-ai/flux-lora-portrait-trainer', { requestId }),
    ).rejects.toBeInstanceOf(ApiError);
  });
});
