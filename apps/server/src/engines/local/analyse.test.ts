import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TImageAnalysis } from '../types';
import { createLocalImageAnalyser, framingFor, warmUpLocalAnalyser } from './analyse';
import { colourName } from './analyse-colours';
import {
  GROUP_2_LEFT_FACE,
  PORTRAIT_CROPS,
  contains,
  cropPhoto,
  faceInCrop,
  overlap,
  readPhoto,
} from './analyse-fixtures';
import { describeLighting, salientBox } from './analyse-pixels';

// Face detection runs on the WebAssembly CPU backend; generous limits for a busy machine.
const SLOW = 60_000;
const analyser = createLocalImageAnalyser();

function imageBox(analysis: TImageAnalysis) {
  return { x: 0, y: 0, width: analysis.width, height: analysis.height };
}

describe('local image analyser', () => {
  beforeAll(async () => {
    // Concurrent first calls share one load of the models.
    const [first, second] = await Promise.all([warmUpLocalAnalyser(), warmUpLocalAnalyser()]);
    expect(second).toBe(first);
    expect(first.backend).toBe('wasm');
  }, SLOW);

  it('finds exactly one face on a single portrait, where it is', { timeout: SLOW }, async () => {
    const region = PORTRAIT_CROPS.headAndShoulders;
    const analysis = await analyser.analyse(await cropPhoto(region));
    expect(analysis).toMatchObject({ width: region.width, height: region.height });
    expect(analysis.faces).toHaveLength(1);
    const [face] = analysis.faces;
    const expected = faceInCrop(region);
    expect(contains(imageBox(analysis), face!.box)).toBe(true);
    expect(overlap(face!.box, expected)).toBeGreaterThan(0.5);
    expect(face!.score).toBeGreaterThan(0.5);
    expect(face!.gender).toBe('female');
    expect(face!.age).toBeGreaterThan(15);
    expect(face!.age).toBeLessThan(45);
    expect(typeof face!.expression).toBe('string');
    expect(typeof face!.yaw).toBe('number');
    expect(['close-up', 'head and shoulders']).toContain(analysis.framing);
    expect(analysis.orientation).toBe('portrait');
    // The subject holds the face with room around it, inside the picture.
    expect(contains(analysis.subject, face!.box)).toBe(true);
    expect(contains(imageBox(analysis), analysis.subject)).toBe(true);
    expect(analysis.subject.height).toBeGreaterThan(face!.box.height * 1.5);
    expect(analysis.palette.length).toBeGreaterThan(0);
    expect(analysis.palette.length).toBeLessThanOrEqual(5);
    expect(analysis.lighting).toMatch(/light/);
  });

  it('calls a tight crop a close-up and a wide one half-body', { timeout: SLOW }, async () => {
    const close = await analyser.analyse(await cropPhoto(PORTRAIT_CROPS.closeUp));
    expect(close.faces).toHaveLength(1);
    expect(['close-up', 'head and shoulders']).toContain(close.framing);
    const wide = await analyser.analyse(await cropPhoto(PORTRAIT_CROPS.halfBody));
    expect(wide.faces).toHaveLength(1);
    expect(overlap(wide.faces[0]!.box, faceInCrop(PORTRAIT_CROPS.halfBody))).toBeGreaterThan(0.5);
    expect(['half-body', 'full-body', 'wide']).toContain(wide.framing);
  });

  it('finds the group on the whole photos, with a wider framing', { timeout: SLOW }, async () => {
    const group2 = await analyser.analyse(await readPhoto('group-2.jpg'));
    expect(group2.faces.length).toBeGreaterThanOrEqual(3);
    expect(group2.faces.length).toBeLessThanOrEqual(4);
    expect(group2.faces.some((face) => overlap(face.box, GROUP_2_LEFT_FACE) > 0.5)).toBe(true);
    expect(['half-body', 'full-body', 'wide']).toContain(group2.framing);
    expect(group2.orientation).toBe('landscape');
    for (const face of group2.faces) expect(contains(group2.subject, face.box)).toBe(true);
    // Largest face first.
    const areas = group2.faces.map((face) => face.box.width * face.box.height);
    expect([...areas].sort((a, b) => b - a)).toEqual(areas);

    const group1 = await analyser.analyse(await readPhoto('group-1.jpg'));
    expect(group1.faces.length).toBeGreaterThanOrEqual(2);
    expect(['half-body', 'full-body', 'wide']).toContain(group1.framing);
    expect(group1.lighting).toMatch(/low-key|moody|dim/);
  });

  it('maps boxes back to the pixels of a large original', { timeout: SLOW }, async () => {
    // 1920 px wide: analysed at 1024 px, reported in the original's pixels.
    const big = await sharp(await readPhoto('group-2.jpg'))
      .resize({ width: 1920 })
      .jpeg()
      .toBuffer();
    const analysis = await analyser.analyse(big);
    expect(analysis.width).toBe(1920);
    const scaled = {
      x: GROUP_2_LEFT_FACE.x * 2,
      y: GROUP_2_LEFT_FACE.y * 2,
      width: GROUP_2_LEFT_FACE.width * 2,
      height: GROUP_2_LEFT_FACE.height * 2,
    };
    expect(analysis.faces.some((face) => overlap(face.box, scaled) > 0.5)).toBe(true);
  });

  it('reads EXIF orientation: boxes are in the upright picture', { timeout: SLOW }, async () => {
    const region = PORTRAIT_CROPS.headAndShoulders;
    // Stored sideways with orientation 6 (rotate 90° clockwise to view): upright it is the crop.
    const sideways = await sharp(await cropPhoto(region))
      .rotate(-90)
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const analysis = await analyser.analyse(sideways);
    expect(analysis).toMatchObject({ width: region.width, height: region.height });
    expect(analysis.faces).toHaveLength(1);
    expect(overlap(analysis.faces[0]!.box, faceInCrop(region))).toBeGreaterThan(0.5);
  });

  it('without a face, finds a salient region and calls it wide', { timeout: SLOW }, async () => {
    const analysis = await analyser.analyse(await readPhoto('esrgan-fixture.png'));
    expect(analysis.faces).toHaveLength(0);
    expect(analysis.framing).toBe('wide');
    expect(contains(imageBox(analysis), analysis.subject)).toBe(true);
    expect(analysis.subject.width).toBeGreaterThan(analysis.width / 4);
    expect(analysis.palette.some((name) => /red|coral|orange/.test(name))).toBe(true);
  });

  it('refuses what is not an image', async () => {
    await expect(analyser.analyse(Buffer.from('not an image'))).rejects.toThrow(
      /could not be read/,
    );
  });
});

