import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFal, type TFakeFal } from '../../../test/fakes/fal';
import { probeVideo, runBinary, withTempDir } from '../local/video/ffmpeg';
import type { TEngineOptions, TRunContext } from '../types';
import { createFalConnection } from './client';
import { createFalVideoEngine, KLING_ENDPOINT } from './video';

let fal: TFakeFal;
beforeAll(async () => {
  fal = await startFakeFal();
});
afterAll(() => fal.close());

const connection = () => createFalConnection({ key: fal.apiKey, apiUrl: fal.url });
const engine = () => createFalVideoEngine(connection(), { pollIntervalMs: 5 });

function context(requestId: string | null = null): TRunContext & { submitted: string[] } {
  const submitted: string[] = [];
  return {
    submitted,
    onProgress: () => {},
    provider: {
      requestId,
      onSubmitted: async (id) => {
        submitted.push(id);
      },
      wait: (_id, ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    },
  };
}

const options = (
  over: Partial<TEngineOptions<'generate-video'>> = {},
): TEngineOptions<'generate-video'> => ({
  influencerId: null,
  prompt: 'slow push-in, hair in the wind',
  duration: '5',
  aspectRatio: '9:16',
  ...over,
});

const still = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c86' } })
    .png()
    .toBuffer();

/** The video's codec and pixel format, and each sound stream's codec, as ffprobe reads them. */
async function codecs(clip: Uint8Array) {
  const probe = (await probeVideo(clip))!;
  return [`${probe.videoCodec},${probe.pixelFormat}`, ...probe.audioCodecs];
}

const uploads = () => fal.requests.filter((one) => one.path.endsWith('/storage/upload/initiate'));

describe('Generate Video on fal', () => {
  it('sends the still and the motion to Kling and returns a browser MP4 of 5 s', async () => {
    const image = await still(180, 320);
    const video = await engine().run(image, options(), context());
    const submit = fal.submits().at(-1)!;
    expect(submit.path).toBe(`/queue.fal.run/${KLING_ENDPOINT}`);
    expect(submit.body).toMatchObject({
      prompt: 'slow push-in, hair in the wind',
      duration: '5',
      negative_prompt: expect.stringContaining('blur') as unknown,
    });
    // A still already at the chosen shape is sent byte for byte.
    const sent = fal.file(String((submit.body as { image_url: string }).image_url));
    expect(sent?.data.equals(image)).toBe(true);
    expect(video).toMatchObject({
      contentType: 'video/mp4',
      width: 90,
      height: 160,
      fps: 8,
      hasAudio: false,
    });
    expect(video.durationSeconds).toBeCloseTo(5, 0);
    expect(await probeVideo(video.data)).toMatchObject({ videoCodec: 'h264', width: 90 });
    expect(await codecs(video.data)).toEqual(['h264,yuv420p']);
  });

  it('crops a still of another shape to the chosen ratio; 10 s when asked', async () => {
    const video = await engine().run(
      await still(320, 320),
      options({ duration: '10', aspectRatio: '16:9' }),
      context(),
    );
    const url = String((fal.submits().at(-1)!.body as { image_url: string }).image_url);
    const sent = await sharp(fal.file(url)!.data).metadata();
    expect([sent.format, sent.width, sent.height]).toEqual(['png', 320, 180]);
    expect([video.width, video.height]).toEqual([160, 90]);
    expect(video.durationSeconds).toBeCloseTo(10, 0);
    expect((fal.submits().at(-1)!.body as { duration: string }).duration).toBe('10');
  });

  it('transcodes a clip fal gives in another form to H.264 MP4, keeping its sound', async () => {
    const foreign = await withTempDir(async (dir) => {
      const file = path.join(dir, 'foreign.mkv');
      await runBinary('ffmpeg', [
        ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=96x64:rate=10:duration=2'],
        ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'],
        ...['-c:v', 'mpeg4', '-c:a', 'libopus', '-y', file],
      ]);
      return readFile(file);
    });
    const url = await connection().client.storage.upload(
      new Blob([new Uint8Array(foreign)], { type: 'video/x-matroska' }),
    );
    fal.script(KLING_ENDPOINT, { result: { video: { url } } });
    try {
      const video = await engine().run(await still(180, 320), options(), context());
      expect(video).toMatchObject({ width: 96, height: 64, fps: 10, hasAudio: true });
      expect(video.durationSeconds).toBeCloseTo(2, 0);
      expect(await codecs(video.data)).toEqual(['h264,yuv420p', 'aac']);
    } finally {
      fal.script(KLING_ENDPOINT, {});
    }
  });

  it('a failed request rejects', async () => {
    fal.script(KLING_ENDPOINT, { result: 'error' });
    try {
      await expect(engine().run(await still(180, 320), options(), context())).rejects.toThrow();
    } finally {
      fal.script(KLING_ENDPOINT, {});
    }
  });

  it('a retry follows the request it saved: nothing submitted or uploaded again', async () => {
    const image = await still(180, 320);
    const first = context();
    await engine().run(image, options(), first);
    expect(first.submitted).toHaveLength(1);
    const [submits, uploaded] = [fal.submits().length, uploads().length];
    const again = context(first.submitted[0]!);
    const video = await engine().run(image, options(), again);
    expect(video.durationSeconds).toBeCloseTo(5, 0);
    expect(again.submitted).toHaveLength(0);
    expect([fal.submits().length, uploads().length]).toEqual([submits, uploaded]);
  });
});
