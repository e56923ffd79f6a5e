import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { TALKING_TEXTS, type TVideoAspectRatio } from '@muse/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../../lib/paths';
import type { TTalkingVideo, TTalkingVoice } from '../../types';
import { decodeAudio, loudnessEnvelope } from '../speech/audio';
import { synthesizeSpeech } from '../speech/flite';
import { encodeWav } from '../speech/wav';
import { largestFaceMesh } from './face-mesh';
import { probeFile, runBinary, withTempDir } from './ffmpeg';
import { createLocalTalkingVideoEngine } from './talking-head';
import { pointBounds } from './triangulate';

const PHOTOS = path.join(SERVER_ROOT, 'test/fixtures/photos/persona');
const engine = createLocalTalkingVideoEngine();
const VOICE: TTalkingVoice = { kind: 'stock', stockVoice: 'aria' };
const RATE = 16_000;
const FPS = 24;

/** A fixture photo as the tool gives it: PNG. */
const photo = (name: string) =>
  sharp(readFileSync(path.join(PHOTOS, name)))
    .png()
    .toBuffer();

function run(
  picture: Buffer,
  speech: { audio: Uint8Array } | { script: string },
  aspectRatio: TVideoAspectRatio,
  captions = false,
  signal?: AbortSignal,
): Promise<TTalkingVideo> {
  return engine.run(
    picture,
    {
      influencerId: 'persona',
      script: 'script' in speech ? speech.script : '',
      recorded: 'audio' in speech,
      aspectRatio,
      captions,
      audio: 'audio' in speech ? speech.audio : null,
      voice: VOICE,
    },
    { onProgress: () => undefined, ...(signal ? { signal } : {}) },
  );
}

