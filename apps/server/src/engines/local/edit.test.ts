import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TEditOptions } from '@muse/shared';
import { createLocalImageAnalyser, warmUpLocalAnalyser } from './analyse';
import { PORTRAIT_CROPS, contains, cropPhoto, faceInCrop, overlap } from './analyse-fixtures';
import { cropForRatio, createLocalEditEngine } from './edit';

const SLOW = 60_000;
const analyser = createLocalImageAnalyser();
const engine = createLocalEditEngine(analyser);

const options = (overrides: Partial<TEditOptions>): TEditOptions => ({
  aspectRatio: 'match',
  format: 'jpg',
  safetyTolerance: 6,
  prompt: '',
  ...overrides,
});

function context() {
  const stages: string[] = [];
  return { stages, onProgress: (_percent: number, stage: string) => void stages.push(stage) };
}

/**
 * A wide landscape (1000×380) with one face near its left edge: the head-and-shoulders crop with
 * its right-hand column stretched out. A centred 9:16 crop would miss the face entirely.
 */
async function wideWithFaceOnTheLeft(): Promise<Buffer> {
  const portrait = await cropPhoto(PORTRAIT_CROPS.headAndShoulders);
  return sharp(portrait)
    .extend({ right: 700, extendWith: 'copy' })
    .jpeg({ quality: 92 })
    .toBuffer();
}

describe('local edit engine', () => {
  beforeAll(async () => {
    await warmUpLocalAnalyser();
  }, SLOW);

  it('crops to 9:16 WebP around the face', { timeout: SLOW }, async () => {
    const input = await wideWithFaceOnTheLeft();
    const progress = context();
    const result = await engine.run(
      input,
      options({ aspectRatio: '9:16', format: 'webp' }),
      progress,
    );
    expect(result.contentType).toBe('image/webp');
    const metadata = await sharp(result.data).metadata();
    expect(metadata.format).toBe('webp');
    expect([metadata.width, metadata.height]).toEqual([result.width, result.height]);
    expect(result.height).toBe(380);
    expect(Math.abs(result.width - (result.height * 9) / 16)).toBeLessThanOrEqual(1);
    expect(progress.stages).toEqual(
      expect.arrayContaining(['Finding the subject', 'Cropping', 'Encoding']),
    );
    // The face is still whole in the crop: found again, at its full size.
    const after = await analyser.analyse(Buffer.from(result.data));
    expect(after.faces).toHaveLength(1);
    const before = faceInCrop(PORTRAIT_CROPS.headAndShoulders);
    expect(after.faces[0]!.box.height).toBeGreaterThan(before.height * 0.8);
    expect(
      contains({ x: 0, y: 0, width: result.width, height: result.height }, after.faces[0]!.box),
    ).toBe(true);
  });

  it("keeps the input's ratio with 'match' and writes JPEG or PNG", { timeout: SLOW }, async () => {
    const input = await wideWithFaceOnTheLeft();
    const progress = context();
    const jpg = await engine.run(input, options({ aspectRatio: 'match', format: 'jpg' }), progress);
    expect(jpg).toMatchObject({ width: 1000, height: 380, contentType: 'image/jpeg' });
    expect((await sharp(jpg.data).metadata()).format).toBe('jpeg');
    expect(progress.stages).not.toContain('Finding the subject');

    const png = await engine.run(
      input,
      options({ aspectRatio: 'match', format: 'png' }),
      context(),
    );
    expect(png).toMatchObject({ width: 1000, height: 380, contentType: 'image/png' });
    expect((await sharp(png.data).metadata()).format).toBe('png');
  });

  it('crops to 1:1, 16:9, 4:3 and 3:4', { timeout: SLOW }, async () => {
    const input = await cropPhoto(PORTRAIT_CROPS.halfBody); // 320×669
    for (const [aspectRatio, ratio] of [
      ['1:1', 1],
      ['16:9', 16 / 9],
      ['4:3', 4 / 3],
      ['3:4', 3 / 4],
    ] as const) {
      const result = await engine.run(input, options({ aspectRatio, format: 'png' }), context());
      expect(Math.abs(result.width - result.height * ratio)).toBeLessThanOrEqual(1);
      expect(result.width).toBeLessThanOrEqual(320);
      expect(result.height).toBeLessThanOrEqual(669);
    }
  });

  it('turns the picture upright and strips its metadata', { timeout: SLOW }, async () => {
    const upright = await cropPhoto(PORTRAIT_CROPS.headAndShoulders); // 300×380
    const sideways = await sharp(upright)
      .rotate(-90)
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Copyright: 'secret camera owner', Software: 'test' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(sideways).metadata()).exif).toBeDefined();
    const result = await engine.run(
      sideways,
      options({ aspectRatio: 'match', format: 'jpg' }),
      context(),
    );
    const metadata = await sharp(result.data).metadata();
    expect([metadata.width, metadata.height]).toEqual([300, 380]);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(Buffer.from(result.data).includes('secret camera owner')).toBe(false);
  });

  it('refuses a prompt: it cannot make generative changes', async () => {
    expect(engine.generative).toBe(false);
    await expect(
      engine.run(Buffer.alloc(0), options({ prompt: 'make her hair red' }), context()),
    ).rejects.toThrow(/cannot follow a prompt/);
  });
});

describe('cropForRatio', () => {
  it('takes the largest crop of the ratio, centred on the subject and clamped', () => {
    const subject = { x: 40, y: 100, width: 200, height: 300 };
    const crop = cropForRatio(1600, 900, 9 / 16, subject);
    expect(crop).toEqual({ left: 0, top: 0, width: 506, height: 900 });
    const middle = cropForRatio(1600, 900, 9 / 16, { ...subject, x: 700 });
    expect(middle.left).toBe(800 - 253);
    expect(cropForRatio(1600, 900, 16 / 9, subject)).toEqual({
      left: 0,
      top: 0,
      width: 1600,
      height: 900,
    });
  });

  it('keeps the main face when the subject is too big for the crop', () => {
    // A wide group; the largest face is on the far right.
    const subject = { x: 0, y: 100, width: 1600, height: 500 };
    const face = { x: 1400, y: 200, width: 150, height: 160 };
    const crop = cropForRatio(1600, 900, 1 / 2, subject, face);
    const box = { x: crop.left, y: crop.top, width: crop.width, height: crop.height };
    expect(contains(box, face)).toBe(true);
    expect(overlap(box, face)).toBeGreaterThan(0);
  });

  it('keeps the head when the subject is taller than the crop', () => {
    const subject = { x: 300, y: 100, width: 400, height: 1800 };
    const crop = cropForRatio(1000, 2000, 16 / 9, subject);
    expect(crop.width).toBe(1000);
    expect(crop.height).toBe(563);
    expect(crop.top).toBe(100);
  });
});
