import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFal, type TFakeFal } from '../../../test/fakes/fal';
import { createLocalTrainingEngine } from '../local/train-persona';
import type { TTrainingInput } from '../training';
import { createFalConnection } from './client';
import { renderPersonaPortraits } from './render-portraits';
import { createFalTrainingEngine, progressFromLog } from './train-persona';

let fal: TFakeFal;
let zip: Buffer;
beforeAll(async () => {
  fal = await startFakeFal();
  const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#a86' } })
    .jpeg()
    .toBuffer();
  zip = Buffer.from(zipSync({ 'photo-01.jpg': photo, 'photo-02.jpg': photo }, { level: 0 }));
});
afterAll(() => fal.close());

const LOGS = ['Preprocessing 2 images', 'Training step 250/1000', 'Training step 750/1000'];
const engine = () =>
  createFalTrainingEngine(createFalConnection({ key: fal.apiKey, apiUrl: fal.url }), {
    pollIntervalMs: 5,
  });
const input = (requestId: string | null = null): TTrainingInput => ({
  zip,
  photoCount: 2,
  triggerWord: 'msk7pq3',
  requestId,
});

function context() {
  const progress: { percent: number; stage: string }[] = [];
  const submitted: string[] = [];
  return {
    progress,
    submitted,
    onProgress: (percent: number, stage: string) => progress.push({ percent, stage }),
    onSubmitted: async (id: string) => {
      submitted.push(id);
    },
  };
}

describe('fal training engine, against the fake with the real client', () => {
  it('reads progress from the trainer’s logs', () => {
    expect(progressFromLog('Training step 500/1000')).toEqual({
      percent: 50,
      stage: 'Training: step 500 of 1000',
    });
    expect(progressFromLog('42% done')?.stage).toBe('Training: 42%');
    expect(progressFromLog('Loading the model')).toBeNull();
  });

  it('uploads the zip, trains, reports the steps and brings the LoRA back', async () => {
    fal.script('fal-ai/flux-lora-fast-training', { polls: 5, logs: LOGS });
    const run = context();
    const result = await engine().run(input(), run);
    const [submit] = fal.submits().slice(-1);
    expect(submit!.body).toMatchObject({
      trigger_word: 'msk7pq3',
      steps: 1000,
      create_masks: true,
    });
    const uploaded = fal.file(
      String((submit!.body as { images_data_url: string }).images_data_url),
    );
    expect(uploaded?.data).toEqual(zip);
    expect(run.submitted).toHaveLength(1);
    expect(result.lora!.data.readBigUInt64LE(0)).toBeGreaterThan(0n);
    const percents = run.progress.map((one) => one.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(run.progress.map((one) => one.stage)).toContain('Training: step 750 of 1000');
    expect(run.progress.at(-1)).toEqual({ percent: 100, stage: 'Trained' });
  });

  it('follows an earlier attempt’s request instead of paying for another', async () => {
    fal.script('fal-ai/flux-lora-fast-training', { polls: 3, logs: LOGS });
    const first = context();
    // An attempt that dies once its request is accepted.
    const abort = new AbortController();
    const dying = engine().run(input(), {
      ...first,
      signal: abort.signal,
      onSubmitted: async (id) => {
        first.submitted.push(id);
        abort.abort(new Error('worker stopped'));
      },
    });
    await expect(dying).rejects.toThrow('worker stopped');
    const before = fal.submits().length;
    const retry = context();
    const result = await engine().run(input(first.submitted[0]!), retry);
    expect(fal.submits()).toHaveLength(before);
    expect(retry.submitted).toEqual([]);
    expect(result.lora).not.toBeNull();
  });

  it('fails when fal fails, and returns nothing', async () => {
    fal.script('fal-ai/flux-lora-fast-training', { polls: 2, result: 'error' });
    await expect(engine().run(input(), context())).rejects.toThrow();
  });

  it('the offline engine trains nothing and says so', async () => {
    const run = context();
    expect(await createLocalTrainingEngine().run(input(), run)).toEqual({ lora: null });
    expect(run.progress).toEqual([
      { percent: 100, stage: 'Reference set of 2 photos ready (offline: nothing is trained)' },
    ]);
  });
});

describe('marketplace portraits rendered on fal', () => {
  it('renders five photographs of one persona: one seed, one description', async () => {
    fal.script('fal-ai/flux/dev', { polls: 1 });
    const before = fal.submits().length;
    const photos = await renderPersonaPortraits(
      createFalConnection({ key: fal.apiKey, apiUrl: fal.url }),
      {
        name: 'Sienna Vale',
        age: 24,
        hair: 'Auburn',
        body: 'Slim',
        ethnicity: 'Irish',
        about: null,
      },
      { pollIntervalMs: 5 },
    );
    expect(photos).toHaveLength(5);
    for (const photo of photos) expect((await sharp(photo).metadata()).format).toBe('jpeg');
    const bodies = fal
      .submits()
      .slice(before)
      .map((one) => one.body as { prompt: string; seed: number });
    expect(new Set(bodies.map((body) => body.seed)).size).toBe(1);
    const shared = bodies.map((body) => body.prompt.split(', head and')[0]!.slice(0, 60));
    expect(new Set(shared).size).toBe(1);
    expect(bodies[0]!.prompt).toContain('24-year-old Irish woman with auburn hair');
  });
});