describe('analysis helpers', () => {
  it('names framings by the face height', () => {
    expect(framingFor(500, 1000)).toBe('close-up');
    expect(framingFor(300, 1000)).toBe('head and shoulders');
    expect(framingFor(150, 1000)).toBe('half-body');
    expect(framingFor(70, 1000)).toBe('full-body');
    expect(framingFor(20, 1000)).toBe('wide');
  });

  it('names colours in plain words', () => {
    expect(colourName(20, 30, 70)).toBe('deep navy');
    expect(colourName(225, 205, 180)).toBe('warm beige');
    expect(colourName(240, 170, 190)).toBe('soft pink');
    expect(colourName(10, 10, 10)).toBe('black');
    expect(colourName(250, 250, 250)).toBe('white');
    expect(colourName(34, 139, 34)).toBe('green');
    expect(colourName(110, 20, 40)).toBe('deep burgundy');
  });

  it('describes the light', () => {
    const base = { contrast: 0.2, warmth: 0, shadows: 0.05, highlights: 0.05 };
    expect(describeLighting({ ...base, brightness: 0.75 })).toBe('bright, soft daylight');
    expect(describeLighting({ ...base, brightness: 0.2, shadows: 0.6 })).toBe(
      'low-key, moody lighting',
    );
    expect(describeLighting({ ...base, brightness: 0.5, warmth: 0.15 })).toBe(
      'warm golden-hour light',
    );
  });

  it('finds the salient region of a picture without faces', async () => {
    // A plain grey field with a red disc on the right.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
      <rect width="200" height="100" fill="#808080"/><circle cx="160" cy="50" r="18" fill="#d02020"/></svg>`;
    const { data, info } = await sharp(Buffer.from(svg))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const box = salientBox({ data, width: info.width, height: info.height });
    expect(contains(box, { x: 142, y: 32, width: 36, height: 36 })).toBe(true);
    expect(box.x).toBeGreaterThan(80);
  });
});
