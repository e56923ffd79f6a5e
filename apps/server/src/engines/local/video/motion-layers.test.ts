import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../../lib/paths';
import { prepareLayers } from './motion-layers';

const PHOTOS = path.join(SERVER_ROOT, 'test/fixtures/photos/persona');

/** Mean absolute difference of two RGB images over the pixels `where` picks. */
function difference(a: Buffer, b: Buffer, where: (pixel: number) => boolean): number {
  let [sum, count] = [0, 0];
  for (let i = 0; i < a.length / 3; i += 1) {
    if (!where(i)) continue;
    for (let c = 0; c < 3; c += 1) sum += Math.abs(a[i * 3 + c]! - b[i * 3 + c]!);
    count += 3;
  }
  return sum / count;
}

describe('the layers of a motion clip', () => {
  it('cuts the persona out and fills the room behind her', { timeout: 30_000 }, async () => {
    const photo = readFileSync(path.join(PHOTOS, 'same-person-06.jpg'));
    const layers = await prepareLayers(photo, 400, 300);
    expect(layers.still).toHaveLength(400 * 300 * 3);
    const { alpha, background } = layers.persona!;
    const opaque = (i: number) => alpha[i]! === 255;
    const clear = (i: number) => alpha[i]! === 0;
    expect(alpha.filter((value) => value === 255).length).toBeGreaterThan(0.1 * alpha.length);
    // Behind the persona is something else than the persona; away from her, the room itself.
    expect(difference(background, layers.still, opaque)).toBeGreaterThan(20);
    expect(difference(background, layers.still, clear)).toBeLessThan(3);
    expect(layers.focus.x).toBeGreaterThan(0);
    expect(layers.focus.x).toBeLessThan(400);
    expect(layers.focus.y).toBeGreaterThan(0);
    expect(layers.focus.y).toBeLessThan(300);
  });

  it('finds no persona in a wall, and aims at its middle', { timeout: 30_000 }, async () => {
    const wall = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#8a9bb0' },
    })
      .png()
      .toBuffer();
    const layers = await prepareLayers(wall, 300, 300);
    expect(layers.persona).toBeNull();
    expect(layers.focus).toEqual({ x: 150, y: 150 });
    expect(layers.still).toHaveLength(300 * 300 * 3);
  });
});