/** Every frame of a clip as RGB. */
async function rgbFrames(clip: Uint8Array, width: number, height: number): Promise<Buffer[]> {
  const raw = await withTempDir(async (dir) => {
    const file = path.join(dir, 'clip.mp4');
    await writeFile(file, clip);
    return runBinary('ffmpeg', [
      ...['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    ]);
  });
  const size = width * height * 3;
  return Array.from({ length: raw.length / size }, (_, i) =>
    raw.subarray(i * size, (i + 1) * size),
  );
}

type TBox = { left: number; top: number; right: number; bottom: number };

/** Mean absolute difference of two frames inside the box, per channel value. */
function difference(a: Buffer, b: Buffer, width: number, box: TBox): number {
  let sum = 0;
  let count = 0;
  for (let y = box.top; y < box.bottom; y += 1)
    for (let x = box.left; x < box.right; x += 1)
      for (let c = 0; c < 3; c += 1) {
        const p = (y * width + x) * 3 + c;
        sum += Math.abs(a[p]! - b[p]!);
        count += 1;
      }
  return sum / count;
}

/** The share of pixels inside the box that changed plainly (a channel by more than 40). */
function changedShare(a: Buffer, b: Buffer, width: number, box: TBox): number {
  let changed = 0;
  for (let y = box.top; y < box.bottom; y += 1)
    for (let x = box.left; x < box.right; x += 1) {
      const p = (y * width + x) * 3;
      const most = Math.max(
        Math.abs(a[p]! - b[p]!),
        Math.abs(a[p + 1]! - b[p + 1]!),
        Math.abs(a[p + 2]! - b[p + 2]!),
      );
      if (most > 40) changed += 1;
    }
  return changed / ((box.right - box.left) * (box.bottom - box.top));
}

/** Pixels inside the box darker than a mouth's inside (luma under 60). */
function darkPixels(frame: Buffer, width: number, box: TBox): number {
  let count = 0;
  for (let y = box.top; y < box.bottom; y += 1)
    for (let x = box.left; x < box.right; x += 1) {
      const p = (y * width + x) * 3;
      if (0.299 * frame[p]! + 0.587 * frame[p + 1]! + 0.114 * frame[p + 2]! < 60) count += 1;
    }
  return count;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('the offline Talking Video engine', () => {
  /** 1.5 s of speech, 1.5 s of digital silence, 1.5 s of speech. */
  let recording: Buffer;
  let input: Float32Array;
  beforeAll(async () => {
    const speech = await synthesizeSpeech(
      'Hello there, how are you doing today? I am very well, thank you for asking.',
      'aria',
    );
    const { samples } = await decodeAudio(speech.wav, RATE);
    const start = Math.round(speech.words[0]!.start * RATE);
    const part = samples.slice(start, start + 1.5 * RATE);
    input = new Float32Array(4.5 * RATE);
    input.set(part, 0);
    input.set(part, 3 * RATE);
    recording = encodeWav(input, RATE);
  }, 60_000);

  it(
    'moves the mouth with the audio, rests it in silence, and keeps the audio as it is',
    { timeout: 120_000 },
    async () => {
      const video = await run(await photo('same-person-01.jpg'), { audio: recording }, '1:1');
      expect(video).toMatchObject({
        contentType: 'video/mp4',
        width: 720,
        height: 720,
        fps: FPS,
        hasAudio: true,
        spokenBy: 'audio',
        words: [],
      });
      expect(video.speechSeconds).toBeCloseTo(4.5, 2);

      // As long as the audio, within a frame, with its sound.
      const probe = await withTempDir(async (dir) => {
        const file = path.join(dir, 'talking.mp4');
        await writeFile(file, video.data);
        return probeFile(file);
      });
      expect(probe).toMatchObject({ videoCodec: 'h264', pixelFormat: 'yuv420p', hasAudio: true });
      expect(probe!.audioCodecs).toEqual(['aac']);
      expect(probe!.frames).toBe(4.5 * FPS);
      expect(Math.abs(probe!.durationSeconds - 4.5)).toBeLessThanOrEqual(1 / FPS);

      // The sound: as long, silent where the recording is, loud where it is, the same shape.
      const heard = (await decodeAudio(video.data, RATE)).samples;
      expect(Math.abs(heard.length / RATE - 4.5)).toBeLessThanOrEqual(1 / FPS);
      const frames = 4.5 * FPS;
      const given = loudnessEnvelope({ samples: input, sampleRate: RATE }, FPS, frames);
      const got = loudnessEnvelope({ samples: heard, sampleRate: RATE }, FPS, frames);
      const silent = Array.from({ length: frames }, (_, i) => i).filter(
        (i) => i / FPS > 1.6 && (i + 1) / FPS < 2.9,
      );
      for (const i of silent) expect(got[i]).toBe(0);
      const loud = Array.from({ length: frames }, (_, i) => i).filter((i) => given[i]! > 0.6);
      expect(loud.length).toBeGreaterThan(30);
      expect(mean(loud.map((i) => got[i]!))).toBeGreaterThan(0.6);
      const centred = (values: Float32Array) => {
        const average = mean(Array.from(values));
        return Array.from(values, (value) => value - average);
      };
      const [a, b] = [centred(given), centred(got)];
      const correlation =
        a.reduce((sum, value, i) => sum + value * b[i]!, 0) /
        Math.sqrt(a.reduce((sum, v) => sum + v * v, 0) * b.reduce((sum, v) => sum + v * v, 0));
      expect(correlation).toBeGreaterThan(0.9);

      // The mouth, found on the first frame (silent, so at rest), with room for the jaw to drop.
      const decoded = await rgbFrames(video.data, 720, 720);
      expect(decoded).toHaveLength(frames);
      const mesh = await largestFaceMesh({ data: decoded[0]!, width: 720, height: 720 });
      expect(mesh).not.toBeNull();
      const lips = [61, 291, 0, 17, 146, 375, 40, 270].flatMap((i) => [
        mesh![2 * i]!,
        mesh![2 * i + 1]!,
      ]);
      const { minX, minY, maxX, maxY } = pointBounds(lips);
      const room = 0.6 * (maxY - minY);
      const mouth = {
        left: Math.floor(minX - room),
        top: Math.floor(minY - room),
        right: Math.ceil(maxX + room),
        bottom: Math.ceil(maxY + room),
      };
      const change = (i: number) => difference(decoded[i]!, decoded[i - 1]!, 720, mouth);
      const moving = mean(loud.filter((i) => i > 0).map(change));
      const resting = mean(silent.map(change));
      expect(moving).toBeGreaterThan(1);
      expect(moving).toBeGreaterThan(4 * resting);
      // The open mouth is dark inside; at rest it is the photo's.
      const dark = decoded.map((frame) => darkPixels(frame, 720, mouth));
      const restingDark = Math.max(...silent.map((i) => dark[i]!));
      const speakingDark = mean(loud.map((i) => dark[i]!));
      expect(speakingDark).toBeGreaterThan(restingDark + 1000);
      for (const i of silent) expect(Math.abs(dark[i]! - dark[silent[0]!]!)).toBeLessThan(60);

      // And the eyes blink: some frames' eyes differ from the frame before far more than most.
      const eyes = [33, 133, 263, 362, 159, 386].flatMap((i) => [mesh![2 * i]!, mesh![2 * i + 1]!]);
      const eyeBounds = pointBounds(eyes);
      const eyeBox = {
        left: Math.floor(eyeBounds.minX - 10),
        top: Math.floor(eyeBounds.minY - 10),
        right: Math.ceil(eyeBounds.maxX + 10),
        bottom: Math.ceil(eyeBounds.maxY + 10),
      };
      const eyeChanges = decoded
        .slice(1)
        .map((frame, i) => difference(frame, decoded[i]!, 720, eyeBox));
      const sorted = [...eyeChanges].sort((p, q) => p - q);
      expect(sorted.at(-1)!).toBeGreaterThan(4 * sorted[Math.floor(sorted.length / 2)]!);
    },
  );

  it('refuses a picture without a face', { timeout: 60_000 }, async () => {
    await expect(run(await photo('no-face.jpg'), { audio: recording }, '1:1')).rejects.toThrow(
      TALKING_TEXTS.noFace,
    );
  });

  it(
    'says a script in the persona voice, the same bytes every time, captions only when asked',
    { timeout: 120_000 },
    async () => {
      const picture = await photo('other-person.jpg');
      const script = { script: 'Hi, I am Aria. Nice to meet you!' };
      const plain = await run(picture, script, '16:9');
      expect(plain).toMatchObject({ width: 960, height: 540, spokenBy: 'offline', hasAudio: true });
      expect(plain.words.map((word) => word.text)).toEqual([
        'Hi,',
        'I',
        'am',
        'Aria.',
        'Nice',
        'to',
        'meet',
        'you!',
      ]);
      expect(plain.durationSeconds).toBeCloseTo(plain.speechSeconds, 1);
      const again = await run(picture, script, '16:9');
      expect(Buffer.compare(Buffer.from(again.data), Buffer.from(plain.data))).toBe(0);

      const captioned = await run(picture, script, '16:9', true);
      const [without, withCaptions] = await Promise.all([
        rgbFrames(plain.data, 960, 540),
        rgbFrames(captioned.data, 960, 540),
      ]);
      expect(withCaptions).toHaveLength(without.length);
      const upper = { left: 0, top: 0, right: 960, bottom: 360 };
      const lower = { left: 0, top: 360, right: 960, bottom: 540 };
      const speaking = without
        .map((_, i) => i)
        .filter((i) => plain.words.some((word) => word.start <= i / FPS && i / FPS < word.end));
      expect(speaking.length).toBeGreaterThan(10);
      const above = speaking.map((i) => changedShare(withCaptions[i]!, without[i]!, 960, upper));
      const within = speaking.map((i) => changedShare(withCaptions[i]!, without[i]!, 960, lower));
      // Above the lower third: the same picture (give or take the encoder's rounding)...
      for (const share of above) expect(share).toBeLessThan(0.001);
      // ...and in it, the words.
      for (const share of within) expect(share).toBeGreaterThan(0.005);
      expect(mean(within)).toBeGreaterThan(0.015);
    },
  );

  it('stops when the job is cancelled', { timeout: 60_000 }, async () => {
    const controller = new AbortController();
    const making = engine.run(
      await photo('same-person-01.jpg'),
      {
        influencerId: 'persona',
        script: '',
        recorded: true,
        aspectRatio: '9:16',
        captions: false,
        audio: recording,
        voice: VOICE,
      },
      {
        onProgress: (percent) => {
          if (percent > 20) controller.abort(new Error('cancelled'));
        },
        signal: controller.signal,
      },
    );
    await expect(making).rejects.toThrow('cancelled');
  });

  it('needs a script or audio', async () => {
    await expect(run(await photo('same-person-01.jpg'), { script: '  ' }, '1:1')).rejects.toThrow(
      TALKING_TEXTS.scriptOrAudio,
    );
  });
});
