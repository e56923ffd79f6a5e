import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFal, type TFakeFal } from '../../../test/fakes/fal';
import { probeVideo, runBinary, withTempDir } from '../local/video/ffmpeg';
import type { TEngineOptions, TRunContext, TTalkingVoice } from '../types';
import { createFalConnection } from './client';
import {
  AVATAR_ENDPOINT,
  createFalTalkingVideoEngine,
  SPEECH_ENDPOINT,
  VOICE_CLONE_ENDPOINT,
} from './talking-video';
import { wavSeconds } from '../local/speech/wav';

let fal: TFakeFal;
let picture: Buffer;
let recording: Buffer;
beforeAll(async () => {
  fal = await startFakeFal();
  picture = await sharp({ create: { width: 180, height: 320, channels: 3, background: '#b86' } })
    .png()
    .toBuffer();
  recording = await wav(12);
});
afterAll(() => fal.close());

const engine = () =>
  createFalTalkingVideoEngine(createFalConnection({ key: fal.apiKey, apiUrl: fal.url }), {
    pollIntervalMs: 5,
  });

function context(requestId: string | null = null) {
  const submitted: string[] = [];
  const stages: string[] = [];
  const run: TRunContext = {
    onProgress: (_percent, stage) => stages.push(stage),
    provider: {
      requestId,
      onSubmitted: async (id) => {
        submitted.push(id);
      },
      wait: (_id, ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    },
  };
  return Object.assign(run, { submitted, stages });
}

const SCRIPT = 'Hi, I am Mia. Today I will show you three looks for a summer weekend in the city.';

const options = (
  over: Partial<TEngineOptions<'talking-video'>> = {},
): TEngineOptions<'talking-video'> => ({
  influencerId: '00000000-0000-4000-8000-000000000000',
  script: SCRIPT,
  recorded: false,
  aspectRatio: '9:16',
  captions: false,
  audio: null,
  voice: { kind: 'stock', stockVoice: 'lumi' },
  ...over,
});

const cloned = (providerVoiceId: string | null): TTalkingVoice => ({
  kind: 'cloned',
  stockVoice: 'aria',
  recording,
  providerVoiceId,
});

/** A 16-bit mono WAV of `seconds`, as the creator's own audio or a recording arrives. */
function wav(seconds: number): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'audio.wav');
    await runBinary('ffmpeg', [
      ...[
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=220:sample_rate=16000:duration=${seconds}`,
      ],
      ...['-ac', '1', '-c:a', 'pcm_s16le', '-y', file],
    ]);
    return readFile(file);
  });
}

/** Submits to each endpoint since `from` (an index into the fake's submits). */
const submitsTo = (endpoint: string, from = 0) =>
  fal
    .submits()
    .slice(from)
    .filter((one) => one.path === `/queue.fal.run/${endpoint}`);
const body = (request: { body: unknown }) => request.body as Record<string, unknown>;

describe('Talking Video on fal', () => {
  it('says the script in the persona’s stock voice, then makes a video as long as the speech', async () => {
    const from = fal.submits().length;
    const run = context();
    const video = await engine().run(picture, options(), run);
    expect(submitsTo(VOICE_CLONE_ENDPOINT, from)).toHaveLength(0);
    const [speech] = submitsTo(SPEECH_ENDPOINT, from);
    expect(body(speech!)).toMatchObject({
      prompt: SCRIPT,
      voice_setting: { voice_id: 'Lively_Girl' },
      output_format: 'url',
    });
    expect(fal.speeches().at(-1)).toMatchObject({ prompt: SCRIPT, voiceId: 'Lively_Girl' });
    const [avatar] = submitsTo(AVATAR_ENDPOINT, from);
    // The picture already at 9:16 is sent as it is, with the speech fal made.
    expect(fal.file(String(body(avatar!).image_url))!.data.equals(picture)).toBe(true);
    const speechFile = fal.file(String(body(avatar!).audio_url))!;
    const spoken = wavSeconds(speechFile.data)!;
    expect(spoken).toBeCloseTo(SCRIPT.length / 14.5, 0);

    expect(video).toMatchObject({
      contentType: 'video/mp4',
      width: 90,
      height: 160,
      hasAudio: true,
      spokenBy: 'hosted',
      model: AVATAR_ENDPOINT,
    });
    expect(video.clonedVoiceId).toBeUndefined();
    expect(video.speechSeconds).toBeCloseTo(spoken, 2);
    expect(video.durationSeconds).toBeCloseTo(spoken, 0);
    expect(await probeVideo(video.data)).toMatchObject({
      videoCodec: 'h264',
      pixelFormat: 'yuv420p',
      audioCodecs: ['aac'],
    });
    // The words, estimated over the speech, in the script's order.
    expect(video.words.map((word) => word.text).join(' ')).toBe(SCRIPT);
    expect(video.words.at(-1)!.end).toBeCloseTo(spoken, 2);
    // Each step saved its own request, named by its step.
    expect(run.submitted.map((id) => id.split(':')[0])).toEqual(['speech', 'avatar']);
    expect(run.stages).toContain('Speaking the script');
    expect(run.stages).toContain('Making the video');
    expect(run.stages).not.toContain('Cloning the voice');
  });

  it('burns the script’s words into the lower third when captions are asked for', async () => {
    const tall = await sharp({
      create: { width: 360, height: 640, channels: 3, background: '#b86' },
    })
      .png()
      .toBuffer();
    const plain = await engine().run(tall, options({ script: 'Three looks.' }), context());
    const captioned = await engine().run(
      tall,
      options({ script: 'Three looks.', captions: true }),
      context(),
    );
    const frameAt = (data: Uint8Array) =>
      withTempDir(async (dir) => {
        const file = path.join(dir, 'video.mp4');
        await writeFile(file, data);
        return runBinary('ffmpeg', [
          ...['-v', 'error', '-ss', '0.5', '-i', file, '-frames:v', '1'],
          ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
        ]);
      });
    const [a, b] = [await frameAt(plain.data), await frameAt(captioned.data)];
    /** The share of the pixels of rows `from`–`to` whose colour moved by more than 60. */
    const changed = (from: number, to: number) => {
      let count = 0;
      for (let p = from * width * 3; p < to * width * 3; p += 3)
        if (
          Math.abs(a[p]! - b[p]!) +
            Math.abs(a[p + 1]! - b[p + 1]!) +
            Math.abs(a[p + 2]! - b[p + 2]!) >
          60
        )
          count += 1;
      return count / ((to - from) * width);
    };
    const { width, height } = plain;
    expect(captioned).toMatchObject({ hasAudio: true, width, height });
    expect(a.length).toBe(width * height * 3);
    // The words show in the lower third; above it nothing moves beyond an encoding's rounding.
    expect(changed(0, Math.floor(height * 0.6))).toBe(0);
    expect(changed(Math.floor(height * 0.67), height)).toBeGreaterThan(0.01);
  });

  it('crops the picture to the chosen shape', async () => {
    const from = fal.submits().length;
    const video = await engine().run(picture, options({ aspectRatio: '1:1' }), context());
    const [avatar] = submitsTo(AVATAR_ENDPOINT, from);
    const sent = await sharp(fal.file(String(body(avatar!).image_url))!.data).metadata();
    expect([sent.format, sent.width, sent.height]).toEqual(['png', 180, 180]);
    expect([video.width, video.height]).toEqual([160, 160]);
  });

  it('clones a voice fal does not have yet, once, speaks in it and returns its id', async () => {
    const from = fal.submits().length;
    const run = context();
    const video = await engine().run(picture, options({ voice: cloned(null) }), run);
    const clones = submitsTo(VOICE_CLONE_ENDPOINT, from);
    expect(clones).toHaveLength(1);
    expect(fal.file(String(body(clones[0]!).audio_url))!.data.equals(recording)).toBe(true);
    expect(video.clonedVoiceId).toMatch(/^voice-/);
    expect(fal.speeches().at(-1)!.voiceId).toBe(video.clonedVoiceId);
    expect(run.submitted.map((id) => id.split(':')[0])).toEqual(['clone', 'speech', 'avatar']);
    expect(run.stages).toContain('Cloning the voice');
  });

  it('a voice fal already has is not cloned again: its id reaches the speech', async () => {
    const from = fal.submits().length;
    const video = await engine().run(picture, options({ voice: cloned('voice-kept') }), context());
    expect(submitsTo(VOICE_CLONE_ENDPOINT, from)).toHaveLength(0);
    expect(body(submitsTo(SPEECH_ENDPOINT, from)[0]!)).toMatchObject({
      voice_setting: { voice_id: 'voice-kept' },
    });
    expect(video.clonedVoiceId).toBeUndefined();
  });

  it('the creator’s own audio skips the voice and the speech', async () => {
    const from = fal.submits().length;
    const audio = await wav(2.4);
    const run = context();
    const video = await engine().run(
      picture,
      options({ script: '', recorded: true, audio, voice: cloned(null) }),
      run,
    );
    expect(submitsTo(VOICE_CLONE_ENDPOINT, from)).toHaveLength(0);
    expect(submitsTo(SPEECH_ENDPOINT, from)).toHaveLength(0);
    const [avatar] = submitsTo(AVATAR_ENDPOINT, from);
    expect(fal.file(String(body(avatar!).audio_url))!.data.equals(audio)).toBe(true);
    expect(video).toMatchObject({ spokenBy: 'audio', words: [], hasAudio: true });
    expect(video.speechSeconds).toBeCloseTo(2.4, 2);
    expect(video.durationSeconds).toBeCloseTo(2.4, 0);
    expect(run.submitted.map((id) => id.split(':')[0])).toEqual(['avatar']);
  });

  it('a failed avatar request rejects', async () => {
    fal.script(AVATAR_ENDPOINT, { result: 'error' });
    try {
      await expect(engine().run(picture, options(), context())).rejects.toThrow();
    } finally {
      fal.script(AVATAR_ENDPOINT, {});
    }
  });

  it('a failed speech request rejects before any video is paid for', async () => {
    const from = fal.submits().length;
    fal.script(SPEECH_ENDPOINT, { result: 'error' });
    try {
      await expect(engine().run(picture, options(), context())).rejects.toThrow();
      expect(submitsTo(AVATAR_ENDPOINT, from)).toHaveLength(0);
    } finally {
      fal.script(SPEECH_ENDPOINT, {});
    }
  });

  it('a retry with a saved avatar request follows it: nothing submitted or uploaded again', async () => {
    const first = context();
    const made = await engine().run(picture, options(), first);
    const saved = first.submitted.at(-1)!;
    expect(saved).toMatch(/^avatar:/);
    const uploads = () => fal.requests.filter((one) => one.path.endsWith('/upload/initiate'));
    const [submits, uploaded] = [fal.submits().length, uploads().length];
    const again = context(saved);
    const video = await engine().run(picture, options(), again);
    expect(again.submitted).toEqual([]);
    expect([fal.submits().length, uploads().length]).toEqual([submits, uploaded]);
    // Without the speech's own length, the video's stands in for it.
    expect(video.speechSeconds).toBeCloseTo(made.speechSeconds, 0);
    expect(video.words.map((word) => word.text).join(' ')).toBe(SCRIPT);
    expect(video).toMatchObject({ spokenBy: 'hosted', hasAudio: true });
  });

  it('a retry with a saved speech request follows it, then submits the avatar', async () => {
    // A worker that died after the speech was submitted: its request is the one saved.
    const speaker = context();
    fal.script(AVATAR_ENDPOINT, { result: 'error' });
    try {
      await expect(engine().run(picture, options(), speaker)).rejects.toThrow();
    } finally {
      fal.script(AVATAR_ENDPOINT, {});
    }
    const speechSaved = speaker.submitted.find((id) => id.startsWith('speech:'))!;
    const from = fal.submits().length;
    const spoken = fal.speeches().length;
    const again = context(speechSaved);
    const video = await engine().run(picture, options(), again);
    expect(submitsTo(SPEECH_ENDPOINT, from)).toHaveLength(0);
    expect(fal.speeches()).toHaveLength(spoken);
    expect(submitsTo(AVATAR_ENDPOINT, from)).toHaveLength(1);
    expect(again.submitted.map((id) => id.split(':')[0])).toEqual(['avatar']);
    // The avatar speaks the speech that was followed.
    const followed = fal.speeches().find((one) => `speech:${one.requestId}` === speechSaved)!;
    expect(followed.prompt).toBe(SCRIPT);
    expect(video.speechSeconds).toBeCloseTo(SCRIPT.length / 14.5, 0);
    expect(video.hasAudio).toBe(true);
  });

  it('a retry with a saved clone request follows it, and still returns the voice', async () => {
    const cloner = context();
    fal.script(SPEECH_ENDPOINT, { result: 'error' });
    try {
      await expect(
        engine().run(picture, options({ voice: cloned(null) }), cloner),
      ).rejects.toThrow();
    } finally {
      fal.script(SPEECH_ENDPOINT, {});
    }
    const cloneSaved = cloner.submitted.find((id) => id.startsWith('clone:'))!;
    const from = fal.submits().length;
    const video = await engine().run(
      picture,
      options({ voice: cloned(null) }),
      context(cloneSaved),
    );
    expect(submitsTo(VOICE_CLONE_ENDPOINT, from)).toHaveLength(0);
    expect(video.clonedVoiceId).toMatch(/^voice-/);
    expect(fal.speeches().at(-1)!.voiceId).toBe(video.clonedVoiceId);
  });

  it('stops when the job is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const from = fal.submits().length;
    await expect(
      engine().run(picture, options(), { ...context(), signal: controller.signal }),
    ).rejects.toThrow();
    expect(fal.submits().length).toBe(from);
  });
});
