import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GENERATE_ASPECT_RATIOS, type TGenerateOptions } from '@muse/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../lib/paths';
import { identityScore } from '../../modules/personas/checks';
import { faceEmbeddings } from './face-check';
import type { TPersonaRef } from '../types';
import { createLocalGenerateEngine, GENERATE_SIZES } from './generate';

const FIXTURES = path.join(SERVER_ROOT, 'test/fixtures/photos/persona');
const photo = (name: string) => readFileSync(path.join(FIXTURES, name));
const engine = createLocalGenerateEngine();
const context = { onProgress: () => {} };
const options = (over: Partial<TGenerateOptions & { persona: TPersonaRef | null }> = {}) => ({
  influencerId: null,
  prompt: 'on a beach at sunset',
  style: 'photo' as const,
  aspectRatio: '4:5' as const,
  seed: 11,
  persona: { name: 'Mara', triggerWord: null, loraKey: null },
  ...over,
});

/** Mean colour of the image's top fifth: the scene, above the persona. */
async function skyColour(image: Buffer) {
  const { width, height } = await sharp(image).metadata();
  const stats = await sharp(image)
    .extract({ left: 0, top: 0, width: width!, height: Math.round(height! / 5) })
    .stats();
  return stats.channels.slice(0, 3).map((channel) => channel.mean);
}

describe('the offline Generate engine', () => {
  let references: number[][];
  beforeAll(async () => {
    references = [];
    for (const name of ['02', '03', '04', '05', '06'])
      references.push(...(await faceEmbeddings(photo(`same-person-${name}.jpg`))).slice(0, 1));
  }, 60_000);

  it(
    'draws the persona at every aspect ratio, so like the persona that it scores high',
    { timeout: 120_000 },
    async () => {
      for (const { value: aspectRatio } of GENERATE_ASPECT_RATIOS) {
        const image = await engine.run(
          photo('same-person-01.jpg'),
          options({ aspectRatio }),
          context,
        );
        const [width, height] = GENERATE_SIZES[aspectRatio];
        const meta = await sharp(Buffer.from(image.data)).metadata();
        expect([meta.width, meta.height, meta.format]).toEqual([width, height, 'jpeg']);
        expect(Math.max(width, height)).toBe(1024);
        const [w, h] = aspectRatio.split(':').map(Number) as [number, number];
        expect(width / height).toBeCloseTo(w / h, 1);
        const faces = await faceEmbeddings(Buffer.from(image.data));
        expect(faces.length, aspectRatio).toBeGreaterThan(0);
        expect(identityScore(faces, references), aspectRatio).toBeGreaterThanOrEqual(70);
      }
    },
  );

  it('paints a different scene for different words, the same one for the same seed', async () => {
    const reference = photo('same-person-06.jpg');
    const beach = Buffer.from((await engine.run(reference, options(), context)).data);
    const again = Buffer.from((await engine.run(reference, options(), context)).data);
    const city = Buffer.from(
      (await engine.run(reference, options({ prompt: 'in a neon city at night' }), context)).data,
    );
    expect(again.equals(beach)).toBe(true);
    const [a, b] = [await skyColour(beach), await skyColour(city)];
    const distance = Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
    expect(distance).toBeGreaterThan(40);
  });

  it('without a persona, draws the scene alone', async () => {
    const image = await engine.run(
      Buffer.alloc(0),
      options({ aspectRatio: '16:9', persona: null }),
      context,
    );
    expect([image.width, image.height]).toEqual([1024, 576]);
    expect(await faceEmbeddings(Buffer.from(image.data))).toHaveLength(0);
  });
});
