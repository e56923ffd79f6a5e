import { ApiError, ValidationError } from '@fal-ai/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFalConnection, rewriteFalUrl } from '../../src/engines/fal/client';
import { probeVideo } from '../../src/engines/local/video/ffmpeg';
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

  it('refuses a video or multi-image request without its required fields, as fal does', async () => {
    const { client } = connect();
    const refused = async (endpoint: string, input: Record<string, unknown>) => {
      const error = await client.queue
        .submit(endpoint, { input: input as never })
        .catch((caught: unknown) => caught);
      expect(error, endpoint).toBeInstanceOf(ValidationError);
      return (error as ValidationError).fieldErrors.map((field) => field.loc.at(-1));
    };
    expect(await refused(KLING, { duration: '5' })).toEqual(['prompt', 'image_url']);
    expect(await refused('fal-ai/pixverse/swap', { image_url: 'x' })).toEqual(['video_url']);
    expect(await refused('fal-ai/flux-pro/kontext/multi', { prompt: 'x', image_urls: [] })).toEqual(
      ['image_urls'],
    );
  });

  it('Kling animates the uploaded still: a real H.264 MP4 of its shape and the asked length', async () => {
    const { client, fetchFile } = connect();
    const still = await sharp({
      create: { width: 180, height: 320, channels: 3, background: '#c84' },
    })
      .png()
      .toBuffer();
    const imageUrl = await client.storage.upload(new Blob([still], { type: 'image/png' }));
    for (const duration of ['5', '10'] as const) {
      const result = await run(KLING, { prompt: 'she turns', image_url: imageUrl, duration });
      const { video } = result as {
        video: { url: string; content_type: string; file_size: number };
      };
      expect(video).toMatchObject({ content_type: 'video/mp4', file_name: 'output.mp4' });
      const clip = await fetchFile(video.url);
      expect(clip.length).toBe(video.file_size);
      const probe = await probeVideo(clip);
      expect(probe).toMatchObject({ videoCodec: 'h264', width: 90, height: 160, fps: 8 });
      expect(probe!.durationSeconds).toBeCloseTo(Number(duration), 0);
    }
  });

  it('a Kling request whose still it never received fails on its side', async () => {
    await expect(
      run(KLING, { prompt: 'x', image_url: `${fal.url}/files/none/still.png` }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('PixVerse Swap answers with the uploaded clip; its scripts still apply', async () => {
    const { client, fetchFile } = connect();
    const clip = Buffer.from('an mp4, as far as the protocol is concerned');
    const [videoUrl, imageUrl] = await Promise.all([
      client.storage.upload(new Blob([clip], { type: 'video/mp4' })),
      client.storage.upload(new Blob([Buffer.from('face')], { type: 'image/jpeg' })),
    ]);
    const input = { video_url: videoUrl, image_url: imageUrl, mode: 'person' };
    const { video } = (await run('fal-ai/pixverse/swap', input)) as { video: { url: string } };
    expect(video.url).not.toBe(videoUrl);
    expect(await fetchFile(video.url)).toEqual(clip);
    fal.script('fal-ai/pixverse/swap', { polls: 1, result: 'error' });
    await expect(run('fal-ai/pixverse/swap', input)).rejects.toBeInstanceOf(ApiError);
    fal.script('fal-ai/pixverse/swap', {});
  });

  it('Kontext Multi answers with images at the asked ratio, flagged when scripted', async () => {
    fal.script('fal-ai/flux-pro/kontext/multi', { polls: 1, nsfw: true });
    const output = (await run('fal-ai/flux-pro/kontext/multi', {
      prompt: 'the person holding the bottle',
      image_urls: [`${fal.url}/files/a/1.jpg`, `${fal.url}/files/b/2.webp`],
      aspect_ratio: '3:4',
      seed: 5,
    })) as {
      images: { width: number; height: number }[];
      has_nsfw_concepts: boolean[];
      seed: number;
    };
    expect(output.images[0]).toMatchObject({ width: 96, height: 128 });
    expect([output.has_nsfw_concepts, output.seed]).toEqual([[true], 5]);
    fal.script('fal-ai/flux-pro/kontext/multi', {});
  });
});

const KLING = 'fal-ai/kling-video/v2.5-turbo/standard/image-to-video';

/** Submits `input`, polls until fal says it is done, and reads the result (or its error). */
async function run(endpoint: string, input: Record<string, unknown>): Promise<unknown> {
  const { client } = connect();
  const { request_id: requestId } = await client.queue.submit(endpoint, { input: input as never });
  let status = await client.queue.status(endpoint, { requestId, logs: false });
  while (status.status !== 'COMPLETED')
    status = await client.queue.status(endpoint, { requestId, logs: false });
  return (await client.queue.result(endpoint, { requestId })).data;
}
