/**
 * Test photos for the local analyser, editor and prompt writer: the group photos of
 * test/fixtures/photos and single portraits cropped from them. Used by tests only.
 */
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { TBox } from '../types';

const PHOTOS = new URL('../../../test/fixtures/photos/', import.meta.url);

export function readPhoto(
  name: 'group-1.jpg' | 'group-2.jpg' | 'esrgan-fixture.png',
): Promise<Buffer> {
  return readFile(new URL(name, PHOTOS));
}

/** group-2.jpg (960×769): four women; the face (brows to chin) of the one on the far left. */
export const GROUP_2_LEFT_FACE: TBox = { x: 122, y: 258, width: 113, height: 120 };

export type TCropRegion = { left: number; top: number; width: number; height: number };

/** Crops of group-2.jpg around the left woman, from tight to wide; no other face is in them. */
export const PORTRAIT_CROPS = {
  closeUp: { left: 70, top: 190, width: 220, height: 240 },
  headAndShoulders: { left: 30, top: 150, width: 300, height: 380 },
  halfBody: { left: 0, top: 100, width: 320, height: 669 },
} satisfies Record<string, TCropRegion>;

/** A crop of group-2.jpg as JPEG. */
export async function cropPhoto(region: TCropRegion): Promise<Buffer> {
  return sharp(await readPhoto('group-2.jpg'))
    .extract(region)
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The face box of GROUP_2_LEFT_FACE in the pixels of a crop. */
export function faceInCrop(region: TCropRegion): TBox {
  return {
    x: GROUP_2_LEFT_FACE.x - region.left,
    y: GROUP_2_LEFT_FACE.y - region.top,
    width: GROUP_2_LEFT_FACE.width,
    height: GROUP_2_LEFT_FACE.height,
  };
}

/** Intersection over union of two boxes, 0–1. */
export function overlap(a: TBox, b: TBox): number {
  const x0 = Math.max(a.x, b.x);
  const y0 = Math.max(a.y, b.y);
  const x1 = Math.min(a.x + a.width, b.x + b.width);
  const y1 = Math.min(a.y + a.height, b.y + b.height);
  const inter = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/** Whether `inner` lies inside `outer`, allowing `slack` pixels. */
export function contains(outer: TBox, inner: TBox, slack = 0): boolean {
  return (
    inner.x >= outer.x - slack &&
    inner.y >= outer.y - slack &&
    inner.x + inner.width <= outer.x + outer.width + slack &&
    inner.y + inner.height <= outer.y + outer.height + slack
  );
}
