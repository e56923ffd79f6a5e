import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CREDIT_COSTS,
  speechSeconds,
  talkingVideoCredits,
  TALKING_TEXTS,
  VOICE_TEXTS,
  type TJob,
} from '@muse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBinary, withTempDir } from '../src/engines/local/video/ffmpeg';
import { startWorker } from '../src/modules/jobs/worker';
import { buyPlan, registerAccount, type TTestAccount } from './accounts';
import { createTestApp, type TTestContext } from './app';
import { credits, finished, gallery, trainedPersona } from './creations';
import { createTestEngines } from './engines';
import { startFakeFal, type TFakeFal, type TFakeFalRequest } from './fakes/fal';
import { multipartForm } from './images';
import { freePort } from './ports';

const silent = { info: () => {}, error: () => {} };

const CLONE = 'fal-ai/minimax/voice-clone';
const SPEECH = 'fal-ai/minimax/speech-2.8-hd';
const AVATAR = 'fal-ai/kling-video/ai-avatar/v2/standard';

let fal: TFakeFal;
let offline: TTestContext;
let hosted: TTestContext;
const workers: { stop: () => Promise<void> }[] = [];

beforeAll(async () => {
  fal = await startFakeFal();
  offline = await createTestApp({}, undefined, { engines: createTestEngines().engines });
  const port = await freePort();
  hosted = await createTestApp({
    ENGINE_TALKING_VIDEO: 'fal',
    FAL_KEY: fal.apiKey,
    FAL_API_URL: fal.url,
    FAL_WEBHOOKS: 'true',
    FAL_POLL_INTERVAL_MS: '100',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  await hosted.app.listen({ port, host: '127.0.0.1' });
  for (const context of [offline, hosted])
    workers.push(
      await startWorker({
        db: context.database.db,
        pool: context.database.pool,
        deps: context.app.services,
        concurrency: 2,
        log: silent,
      }),
    );
}, 120_000);
afterAll(async () => {
  await Promise.all(workers.map((worker) => worker.stop()));
  await fal.close();
});

async function account(context: TTestContext, plan: 'builder' | 'launch' | null = 'launch') {
  const created = await registerAccount(context.app);
  if (plan) await buyPlan(context.app, created, plan);
  return created;
}

/**
 * A WAV made with the shipped ffmpeg: `seconds` of a tone whose loudness rises and falls three
 * times a second, like speech does (or, with `silentAfter`, silence from then on).
 */
async function wav(seconds: number, options: { silent?: boolean } = {}): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const file = path.join(dir, 'sound.wav');
    const volume = options.silent ? 'volume=0' : "volume='0.2+0.6*abs(sin(3*PI*t))':eval=frame";
    await runBinary('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', `sine=f=220:d=${seconds}:sample_rate=22050`],
      ...['-af', volume, '-ac', '1', '-y', file],
    ]);
    return readFile(file);
  });
}

type TFile = { field: string; name: string; type: string; data: Buffer };

function startTalking(
  context: TTestContext,
  owner: TTestAccount,
  fields: Record<string, string>,
  files: TFile[] = [],
) {
  return context.app.inject({
    method: 'POST',
    url: '/api/jobs',
    headers: owner.headers,
    payload: multipartForm({ tool: 'talking-video', reference: 'true', ...fields }, files),
  });
}

async function talked(context: TTestContext, owner: TTestAccount, fields: Record<string, string>) {
  const answer = await startTalking(context, owner, fields);
  expect(answer.statusCode, answer.body).toBe(201);
  const job: TJob = answer.json().job;
  return (await finished(context, owner, [job.id]))[0]!;
}

const submitsTo = (endpoint: string): TFakeFalRequest[] =>
  fal.submits().filter((request) => request.path.endsWith(endpoint));

const SCRIPT = 'Hi everyone, it is Mara. Today I am trying three looks for a rainy city weekend.';

