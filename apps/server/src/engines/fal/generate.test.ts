import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFal, type TFakeFal } from '../../../test/fakes/fal';
import { createLocalStorage, type TStorage } from '../../lib/storage';
import type { TEngineOptions, TRunContext } from '../types';
import { createFalConnection } from './client';
import { kontextRatio } from './edit';
import { createFalGenerateEngine, falPrompt } from './generate';

let fal: TFakeFal;
let storage: TStorage;
let folder: string;
let reference: Buffer;
beforeAll(async () => {
  fal = await startFakeFal();
  folder = await mkdtemp(path.join(os.tmpdir(), 'muse-fal-generate-'));
  storage = createLocalStorage(folder);
  await storage.put('users/u/influencers/i/lora.safetensors', Buffer.from('lora weights'));
  reference = await sharp({ create: { width: 64, height: 80, channels: 3, background: '#b97' } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await fal.close();
  await rm(folder, { recursive: true, force: true });
});

const engine = () =>
  createFalGenerateEngine(createFalConnection({ key: fal.apiKey, apiUrl: fal.url }), {
    storage,
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

const options = (
  persona: TEngineOptions<'generate-image'>['persona'],
): TEngineOptions<'generate-image'> => ({
  influencerId: persona ? '00000000-0000-4000-8000-000000000000' : null,
  prompt: 'on a rooftop at night',
  style: 'cinematic',
  aspectRatio: '9:16',
  seed: 42,
  persona,
});

describe('Generate on fal', () => {
  it('a trained persona: its LoRA (uploaded once) and its trigger word lead', async () => {
    const generator = engine();
    const persona = {
      name: 'Mara',
      triggerWord: 'msk7pq3',
      loraKey: 'users/u/influencers/i/lora.safetensors',
    };
    const before = fal.requests.length;
    for (let i = 0; i < 2; i += 1) {
      const image = await generator.run(reference, options(persona), context());
      expect([image.width, image.height, image.seed, image.flagged]).toEqual([
        576,
        1024,
        42,
        false,
      ]);
    }
    const seen = fal.requests.slice(before);
    expect(seen.filter((one) => one.path.endsWith('/storage/upload/initiate'))).toHaveLength(1);
    const submits = seen.filter((one) => one.path === '/queue.fal.run/fal-ai/flux-lora');
    expect(submits).toHaveLength(2);
    expect(submits[0]!.body).toMatchObject({
      prompt: falPrompt('on a rooftop at night', 'cinematic', persona),
      image_size: { width: 576, height: 1024 },
      seed: 42,
      num_images: 1,
      enable_safety_checker: true,
    });
    expect(String((submits[0]!.body as { prompt: string }).prompt)).toMatch(
      /^msk7pq3, on a rooftop/,
    );
    const lora = (submits[0]!.body as { loras: { path: string }[] }).loras[0]!.path;
    expect(fal.file(lora)?.data.toString()).toBe('lora weights');
  });

  it('a persona without a LoRA: its reference photo, through PuLID', async () => {
    const image = await engine().run(
      reference,
      options({ name: 'Mara', triggerWord: null, loraKey: null }),
      context(),
    );
    expect(image.contentType).toBe('image/jpeg');
    const submit = fal.submits().at(-1)!;
    expect(submit.path).toBe('/queue.fal.run/fal-ai/flux-pulid');
    const url = String((submit.body as { reference_image_url: string }).reference_image_url);
    expect(fal.file(url)?.data.equals(reference)).toBe(true);
  });

  it('a retry follows the request it saved, never submitting again', async () => {
    const first = context();
    await engine().run(Buffer.alloc(0), options(null), first);
    expect(first.submitted).toHaveLength(1);
    const submits = fal.submits().length;
    const again = context(first.submitted[0]!);
    const image = await engine().run(Buffer.alloc(0), options(null), again);
    expect(image.width).toBe(576);
    expect(again.submitted).toHaveLength(0);
    expect(fal.submits()).toHaveLength(submits);
  });

  it('an image fal flags is reported; a failed request rejects', async () => {
    fal.script('fal-ai/flux/dev', { nsfw: true });
    expect((await engine().run(Buffer.alloc(0), options(null), context())).flagged).toBe(true);
    fal.script('fal-ai/flux/dev', { result: 'error' });
    await expect(engine().run(Buffer.alloc(0), options(null), context())).rejects.toThrow();
    fal.script('fal-ai/flux/dev', {});
  });

  it("Kontext's ratio nearest to the input's own", () => {
    expect(kontextRatio('match', 1000, 1000)).toBe('1:1');
    expect(kontextRatio('match', 1080, 1920)).toBe('9:16');
    expect(kontextRatio('match', 1200, 900)).toBe('4:3');
    expect(kontextRatio('3:4', 10, 10)).toBe('3:4');
  });
});
