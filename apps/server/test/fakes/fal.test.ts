import { ApiError, ValidationError } from '@fal-ai/client';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFalConnection, rewriteFalUrl } from '../../src/engines/fal/client';
import { wavSeconds } from '../../src/engines/local/speech/wav';
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

  it('refuses a talking video step without its required fields, as fal does', async () => {
    const { client } = connect();
    const refused = async (endpoint: string, input: Record<string, unknown>) => {
      const error = await client.queue
        .submit(endpoint, { input: input as never })
        .catch((caught: unknown) => caught);
      expect(error, endpoint).toBeInstanceOf(ValidationError);
      return (error as ValidationError).fieldErrors.map((field) => field.loc.at(-1));
    };
    expect(await refused(VOICE_CLONE, { text: 'hello' })).toEqual(['audio_url']);
    expect(await refused(SPEECH, { voice_setting: { voice_id: 'Wise_Woman' } })).toEqual([
      'prompt',
    ]);
    expect(await refused(AVATAR, { prompt: '.' })).toEqual(['image_url', 'audio_url']);
  });

  it('the voice clone answers a new voice id for each recording, with a spoken preview', async () => {
    const { client, fetchFile } = connect();
    const recording = await client.storage.upload(
      new Blob([silentWav(16000)], { type: 'audio/wav' }),
    );
    const first = (await run(VOICE_CLONE, { audio_url: recording })) as {
      custom_voice_id: string;
      audio: { url: string; content_type: string };
    };
    const second = (await run(VOICE_CLONE, { audio_url: recording })) as typeof first;
    expect(first.custom_voice_id).toMatch(/^voice-/);
    expect(second.custom_voice_id).not.toBe(first.custom_voice_id);
    expect(first.audio.content_type).toBe('audio/wav');
    expect(wavSeconds(await fetchFile(first.audio.url))).toBeGreaterThan(1);
    await expect(
      run(VOICE_CLONE, { audio_url: `${fal.url}/files/none/recording.wav` }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('speech answers a real WAV as long as the prompt takes to say, in the voice asked for', async () => {
    const { fetchFile } = connect();
    const prompt = 'Hi, I am Mia. Today I will show you my three favourite summer looks.';
    const output = (await run(SPEECH, {
      prompt,
      voice_setting: { voice_id: 'Lively_Girl' },
      output_format: 'url',
    })) as {
      audio: { url: string; content_type: string; file_name: string; file_size: number };
      duration_ms: number;
    };
    expect(output.audio).toMatchObject({ content_type: 'audio/wav', file_name: 'speech.wav' });
    const wav = await fetchFile(output.audio.url);
    expect(wav.length).toBe(output.audio.file_size);
    expect(output.duration_ms / 1000).toBeCloseTo(prompt.length / 14.5, 0);
    expect(wavSeconds(wav)).toBeCloseTo(output.duration_ms / 1000, 2);
    // Loud and quiet parts, as speech has: the loudest twentieth of a second is far louder than
    // the quietest.
    const levels = windowLevels(wav, 0.05);
    expect(Math.max(...levels)).toBeGreaterThan(Math.min(...levels) * 5);
    expect(fal.speeches().at(-1)).toMatchObject({ prompt, voiceId: 'Lively_Girl' });
    const longer = (await run(SPEECH, { prompt: `${prompt} ${prompt}` })) as typeof output;
    expect(longer.duration_ms).toBeGreaterThan(output.duration_ms * 1.8);
    expect(fal.speeches().at(-1)!.voiceId).toBeNull();
  });

  it('the AI avatar makes an H.264 MP4 of the still with the sound, as long as the sound', async () => {
    const { client, fetchFile } = connect();
    const still = await sharp({
      create: { width: 320, height: 320, channels: 3, background: '#a76' },
    })
      .png()
      .toBuffer();
    const imageUrl = await client.storage.upload(new Blob([still], { type: 'image/png' }));
    const speech = (await run(SPEECH, { prompt: 'A short line, said twice over.' })) as {
      audio: { url: string };
      duration_ms: number;
    };
    const output = (await run(AVATAR, { image_url: imageUrl, audio_url: speech.audio.url })) as {
      video: { url: string; content_type: string; file_size: number };
      duration: number;
    };
    expect(output.video.content_type).toBe('video/mp4');
    const clip = await fetchFile(output.video.url);
    expect(clip.length).toBe(output.video.file_size);
    const probe = await probeVideo(clip);
    expect(probe).toMatchObject({
      videoCodec: 'h264',
      width: 160,
      height: 160,
      hasAudio: true,
      audioCodecs: ['aac'],
    });
    expect(probe!.durationSeconds).toBeCloseTo(speech.duration_ms / 1000, 0);
    expect(output.duration).toBeCloseTo(probe!.durationSeconds, 1);
    await expect(
      run(AVATAR, { image_url: imageUrl, audio_url: `${fal.url}/files/none/speech.wav` }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('scripted failures apply to the talking video steps', async () => {
    for (const endpoint of [VOICE_CLONE, SPEECH, AVATAR]) {
      fal.script(endpoint, { polls: 1, result: 'error' });
      try {
        await expect(
          run(endpoint, { prompt: 'x', audio_url: 'x', image_url: 'x' }),
        ).rejects.toBeInstanceOf(ApiError);
      } finally {
        fal.script(endpoint, {});
      }
    }
  });
});

const KLING = 'fal-ai/kling-video/v2.5-turbo/standard/image-to-video';
const VOICE_CLONE = 'fal-ai/minimax/voice-clone';
const SPEECH = 'fal-ai/minimax/speech-2.8-hd';
const AVATAR = 'fal-ai/kling-video/ai-avatar/v2/standard';

/** The `data` chunk of a 16-bit mono WAV, as samples, and its sample rate. */
function wavSamples(wav: Buffer): { samples: Int16Array; rate: number } {
  expect(wav.subarray(0, 4).toString('latin1')).toBe('RIFF');
  let rate = 0;
  for (let at = 12; at + 8 <= wav.length;) {
    const id = wav.subarray(at, at + 4).toString('latin1');
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') rate = wav.readUInt32LE(at + 12);
    if (id === 'data') {
      const data = wav.subarray(at + 8, at + 8 + size);
      const samples = new Int16Array(data.length / 2);
      for (let index = 0; index < samples.length; index++)
        samples[index] = data.readInt16LE(index * 2);
      return { samples, rate };
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

/** The loudness (RMS) of each window of `seconds` through the WAV. */
function windowLevels(wav: Buffer, seconds: number): number[] {
  const { samples, rate } = wavSamples(wav);
  const size = Math.round(rate * seconds);
  const levels = [];
  for (let start = 0; start + size <= samples.length; start += size) {
    let sum = 0;
    for (let index = start; index < start + size; index++) sum += samples[index]! ** 2;
    levels.push(Math.sqrt(sum / size));
  }
  return levels;
}

/** A second of silence as a WAV: a recording, as far as the protocol is concerned. */
function silentWav(rate: number): Buffer {
  const data = Buffer.alloc(rate * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** Submits `input`, polls until fal says it is done, and reads the result (or its error). */
async function run(endpoint: string, input: Record<string, unknown>): Promise<unknown> {
  const { client } = connect();
  const { request_id: requestId } = await client.queue.submit(endpoint, { input: input as never });
  let status = await client.queue.status(endpoint, { requestId, logs: false });
  while (status.status !== 'COMPLETED')
    status = await client.queue.status(endpoint, { requestId, logs: false });
  return (await client.queue.result(endpoint, { requestId })).data;
}