async function cloneFromRecording(context: TTestContext, owner: TTestAccount, id: string) {
  const answer = await context.app.inject({
    method: 'POST',
    url: `/api/influencers/${id}/voice/recording`,
    headers: owner.headers,
    payload: multipartForm({ statement: 'self' }, [
      { field: 'recording', name: 'me.wav', type: 'audio/wav', data: await wav(32) },
    ]),
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().voice;
}

describe('hosted talking videos', { timeout: 120_000 }, () => {
  it('a script becomes speech in the persona’s voice, then a video of it; both steps are paid for', async () => {
    const owner = await account(hosted);
    const persona = await trainedPersona(hosted, owner);
    const chosen = await hosted.app.inject({
      method: 'PUT',
      url: `/api/influencers/${persona}/voice`,
      headers: owner.headers,
      payload: { stockVoice: 'cole' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const before = await credits(hosted, owner);
    const speechBefore = submitsTo(SPEECH).length;

    const job = await talked(hosted, owner, { influencerId: persona, script: SCRIPT });
    expect(job.status, job.failureReason ?? '').toBe('succeeded');
    const expected = talkingVideoCredits(speechSeconds(SCRIPT), true);
    expect(expected).toBe(
      Math.ceil(speechSeconds(SCRIPT)) * (CREDIT_COSTS.speech + CREDIT_COSTS.talkingVideo),
    );
    expect(await credits(hosted, owner)).toBe(before - expected);

    // The script was spoken, then that speech was given to the avatar model with the picture.
    const speech = submitsTo(SPEECH).slice(speechBefore);
    expect(speech).toHaveLength(1);
    const asked = speech[0]!.body as { prompt: string; voice_setting?: { voice_id?: string } };
    expect(asked.prompt).toBe(SCRIPT);
    const coleVoice = asked.voice_setting?.voice_id;
    expect(coleVoice).toBeTruthy();
    const avatar = submitsTo(AVATAR).at(-1)!.body as { image_url: string; audio_url: string };
    expect(avatar.image_url).toMatch(/^http/);
    expect(avatar.audio_url).toMatch(/^http/);

    const item = (await gallery(hosted, owner, '?kind=video')).items[0]!;
    expect(item).toMatchObject({ kind: 'video', tool: 'talking-video', influencerId: persona });
    // The video is as long as the speech the fake made (about the script's estimate).
    expect(item.durationSeconds).toBeGreaterThan(speechSeconds(SCRIPT) * 0.6);

    // Another stock voice speaks with another of the service's voices.
    await hosted.app.inject({
      method: 'PUT',
      url: `/api/influencers/${persona}/voice`,
      headers: owner.headers,
      payload: { stockVoice: 'aria' },
    });
    await talked(hosted, owner, { influencerId: persona, script: 'Short and sweet.' });
    const aria = submitsTo(SPEECH).at(-1)!.body as { voice_setting?: { voice_id?: string } };
    expect(aria.voice_setting?.voice_id).not.toBe(coleVoice);
  });

  it('when the video step fails, both steps are refunded and nothing reaches the gallery', async () => {
    const owner = await account(hosted);
    const persona = await trainedPersona(hosted, owner);
    const before = await credits(hosted, owner);
    fal.script(AVATAR, { result: 'error' });
    try {
      const job = await talked(hosted, owner, { influencerId: persona, script: SCRIPT });
      expect(job.status).toBe('failed');
    } finally {
      fal.script(AVATAR, {});
    }
    expect(await credits(hosted, owner)).toBe(before);
    expect((await gallery(hosted, owner, '?kind=video')).items).toHaveLength(0);
    const history = await hosted.app.inject({
      method: 'GET',
      url: '/api/credits/history',
      headers: owner.headers,
    });
    const entries = history.json().entries as { amount: number; description: string }[];
    const spent = entries.find(
      (entry) => entry.amount < 0 && /Talking Video/.test(entry.description),
    );
    const refunded = entries.find((entry) => entry.amount > 0 && /Refund/.test(entry.description));
    expect(spent?.amount).toBe(-talkingVideoCredits(speechSeconds(SCRIPT), true));
    expect(refunded?.amount).toBe(talkingVideoCredits(speechSeconds(SCRIPT), true));
  });

  it('a cloned voice is made once and reused by the next videos', async () => {
    const owner = await account(hosted);
    const persona = await trainedPersona(hosted, owner);
    const voice = await cloneFromRecording(hosted, owner, persona);
    expect(voice).toMatchObject({
      kind: 'cloned',
      recording: { statement: 'self', check: 'stated' },
    });
    const clonesBefore = submitsTo(CLONE).length;

    const first = await talked(hosted, owner, { influencerId: persona, script: 'First take.' });
    expect(first.status, first.failureReason ?? '').toBe('succeeded');
    const second = await talked(hosted, owner, { influencerId: persona, script: 'Second take.' });
    expect(second.status, second.failureReason ?? '').toBe('succeeded');

    expect(submitsTo(CLONE).length - clonesBefore).toBe(1);
    const [firstSpeech, secondSpeech] = submitsTo(SPEECH)
      .slice(-2)
      .map((request) => (request.body as { voice_setting?: { voice_id?: string } }).voice_setting);
    expect(firstSpeech?.voice_id).toMatch(/\S/);
    expect(secondSpeech?.voice_id).toBe(firstSpeech?.voice_id);

    // A new recording is a new voice: the next video clones it again.
    await cloneFromRecording(hosted, owner, persona);
    await talked(hosted, owner, { influencerId: persona, script: 'Third take.' });
    expect(submitsTo(CLONE).length - clonesBefore).toBe(2);
  });

  it('the creator’s own audio is said as it is: no speech step, only the video is paid for', async () => {
    const owner = await account(hosted);
    const persona = await trainedPersona(hosted, owner);
    const before = await credits(hosted, owner);
    const speechBefore = submitsTo(SPEECH).length;
    const answer = await startTalking(hosted, owner, { influencerId: persona }, [
      { field: 'audio', name: 'take.wav', type: 'audio/wav', data: await wav(3.2) },
    ]);
    expect(answer.statusCode, answer.body).toBe(201);
    const [job] = await finished(hosted, owner, [answer.json().job.id]);
    expect(job!.status, job!.failureReason ?? '').toBe('succeeded');
    expect(submitsTo(SPEECH).length).toBe(speechBefore);
    expect(await credits(hosted, owner)).toBe(before - 4 * CREDIT_COSTS.talkingVideo);
    const item = (await gallery(hosted, owner, '?kind=video')).items[0]!;
    expect(item.durationSeconds).toBeCloseTo(3.2, 0);
  });
});

describe('what is refused before anything is spent', { timeout: 60_000 }, () => {
  it('FREE and Builder have no talking videos', async () => {
    for (const plan of [null, 'builder'] as const) {
      const owner = await account(offline, plan);
      const answer = await startTalking(offline, owner, {
        influencerId: '00000000-0000-4000-8000-000000000000',
        script: 'Hello',
      });
      expect(answer.statusCode).toBe(403);
    }
  });

  it('a script or audio is needed; captions need the script; audio is judged by its content', async () => {
    const owner = await account(offline);
    const persona = await trainedPersona(offline, owner);
    const refusal = async (fields: Record<string, string>, files: TFile[] = []) => {
      const answer = await startTalking(
        offline,
        owner,
        { influencerId: persona, ...fields },
        files,
      );
      expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(400);
      return answer.json().error as string;
    };
    expect(await refusal({ script: '   ' })).toBe(TALKING_TEXTS.scriptOrAudio);
    const audio = { field: 'audio', name: 'a.wav', type: 'audio/wav', data: await wav(2) };
    expect(await refusal({ captions: 'true' }, [audio])).toBe(TALKING_TEXTS.captionsNeedScript);
    const fake = { ...audio, data: Buffer.from('RIFF0000WAVEnot really a recording at all') };
    expect(await refusal({}, [fake])).toBe(VOICE_TEXTS.notAudio);
    const quiet = { ...audio, data: await wav(2, { silent: true }) };
    expect(await refusal({}, [quiet])).toBe(TALKING_TEXTS.audioSilent);
    expect(await refusal({}, [{ ...audio, data: await wav(61) }])).toBe(
      TALKING_TEXTS.audioTooLong(61),
    );
    // Nothing was queued for any of them (the persona's training is its one job).
    const jobs = await offline.app.inject({
      method: 'GET',
      url: '/api/jobs',
      headers: owner.headers,
    });
    expect((jobs.json().jobs as TJob[]).filter((job) => job.tool === 'talking-video')).toEqual([]);
  });

  it('an offline preview is free and lands in the gallery', async () => {
    const owner = await account(offline);
    const persona = await trainedPersona(offline, owner);
    const before = await credits(offline, owner);
    const job = await talked(offline, owner, { influencerId: persona, script: 'Hello there.' });
    expect(job.status, job.failureReason ?? '').toBe('succeeded');
    expect(job.cost).toBe(0);
    expect(await credits(offline, owner)).toBe(before);
    const item = (await gallery(offline, owner, '?kind=video')).items[0]!;
    expect(item).toMatchObject({ kind: 'video', identityScore: null });
  });
});

describe('a persona’s voice', { timeout: 60_000 }, () => {
  it('a stock voice has a sample spoken offline; a cloned one plays the start of its recording', async () => {
    const owner = await account(offline);
    const persona = await trainedPersona(offline, owner);
    const initial = await offline.app.inject({
      method: 'GET',
      url: `/api/influencers/${persona}/voice`,
      headers: owner.headers,
    });
    expect(initial.json().voice).toMatchObject({
      kind: 'stock',
      stockVoice: 'aria',
      hasSample: true,
    });
    // Before a voice is chosen, 'Hear' speaks the default one.
    const first = await offline.app.inject({
      method: 'GET',
      url: `/api/influencers/${persona}/voice/sample`,
      headers: owner.headers,
    });
    expect(first.statusCode).toBe(200);
    expect(first.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');

    const chosen = await offline.app.inject({
      method: 'PUT',
      url: `/api/influencers/${persona}/voice`,
      headers: owner.headers,
      payload: { stockVoice: 'reed' },
    });
    expect(chosen.json().voice).toMatchObject({
      stockVoice: 'reed',
      hasSample: true,
      sampleIsPreview: true,
    });
    const sample = await offline.app.inject({
      method: 'GET',
      url: `/api/influencers/${persona}/voice/sample`,
      headers: owner.headers,
    });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers['content-type']).toBe('audio/wav');
    expect(sample.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(sample.rawPayload.length).toBeGreaterThan(16_000);

    const voice = await cloneFromRecording(offline, owner, persona);
    expect(voice).toMatchObject({ kind: 'cloned', stockVoice: 'reed', sampleIsPreview: false });
    expect(voice.recording.seconds).toBeCloseTo(32, 0);
    const clip = await offline.app.inject({
      method: 'GET',
      url: `/api/influencers/${persona}/voice/sample`,
      headers: owner.headers,
    });
    // Twelve seconds at 24 kHz, 16-bit mono, and its header.
    expect(clip.rawPayload.length).toBe(44 + 12 * 24_000 * 2);

    // Another workspace cannot read it.
    const stranger = await account(offline);
    const theirs = await offline.app.inject({
      method: 'GET',
      url: `/api/influencers/${persona}/voice/sample`,
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(404);

    const removed = await offline.app.inject({
      method: 'DELETE',
      url: `/api/influencers/${persona}/voice`,
      headers: owner.headers,
    });
    expect(removed.json().voice).toMatchObject({
      kind: 'stock',
      stockVoice: 'aria',
      hasSample: true,
    });
  });

  it('a deleted persona takes its voice’s recording and sample with it', async () => {
    const owner = await account(offline);
    const persona = await trainedPersona(offline, owner);
    await cloneFromRecording(offline, owner, persona);
    const folder = `users/${owner.userId}/influencers/${persona}/voice/`;
    const storage = offline.app.services.storage;
    expect((await storage.list(folder)).length).toBe(2);
    const deleted = await offline.app.inject({
      method: 'DELETE',
      url: `/api/influencers/${persona}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await storage.list(folder)).toEqual([]);
  });

  it('a recording must be 30 seconds to 3 minutes of sound, and say whose voice it is', async () => {
    const owner = await account(offline);
    const persona = await trainedPersona(offline, owner);
    const send = async (fields: Record<string, string>, data?: Buffer) => {
      const answer = await offline.app.inject({
        method: 'POST',
        url: `/api/influencers/${persona}/voice/recording`,
        headers: owner.headers,
        payload: multipartForm(
          fields,
          data ? [{ field: 'recording', name: 'me.wav', type: 'audio/wav', data }] : [],
        ),
      });
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().error as string;
    };
    expect(await send({ statement: 'self' })).toBe(VOICE_TEXTS.recordingRequired);
    expect(await send({ statement: 'self' }, await wav(12))).toBe(
      VOICE_TEXTS.recordingTooShort(12),
    );
    expect(await send({}, await wav(31))).toBe('Say whose voice this recording is');
    expect(await send({ statement: 'consent' }, await wav(31))).toBe(VOICE_TEXTS.documentNeeded);
    expect(await send({ statement: 'self' }, await wav(31, { silent: true }))).toBe(
      VOICE_TEXTS.recordingSilent,
    );
    const voice = await offline.app.inject({
      method: 'GET',
      url: `/api/influencers/${persona}/voice`,
      headers: owner.headers,
    });
    expect(voice.json().voice.kind).toBe('stock');
  });
});
