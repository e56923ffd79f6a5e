import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFal, type TFakeFal } from '../../../test/fakes/fal';
import type { TEngineOptions, TRunContext } from '../types';
import { createFalConnection } from './client';
import {
  createFalProductShotEngine,
  KONTEXT_MULTI_ENDPOINT,
  productShotPrompt,
} from './product-shot';

let fal: TFakeFal;
let face: Buffer;
let product: Buffer;
beforeAll(async () => {
  fal = await startFakeFal();
  face = await sharp({ create: { width: 64, height: 80, channels: 3, background: '#b97' } })
    .jpeg()
    .toBuffer();
  product = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#d22' } })
    .webp()
    .toBuffer();
});
afterAll(() => fal.close());

const engine = () =>
  createFalProductShotEngine(createFalConnection({ key: fal.apiKey, apiUrl: fal.url }), {
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
  over: Partial<TEngineOptions<'product-shot'>> = {},
): TEngineOptions<'product-shot'> => ({
  productId: '00000000-0000-4000-8000-000000000001',
  influencerId: '00000000-0000-4000-8000-000000000000',
  prompt: 'on a sunny terrace',
  aspectRatio: '4:5',
  seed: 9,
  persona: { name: 'Mara', triggerWord: null, loraKey: null },
  personaPhoto: face,
  product: { name: 'Glow Serum', description: 'A vitamin C serum in a red bottle. Vegan.' },
  ...over,
});

const uploads = () => fal.requests.filter((one) => one.path.endsWith('/storage/upload/initiate'));
const lastBody = () => fal.submits().at(-1)!.body as Record<string, unknown>;

describe('Product shots on fal', () => {
  it('names the persona and the product in the prompt', () => {
    expect(productShotPrompt(options().product, 'on a sunny terrace')).toMatch(
      /^The person from the first image presenting the Glow Serum \(A vitamin C serum in a red bottle\) from the second image, on a sunny terrace\. /,
    );
    const long = { name: 'Mug', description: `${'very '.repeat(60)}nice` };
    const prompt = productShotPrompt(long, 'at home');
    expect(prompt.length).toBeLessThan(360);
    expect(prompt).toContain('the Mug (very very');
    expect(productShotPrompt({ name: 'Mug', description: '' }, 'at home')).toContain(
      'the Mug from the second image',
    );
  });

  it('sends both photos to Kontext Multi; a 4:5 shot is Kontext’s 3:4 cropped', async () => {
    const image = await engine().run(product, options(), context());
    expect(fal.submits().at(-1)!.path).toBe(`/queue.fal.run/${KONTEXT_MULTI_ENDPOINT}`);
    expect(lastBody()).toMatchObject({
      prompt: productShotPrompt(options().product, 'on a sunny terrace'),
      aspect_ratio: '3:4',
      seed: 9,
      safety_tolerance: '2',
      output_format: 'jpeg',
      num_images: 1,
    });
    const [personaUrl, productUrl] = lastBody().image_urls as string[];
    expect(fal.file(personaUrl!)?.data.equals(face)).toBe(true);
    expect(fal.file(productUrl!)?.data.equals(product)).toBe(true);
    expect(fal.file(productUrl!)?.contentType).toBe('image/webp');
    // The fake draws 3:4 at 96 × 128.
    expect(image).toMatchObject({ width: 96, height: 120, contentType: 'image/jpeg', seed: 9 });
    expect(image.flagged).toBe(false);
    expect(image.appliedSafetyTolerance).toBe(2);
    const meta = await sharp(Buffer.from(image.data)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 96, 120]);
  });

  it('a ratio Kontext has is not cropped; a transparent product goes flat on white', async () => {
    const cutOut = await sharp({
      create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 200, alpha: 0 } },
    })
      .webp()
      .toBuffer();
    const image = await engine().run(cutOut, options({ aspectRatio: '9:16' }), context());
    expect([image.width, image.height, lastBody().aspect_ratio]).toEqual([72, 128, '9:16']);
    const sent = fal.file((lastBody().image_urls as string[])[1]!)!;
    const { channels, format } = await sharp(sent.data).metadata();
    const { dominant } = await sharp(sent.data).stats();
    expect([format, channels, sent.contentType]).toEqual(['png', 3, 'image/png']);
    expect(dominant).toEqual({ r: 248, g: 248, b: 248 });
  });

  it('an image fal flags is reported; a failed request rejects', async () => {
    fal.script(KONTEXT_MULTI_ENDPOINT, { nsfw: true });
    expect((await engine().run(product, options(), context())).flagged).toBe(true);
    fal.script(KONTEXT_MULTI_ENDPOINT, { failSeeds: [13] });
    await expect(engine().run(product, options({ seed: 13 }), context())).rejects.toThrow();
    fal.script(KONTEXT_MULTI_ENDPOINT, {});
  });

  it('a retry follows the request it saved: nothing submitted or uploaded again', async () => {
    const first = context();
    await engine().run(product, options(), first);
    const [submits, uploaded] = [fal.submits().length, uploads().length];
    const again = context(first.submitted[0]!);
    const image = await engine().run(product, options(), again);
    expect([image.width, image.height]).toEqual([96, 120]);
    expect(again.submitted).toHaveLength(0);
    expect([fal.submits().length, uploads().length]).toEqual([submits, uploaded]);
  });
});
