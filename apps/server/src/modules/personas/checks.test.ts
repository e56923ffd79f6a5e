import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PHOTO_CHECKS } from '@muse/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { analysePhoto, type TPhotoAnalysis } from '../../engines/local/face-check';
import { decodeHeic, isHeic } from './heic';
import { identityScore, judgeSet, type TPhotoFacts } from './checks';

// Real photographs (test/fixtures/photos/README.md): ten of one woman from two different
// shots, and one photo each of what the checks must refuse.
const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/photos/persona');
const read = (name: string) => readFileSync(path.join(FIXTURES, name));
const SAME = Array.from(
  { length: 10 },
  (_, i) => `same-person-${String(i + 1).padStart(2, '0')}.jpg`,
);
// Face models on the WebAssembly CPU backend: generous limits for a busy machine.
const SLOW = 120_000;

const analyses = new Map<string, TPhotoAnalysis>();
async function measure(name: string, data = read(name)) {
  const found = analyses.get(name) ?? (await analysePhoto(data));
  analyses.set(name, found);
  return found;
}

function facts(name: string, number: number, analysis = analyses.get(name)!): TPhotoFacts {
  const main = analysis.faces[0];
  return {
    id: name,
    number,
    faceCount: analysis.faces.length,
    faceHeight: main?.box.height ?? null,
    faceCutOff: main?.cutOff ?? false,
    sharpness: analysis.sharpness,
    embedding: main?.embedding ?? null,
    dhash: analysis.dhash,
    sha256: analysis.sha256,
  };
}

const set = (names: string[]) => judgeSet(names.map((name, index) => facts(name, index + 1)));
const problemsOf = (verdicts: ReturnType<typeof judgeSet>, name: string) =>
  verdicts.get(name)!.problems.map((problem) => problem.code);

describe('persona photo checks on real photos', () => {
  beforeAll(async () => {
    for (const name of [
      ...SAME,
      'other-person.jpg',
      'no-face.jpg',
      'two-faces.jpg',
      'blurred.jpg',
      'small-face.jpg',
    ])
      await measure(name);
  }, SLOW);

  it('passes a set of one person’s photos', () => {
    const verdicts = set(SAME);
    for (const name of SAME) expect(verdicts.get(name)).toEqual({ ok: true, problems: [] });
  });

  it('names the one photo of someone else', () => {
    const names = [...SAME.slice(0, 6), 'other-person.jpg', ...SAME.slice(6)];
    const verdicts = set(names);
    expect(problemsOf(verdicts, 'other-person.jpg')).toEqual(['different-person']);
    expect(verdicts.get('other-person.jpg')!.problems[0]!.message).toMatch(
      /looks like a different person/,
    );
    for (const name of SAME) expect(verdicts.get(name)!.ok).toBe(true);
  });

  it('refuses a photo without a face, with two faces, blurred, or with a small face', () => {
    const names = [
      ...SAME.slice(0, 3),
      'no-face.jpg',
      'two-faces.jpg',
      'blurred.jpg',
      'small-face.jpg',
    ];
    const verdicts = set(names);
    expect(problemsOf(verdicts, 'no-face.jpg')).toEqual(['no-face']);
    expect(problemsOf(verdicts, 'two-faces.jpg')).toContain('several-faces');
    expect(problemsOf(verdicts, 'blurred.jpg')).toEqual(['blurry']);
    expect(analyses.get('blurred.jpg')!.sharpness!).toBeLessThan(PHOTO_CHECKS.minSharpness / 4);
    expect(problemsOf(verdicts, 'small-face.jpg')).toContain('face-too-small');
    expect(verdicts.get('small-face.jpg')!.problems[0]!.message).toContain(
      `at least ${PHOTO_CHECKS.minFacePixels} px`,
    );
    for (const name of SAME.slice(0, 3)) expect(verdicts.get(name)!.ok).toBe(true);
  });

  it(
    'refuses an exact duplicate and a re-encoded copy, keeping the first',
    { timeout: SLOW },
    async () => {
      const copy = await sharp(read(SAME[0]!))
        .resize({ width: 300 })
        .modulate({ brightness: 1.05 })
        .jpeg({ quality: 60 })
        .toBuffer();
      await measure('copy.jpg', copy);
      const photos = [
        facts(SAME[0]!, 1),
        facts(SAME[1]!, 2),
        { ...facts(SAME[0]!, 3), id: 'again' },
        facts('copy.jpg', 4),
      ];
      const verdicts = judgeSet(photos);
      expect(verdicts.get(SAME[0]!)!.ok).toBe(true);
      expect(verdicts.get('again')!.problems).toEqual([
        { code: 'duplicate', message: 'The same photo as photo 1' },
      ]);
      expect(verdicts.get('copy.jpg')!.problems).toEqual([
        { code: 'duplicate', message: 'Almost the same shot as photo 1: add a different photo' },
      ]);
    },
  );

  it('scores a photo of the persona far above another person', () => {
    const embedding = (name: string) => analyses.get(name)!.faces[0]!.embedding!;
    // References from one shot, scored photos from the other: no shared pixels.
    const references = SAME.slice(0, 5).map(embedding);
    const persona = SAME.slice(5).map((name) => identityScore([embedding(name)], references)!);
    const stranger = identityScore([embedding('other-person.jpg')], references)!;
    // Measured: about 85 for her, 0 for the stranger.
    for (const score of persona) expect(score).toBeGreaterThanOrEqual(65);
    expect(stranger).toBeLessThanOrEqual(20);
    expect(identityScore([], references)).toBeNull();
  });

  it('reads HEIC photos, and keeps them upright', { timeout: SLOW }, async () => {
    const heic = read('same-person-01.heic');
    expect(await isHeic(heic)).toBe(true);
    expect(await isHeic(read(SAME[0]!))).toBe(false);
    const analysis = await analysePhoto(await decodeHeic(heic));
    expect(analysis.faces).toHaveLength(1);
    expect({ width: analysis.width, height: analysis.height }).toEqual({ width: 426, height: 533 });
  });

  it('turns a photo by its EXIF orientation before measuring it', { timeout: SLOW }, async () => {
    // The same pixels stored on their side, with the tag that says how to turn them back.
    const sideways = await sharp(read(SAME[0]!))
      .rotate(90)
      .withMetadata({ orientation: 8 })
      .jpeg()
      .toBuffer();
    const analysis = await analysePhoto(sideways);
    expect({ width: analysis.width, height: analysis.height }).toEqual({ width: 426, height: 533 });
    expect(analysis.faces).toHaveLength(1);
  });
});
