import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GENERATE_ASPECT_RATIOS } from '@muse/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../lib/paths';
import { identityScore } from '../../modules/personas/checks';
import type { TEngineOptions } from '../types';
import { faceEmbeddings } from './face-check';
import { GENERATE_SIZES } from './generate';
import { createLocalProductShotEngine, cutOutProduct, productSpot } from './product-shot';
import { seededRandom } from './scene';

const FIXTURES = path.join(SERVER_ROOT, 'test/fixtures/photos/persona');
const photo = (name: string) => readFileSync(path.join(FIXTURES, name));
const engine = createLocalProductShotEngine();
const context = { onProgress: () => {} };

/** A product on a plain backdrop: a rounded bottle with a white label, and a cap. */
function productPhoto(colour: string, background = '#f6f6f4'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500"><defs><linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fafafa"/><stop offset="1" stop-color="#bcbcbc"/></linearGradient></defs><rect width="400" height="500" fill="${background}"/><rect x="180" y="60" width="40" height="50" fill="#222"/><rect x="120" y="100" width="160" height="320" rx="30" fill="${colour}"/><rect x="140" y="220" width="120" height="80" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 90 }).toBuffer();
}

/** A photo with no plain background: blocks of saturated magenta and cyan, at random. */
function busyPhoto(): Promise<Buffer> {
  const random = seededRandom(7);
  const blocks = Array.from({ length: 80 }, (_, i) => {
    const fill = random() < 0.5 ? '#e01ad0' : '#10c8e0';
    return `<rect x="${(i % 10) * 40}" y="${Math.floor(i / 10) * 40}" width="40" height="40" fill="${fill}" opacity="${0.6 + random() * 0.4}"/>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="320">${blocks.join('')}</svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#fff' }).webp().toBuffer();
}

const options = (
  over: Partial<TEngineOptions<'product-shot'>> = {},
): TEngineOptions<'product-shot'> => ({
  productId: '00000000-0000-4000-8000-000000000001',
  influencerId: '00000000-0000-4000-8000-000000000000',
  prompt: 'in a bright studio',
  aspectRatio: '4:5',
  seed: 4,
  persona: { name: 'Mara', triggerWord: null, loraKey: null },
  personaPhoto: photo('same-person-08.jpg'),
  product: { name: 'Glow Serum', description: '' },
  ...over,
});

/** The share of the image's pixels that `matches` accepts. */
async function share(image: Uint8Array, matches: (r: number, g: number, b: number) => boolean) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let p = 0; p < data.length; p += info.channels)
    if (matches(data[p]!, data[p + 1]!, data[p + 2]!)) count += 1;
  return count / (info.width * info.height);
}
const green = (r: number, g: number, b: number) => g > 140 && r < 90 && b < 110;
const magenta = (r: number, g: number, b: number) => r > 150 && b > 140 && g < 90;

describe('cutting out a product', () => {
  it('cuts a product out of a plain background, its label kept', async () => {
    const cut = await cutOutProduct(await productPhoto('#12b83a'));
    expect(cut.kind).toBe('cut-out');
    // The bottle and its cap span 160 × 360 px of the photo.
    expect(Math.abs(cut.width - 160)).toBeLessThanOrEqual(6);
    expect(Math.abs(cut.height - 360)).toBeLessThanOrEqual(6);
    const alphaAt = (x: number, y: number) => cut.rgba[(y * cut.width + x) * 4 + 3]!;
    // The white label is part of the product; the white corners beside the cap are not.
    expect(alphaAt(Math.round(cut.width / 2), Math.round(cut.height * 0.5))).toBe(255);
    expect(alphaAt(3, 3)).toBe(0);
  });

  it('takes a studio sweep from white to grey for background too', async () => {
    const cut = await cutOutProduct(await productPhoto('#1238b8', 'url(#sweep)'));
    expect(cut.kind).toBe('cut-out');
    expect(Math.abs(cut.height - 360)).toBeLessThanOrEqual(6);
  });

  it('keeps the photo’s own transparency', async () => {
    const transparent = await sharp({
      create: { width: 300, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: await sharp(await productPhoto('#d21'))
            .extract({ left: 100, top: 40, width: 200, height: 400 })
            .resize(100, 200)
            .png()
            .toBuffer(),
          left: 100,
          top: 50,
        },
      ])
      .webp({ lossless: true })
      .toBuffer();
    const cut = await cutOutProduct(transparent);
    expect([cut.kind, cut.width, cut.height]).toEqual(['cut-out', 100, 200]);
  });

  it('shows a photo it cannot cut out as a card: busy, filled by the product, or nearly empty', async () => {
    expect((await cutOutProduct(await busyPhoto())).kind).toBe('card');
    const filled = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#fff' },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 290, height: 290, channels: 3, background: '#2a4' },
          })
            .png()
            .toBuffer(),
          left: 5,
          top: 5,
        },
      ])
      .webp()
      .toBuffer();
    expect((await cutOutProduct(filled)).kind).toBe('card');
    const speck = await sharp({
      create: { width: 300, height: 300, channels: 3, background: '#fff' },
    })
      .composite([
        {
          input: await sharp({ create: { width: 30, height: 30, channels: 3, background: '#2a4' } })
            .png()
            .toBuffer(),
          left: 135,
          top: 135,
        },
      ])
      .webp()
      .toBuffer();
    expect((await cutOutProduct(speck)).kind).toBe('card');
  });
});

describe('where the product is held', () => {
  const frame = { width: 816, height: 1024, seed: 1 };
  const face = { left: 250, top: 200, width: 180, height: 220 };

  it('at chest height, beside the face, on the side with more room, inside the frame', () => {
    const spot = productSpot({ width: 100, height: 200 }, face, frame);
    expect(spot.top).toBeGreaterThan(face.top + face.height);
    expect(spot.left).toBeGreaterThan(face.left + face.width / 2);
    expect(spot.height).toBeCloseTo(face.height * 1.35, 0);
    expect(spot.left + spot.width).toBeLessThanOrEqual(frame.width);
    const mirrored = productSpot({ width: 100, height: 200 }, { ...face, left: 816 - 430 }, frame);
    expect(mirrored.left + mirrored.width).toBeLessThan(816 - 430 + 90);
  });

  it('never larger than 42 % of the frame’s shorter side, however close the face', () => {
    const spot = productSpot({ width: 300, height: 100 }, { ...face, height: 900 }, frame);
    expect(spot.width).toBeCloseTo(0.42 * 816, 0);
    expect(spot.top + spot.height).toBeLessThanOrEqual(frame.height);
  });
});

describe('the offline product shot', () => {
  let references: number[][];
  beforeAll(async () => {
    references = [];
    for (const name of ['06', '07', '09'])
      references.push(...(await faceEmbeddings(photo(`same-person-${name}.jpg`))).slice(0, 1));
  });

  it(
    'shows the persona and the product at every aspect ratio, as JPEG',
    { timeout: 60_000 },
    async () => {
      const product = await productPhoto('#12b83a');
      for (const { value: aspectRatio } of GENERATE_ASPECT_RATIOS) {
        const image = await engine.run(product, options({ aspectRatio }), context);
        const [width, height] = GENERATE_SIZES[aspectRatio];
        const meta = await sharp(Buffer.from(image.data)).metadata();
        expect([meta.width, meta.height, meta.format]).toEqual([width, height, 'jpeg']);
        expect([image.width, image.height, image.contentType]).toEqual([
          width,
          height,
          'image/jpeg',
        ]);
        // The bottle is about a face and a third tall: a few per cent of the frame.
        expect(await share(image.data, green), aspectRatio).toBeGreaterThan(0.015);
        const faces = await faceEmbeddings(Buffer.from(image.data));
        expect(identityScore(faces, references), aspectRatio).toBeGreaterThanOrEqual(70);
      }
    },
  );

  it('shows a busy product photo as a card; the same seed gives the same shot', async () => {
    const busy = await busyPhoto();
    const image = await engine.run(busy, options({ aspectRatio: '9:16' }), context);
    expect(await share(image.data, magenta)).toBeGreaterThan(0.01);
    const again = await engine.run(busy, options({ aspectRatio: '9:16' }), context);
    expect(Buffer.from(again.data).equals(Buffer.from(image.data))).toBe(true);
    expect(image.seed).toBe(4);
  });
});
