import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFal, type TFakeFal } from '../../../test/fakes/fal';
import { probeVideo, runBinary, withTempDir } from '../local/video/ffmpeg';
import type { TEngineOptions, TRunContext } from '../types';
import { createFalConnection } from './client';
import { createFalFaceSwapEngine, SWAP_ENDPOINT } from './face-swap';

let fal: TFakeFal;
let face: Buffer;
beforeAll(async () => {
  fal = await startFakeFal();
  face = await sharp({ create: { width: 64, height: 80, channels: 3, background: '#b97' } })
    .jpeg()
    .toBuffer();
});
afterAll(() => fal.close());

const engine = () =>
  createFalFaceSwapEngine(createFalConnection({ key: fal.apiKey, apiUrl: fal.url }), {
    pollIntervalMs: 5,
  });

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

const options = (): TEngineOptions<'face-swap'> => ({
  influencerId: '00000000-0000-4000-8000-000000000000',
  footageRights: true,
  personaPhoto: face,
});

/** A 2 s clip with sound, as a phone or an editor would write it. */
function clip(container: 'mp4' | 'webm'): Promise<Buffer> {
  const codecs =
    container === 'mp4'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac']
      : ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-c:a', 'libopus'];
  return withTempDir(async (dir) => {
    const file = path.join(dir, `clip.${container}`);
    await runBinary('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=128x96:rate=12:duration=2'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=330:duration=2', ...codecs, '-y', file],
    ]);
    return readFile(file);
  });
}

const uploads = () => fal.requests.filter((one) => one.path.endsWith('/storage/upload/initiate'));
const sent = (field: 'video_url' | 'image_url') =>
  fal.file(String((fal.submits().at(-1)!.body as Record<string, string>)[field]))!.data;

describe('Video face swap on fal', () => {
  it('sends the clip and the persona’s face to PixVerse Swap and keeps the sound', async () => {
    const video = await engine().run(await clip('mp4'), options(), context());
    const submit = fal.submits().at(-1)!;
    expect(submit.path).toBe(`/queue.fal.run/${SWAP_ENDPOINT}`);
    expect(submit.body).toMatchObject({
      mode: 'person',
      resolution: '720p',
      original_sound_switch: true,
    });
    expect(sent('image_url').equals(face)).toBe(true);
    expect(await probeVideo(sent('video_url'))).toMatchObject({
      videoCodec: 'h264',
      width: 128,
      height: 96,
      hasAudio: true,
    });
    expect(video).toMatchObject({
      contentType: 'video/mp4',
      width: 128,
      height: 96,
      fps: 12,
      hasAudio: true,
    });
    expect(video.durationSeconds).toBeCloseTo(2, 0);
  });

  it('sends a WEBM as H.264 MP4, with its sound', async () => {
    const video = await engine().run(await clip('webm'), options(), context());
    const uploaded = await probeVideo(sent('video_url'));
    expect(uploaded).toMatchObject({ videoCodec: 'h264', hasAudio: true });
    expect(uploaded!.container).toContain('mp4');
    expect(await probeVideo(video.data)).toMatchObject({ videoCodec: 'h264', hasAudio: true });
  });

  it('a failed request rejects', async () => {
    fal.script(SWAP_ENDPOINT, { result: 'error' });
    try {
      await expect(engine().run(await clip('mp4'), options(), context())).rejects.toThrow();
    } finally {
      fal.script(SWAP_ENDPOINT, {});
    }
  });

  it('a retry follows the request it saved: nothing submitted or uploaded again', async () => {
    const input = await clip('mp4');
    const first = context();
    await engine().run(input, options(), first);
    expect(first.submitted).toHaveLength(1);
    const [submits, uploaded] = [fal.submits().length, uploads().length];
    const again = context(first.submitted[0]!);
    const video = await engine().run(input, options(), again);
    expect(video.hasAudio).toBe(true);
    expect(again.submitted).toHaveLength(0);
    expect([fal.submits().length, uploads().length]).toEqual([submits, uploaded]);
  });
});
