import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GENERATE_ASPECT_RATIOS, type TGenerateOptions } from '@muse/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../lib/paths';
import { identityScore } from '../../modules/personas/checks';
import { faceEmbeddings } from './face-check';
import type { TPersonaRef } from '../types';
import { MARKETPLACE_CATALOGUE } from '../../modules/marketplace/catalogue';
import { renderPortrait } from '../../modules/marketplace/portraits';
import { createLocalGenerateEngine, GENERATE_SIZES, generatePreview } from './generate';

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

  describe('shows the persona clearly, whatever its reference photo is', () => {
    /** A marketplace model's first portrait: the reference photo of a claimed persona. */
    const portrait = (id: number) =>
      renderPortrait(
        MARKETPLACE_CATALOGUE.find((model) => model.id === id)!,
        0,
        'full',
      );

    /** Share of the frame where the persona changed the scene by more than a faint tint. */
    async function changedShare(reference: Buffer, over: Partial<TGenerateOptions>) {
      const [withPersona, sceneAlone] = await Promise.all(
        [reference, Buffer.alloc(0)].map(async (input) =>
          sharp(Buffer.from((await engine.run(input, options(over), context)).data))
            .raw()
            .toBuffer(),
        ),
      );
      let changed = 0;
      for (let p = 0; p < withPersona!.length; p += 3) {
        const most = Math.max(
          ...[0, 1, 2].map((c) => Math.abs(withPersona![p + c]! - sceneAlone![p + c]!)),
        );
        if (most > 48) changed += 1;
      }
      return changed / (withPersona!.length / 3);
    }

    /**
     * How the drawn persona compares with its reference photo: of the pixels it covers, the share
     * drawn fully opaque, the share of the frame it fills opaque, and where opaque, the
     * correlation of the output's brightness with the reference's.
     */
    async function likeItsPhoto(reference: Buffer, over: Partial<TGenerateOptions>) {
      const { image, placed } = await generatePreview(reference, options(over), context);
      expect(placed).not.toBeNull();
      const { drawn, source, alpha } = placed!;
      // The reference at the size the engine read it, then its drawn part at the drawn size.
      const read = await sharp(reference)
        .rotate()
        .resize(source.photoWidth, source.photoHeight, { fit: 'fill' })
        .png()
        .toBuffer();
      const expected = await sharp(read)
        .extract({ left: source.left, top: source.top, width: source.width, height: source.height })
        .resize(drawn.width, drawn.height, { fit: 'fill' })
        .removeAlpha()
        .greyscale()
        .extractChannel(0)
        .raw()
        .toBuffer();
      const actual = await sharp(Buffer.from(image.data))
        .extract(drawn)
        .greyscale()
        .extractChannel(0)
        .raw()
        .toBuffer();
      let covered = 0;
      let opaque = 0;
      const pairs: [number, number][] = [];
      for (let i = 0; i < drawn.width * drawn.height; i += 1) {
        const a = alpha ? alpha[i]! : 255;
        if (a > 0) covered += 1;
        if (a >= 250) {
          opaque += 1;
          pairs.push([expected[i]!, actual[i]!]);
        }
      }
      const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
      const [mx, my] = [mean(pairs.map(([x]) => x)), mean(pairs.map(([, y]) => y))];
      let [sxy, sxx, syy] = [0, 0, 0];
      for (const [x, y] of pairs) {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) ** 2;
        syy += (y - my) ** 2;
      }
      return {
        kind: placed!.kind,
        frameShare: opaque / (image.width * image.height),
        opaque: opaque / covered,
        correlation: sxy / Math.sqrt(sxx * syy),
      };
    }

    it(
      'cuts a marketplace illustration out opaque, large and true to the portrait',
      { timeout: 120_000 },
      async () => {
        for (const id of [1, 2, 13]) {
          const reference = await portrait(id);
          for (const over of [
            { prompt: 'on a beach at sunset' },
            { prompt: 'in a neon city at night', aspectRatio: '16:9' as const },
          ]) {
            expect(await changedShare(reference, over), `model ${id}`).toBeGreaterThan(0.15);
            const like = await likeItsPhoto(reference, over);
            expect(like.kind).toBe('cut-out');
            expect(like.frameShare, `model ${id}`).toBeGreaterThan(0.15);
            expect(like.opaque, `model ${id}`).toBeGreaterThan(0.9);
            // Lit for the scene (brighter, darker, warmer), the drawing itself unchanged.
            expect(like.correlation, `model ${id}`).toBeGreaterThan(0.95);
          }
        }
      },
    );

    it('cuts a photographed persona out opaque', { timeout: 60_000 }, async () => {
      const like = await likeItsPhoto(photo('same-person-03.jpg'), {});
      expect(like.kind).toBe('cut-out');
      expect(like.opaque).toBeGreaterThan(0.9);
      expect(like.correlation).toBeGreaterThan(0.9);
    });

    it('frames the whole photo, opaque, when nothing can be cut out', async () => {
      // A wall: no person to cut out and no drawn figure on a backdrop.
      const like = await likeItsPhoto(photo('no-face.jpg'), {});
      expect(like.kind).toBe('print');
      expect(like.opaque).toBe(1);
      expect(like.frameShare).toBeGreaterThan(0.15);
      expect(like.correlation).toBeGreaterThan(0.95);
    });
  });
});
