import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../../lib/paths';
import { probeVideo, runBinary, withTempDir } from './ffmpeg';
import { createLocalVideoEngine, motionFromWords, VIDEO_FPS, VIDEO_SIZES } from './motion-clip';

const PHOTOS = path.join(SERVER_ROOT, 'test/fixtures/photos/persona');
const engine = createLocalVideoEngine();

/** A fixture photo as the engine gets its still: PNG. */
const still = (name: string) =>
  sharp(readFileSync(path.join(PHOTOS, name)))
    .png()
    .toBuffer();

/** Every frame of a clip, grey, at a tenth of its size (enough to see the camera move). */
async function greyFrames(clip: Uint8Array, width: number, height: number) {
  const [w, h] = [width / 10, height / 10];
  const raw = await withTempDir(async (dir) => {
    const file = path.join(dir, 'clip.mp4');
    await writeFile(file, clip);
    return runBinary('ffmpeg', [
      ...['-v', 'error', '-i', file, '-vf', `scale=${w}:${h},format=gray`],
      ...['-f', 'rawvideo', 'pipe:1'],
    ]);
  });
  return Array.from({ length: raw.length / (w * h) }, (_, i) =>
    raw.subarray(i * w * h, (i + 1) * w * h),
  );
}

/** Mean absolute difference of two grey frames, 0–255. */
function difference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/**
 * How far the picture moved sideways from `a` to `b` (pixels, positive: to the right), from the
 * columns' mean brightness.
 */
function sidewaysShift(a: Uint8Array, b: Uint8Array, width: number): number {
  const columns = (frame: Uint8Array) =>
    Array.from({ length: width }, (_, x) => {
      let sum = 0;
      for (let y = 0; y < frame.length / width; y += 1) sum += frame[y * width + x]!;
      return sum / (frame.length / width);
    });
  const [from, to] = [columns(a), columns(b)];
  let best = { shift: 0, error: Infinity };
  for (let shift = -width / 4; shift <= width / 4; shift += 1) {
    let error = 0;
    for (let x = width / 4; x < (3 * width) / 4; x += 1)
      error += Math.abs(from[x]! - to[x + shift]!);
    if (error < best.error) best = { shift, error };
  }
  return best.shift;
}

/** A still with no person in it: coloured tiles. */
function tiles() {
  const squares = Array.from({ length: 48 }, (_, i) => {
    const [x, y] = [(i % 8) * 100, Math.floor(i / 8) * 100];
    return `<rect x="${x}" y="${y}" width="100" height="100" fill="hsl(${(i * 47) % 360},60%,${40 + (i % 3) * 15}%)"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">${squares.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('motionFromWords', () => {
  it.each([
    ['slow push-in, hair in the wind', 'push-in'],
    ['zoom in on her smile', 'push-in'],
    ['the camera moves closer', 'push-in'],
    ['pull back to reveal the beach', 'pull-out'],
    ['zoom out slowly', 'pull-out'],
    ['a reveal of the city behind her', 'pull-out'],
    ['pan left across the room', 'pan-left'],
    ['slow pan to the right', 'pan-right'],
    ['tilt up to the sky', 'tilt-up'],
    ['crane down to her shoes', 'tilt-down'],
    ['walking down the street', 'pan-right'],
    ['she looks to the left', 'pan-left'],
    // A named move outranks a bare direction, and the move named first wins.
    ['walking left, then a slow zoom out', 'pull-out'],
    ['zoom out, then pan left', 'pull-out'],
    ['smiling softly', 'push-in'],
    ['', 'push-in'],
  ])('%j is a %s', (words, motion) => {
    expect(motionFromWords(words)).toBe(motion);
  });
});

describe('the offline Generate Video engine', () => {
  it(
    'moves the camera smoothly through the persona still: 5 s of 9:16 H.264 at 24 fps',
    { timeout: 60_000 },
    async () => {
      const stages: string[] = [];
      const clip = await engine.run(
        await still('same-person-01.jpg'),
        { influencerId: null, prompt: 'slow push-in', duration: '5', aspectRatio: '9:16' },
        { onProgress: (_percent, stage) => stages.push(stage) },
      );
      expect(VIDEO_SIZES['9:16']).toEqual([540, 960]);
      expect(clip).toMatchObject({
        width: 540,
        height: 960,
        contentType: 'video/mp4',
        durationSeconds: 5,
        fps: VIDEO_FPS,
        hasAudio: false,
      });
      const probe = (await probeVideo(clip.data))!;
      expect(probe).toMatchObject({ videoCodec: 'h264', width: 540, height: 960, fps: 24 });
      expect(probe.container).toContain('mp4');
      expect(probe.hasAudio).toBe(false);
      expect(Math.abs(probe.durationSeconds - 5)).toBeLessThanOrEqual(0.1);
      expect(Math.abs(probe.frames - 120)).toBeLessThanOrEqual(1);
      expect(stages).toContain('Cutting out the persona');
      expect(stages).toContain('Rendering frame 120 of 120');

      const frames = await greyFrames(clip.data, 540, 960);
      expect(frames).toHaveLength(120);
      // The camera moved, eased: still at the ends, fastest in the middle, never a jump.
      const steps = frames.slice(1).map((frame, i) => difference(frames[i]!, frame));
      expect(difference(frames[0]!, frames.at(-1)!)).toBeGreaterThan(8);
      expect(steps[0]!).toBeLessThan(steps[59]!);
      expect(steps.at(-1)!).toBeLessThan(steps[59]!);
      expect(Math.max(...steps)).toBeLessThan(3);
    },
  );

  it(
    'makes 10 s of 16:9 with the move the words name, from a still without a person too',
    { timeout: 60_000 },
    async () => {
      const clip = await engine.run(
        await tiles(),
        { influencerId: null, prompt: 'pan left', duration: '10', aspectRatio: '16:9' },
        { onProgress: () => {} },
      );
      const probe = (await probeVideo(clip.data))!;
      expect(probe).toMatchObject({ videoCodec: 'h264', width: 960, height: 540, fps: 24 });
      expect(Math.abs(probe.durationSeconds - 10)).toBeLessThanOrEqual(0.1);
      expect(Math.abs(probe.frames - 240)).toBeLessThanOrEqual(1);
      expect(clip).toMatchObject({ width: 960, height: 540, durationSeconds: 10 });
      const frames = await greyFrames(clip.data, 960, 540);
      // Panning left, the camera shows what is left of the start: the picture moves right.
      expect(sidewaysShift(frames[0]!, frames.at(-1)!, 96)).toBeGreaterThan(2);
    },
  );

  it('stops when the job is cancelled', { timeout: 30_000 }, async () => {
    const controller = new AbortController();
    const run = engine.run(
      await still('same-person-01.jpg'),
      { influencerId: null, prompt: 'zoom in', duration: '5', aspectRatio: '1:1' },
      {
        signal: controller.signal,
        onProgress: (_percent, stage) => {
          if (stage === 'Rendering frame 10 of 120') controller.abort();
        },
      },
    );
    await expect(run).rejects.toThrow(/abort/i);
  });
});
