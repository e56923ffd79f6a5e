/**
 * The local image analyser: faces with @vladmandic/human (age, gender, expression, head turn),
 * then palette, light, subject box and framing from the pixels with sharp. Offline, on the CPU.
 */
import sharp from 'sharp';
import type { TBox, TFace, TImageAnalyser, TImageAnalysis, TRunContext } from '../types';
import { describeLighting, dominantPalette, lightStats, salientBox } from './analyse-pixels';
import type { TPixels } from './analyse-pixels';
import { detectFaces, warmUpHuman } from './human-runtime';
import type { THumanFace, THumanStats } from './human-runtime';
import { readUprightRgb } from './image-size';

/** Analysis runs on a copy at most this long on its longer side; boxes map back to the original. */
const ANALYSIS_SIZE = 1024;
/** The palette, light and saliency need far fewer pixels. */
const STATS_SIZE = 96;
/** Faces below this detector score are not reported. */
const MIN_FACE_SCORE = 0.5;
/** A gender estimate less sure than this is left out. */
const MIN_GENDER_SCORE = 0.6;

export const FRAMINGS = [
  'close-up',
  'head and shoulders',
  'half-body',
  'full-body',
  'wide',
] as const;
export type TFraming = (typeof FRAMINGS)[number];

/** Loads the face models now rather than on the first request (call it when a worker starts). */
export function warmUpLocalAnalyser(): Promise<THumanStats> {
  return warmUpHuman();
}

function area(box: TBox): number {
  return box.width * box.height;
}

/**
 * The faces that make the picture: those at least 40% the height of the largest one, so that a
 * stranger far behind does not count as part of a portrait or a group.
 */
export function prominentFaces(faces: TFace[]): TFace[] {
  const largest = Math.max(0, ...faces.map((face) => face.box.height));
  return faces.filter((face) => face.box.height >= 0.4 * largest);
}

/**
 * Framing from the tight face box's height (brows to chin) as a share of the image's height:
 * a face that fills 40% of the frame is a close-up, one under 5% a wide shot.
 */
export function framingFor(faceHeight: number, imageHeight: number): TFraming {
  const share = faceHeight / imageHeight;
  if (share >= 0.4) return 'close-up';
  if (share >= 0.22) return 'head and shoulders';
  if (share >= 0.11) return 'half-body';
  if (share >= 0.05) return 'full-body';
  return 'wide';
}

function clampBox(box: TBox, width: number, height: number): TBox {
  const x0 = Math.max(0, Math.min(width, box.x));
  const y0 = Math.max(0, Math.min(height, box.y));
  const x1 = Math.max(x0, Math.min(width, box.x + box.width));
  const y1 = Math.max(y0, Math.min(height, box.y + box.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Smallest box holding all the given boxes. */
export function unionBox(boxes: TBox[]): TBox {
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** Room around a tight face box for the hair above and the neck and shoulders below. */
export function headAndShoulders(face: TBox): TBox {
  return {
    x: face.x - 0.9 * face.width,
    y: face.y - 0.6 * face.height,
    width: face.width * 2.8,
    height: face.height * 3,
  };
}

/** Whole pixels, at least 1×1. */
function roundBox(box: TBox): TBox {
  const x = Math.round(box.x);
  const y = Math.round(box.y);
  return {
    x,
    y,
    width: Math.max(1, Math.round(box.x + box.width) - x),
    height: Math.max(1, Math.round(box.y + box.height) - y),
  };
}

function toFace(face: THumanFace, scaleX: number, scaleY: number): TFace {
  const result: TFace = {
    box: roundBox({
      x: face.box.x * scaleX,
      y: face.box.y * scaleY,
      width: face.box.width * scaleX,
      height: face.box.height * scaleY,
    }),
    score: Math.round(face.score * 100) / 100,
  };
  if (face.age !== undefined) result.age = Math.round(face.age);
  if (face.gender && (face.genderScore ?? 0) >= MIN_GENDER_SCORE) result.gender = face.gender;
  if (face.emotion) result.expression = face.emotion;
  if (face.yaw !== undefined) result.yaw = Math.round(face.yaw);
  if (face.pitch !== undefined) result.pitch = Math.round(face.pitch);
  return result;
}

function orientationOf(width: number, height: number): TImageAnalysis['orientation'] {
  const ratio = width / height;
  if (ratio > 1.05) return 'landscape';
  if (ratio < 0.95) return 'portrait';
  return 'square';
}

async function smallCopy(rgb: TPixels): Promise<TPixels> {
  const { data, info } = await sharp(rgb.data, {
    raw: { width: rgb.width, height: rgb.height, channels: 3 },
  })
    .resize({ width: STATS_SIZE, height: STATS_SIZE, fit: 'inside' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Analyses one image; boxes are in the pixels of the upright (EXIF-rotated) original. */
export async function analyseImage(
  input: Buffer,
  context: Partial<TRunContext> = {},
): Promise<TImageAnalysis> {
  const progress = context.onProgress ?? (() => undefined);
  context.signal?.throwIfAborted();
  progress(5, 'Reading the image');
  const { width, height, rgb } = await readUprightRgb(input, ANALYSIS_SIZE);
  const scaleX = width / rgb.width;
  const scaleY = height / rgb.height;

  context.signal?.throwIfAborted();
  progress(15, 'Finding faces');
  const found = await detectFaces(rgb);
  const faces = found
    .filter((face) => face.score >= MIN_FACE_SCORE && face.box.width > 0 && face.box.height > 0)
    .map((face) => toFace(face, scaleX, scaleY))
    .sort((a, b) => area(b.box) - area(a.box) || a.box.x - b.box.x);

  context.signal?.throwIfAborted();
  progress(80, 'Reading colours and light');
  const small = await smallCopy(rgb);
  const palette = dominantPalette(small);
  const lighting = describeLighting(lightStats(small));

  const main = prominentFaces(faces);
  let subject: TBox;
  let framing: TFraming;
  if (main.length > 0) {
    subject = unionBox(main.map((face) => headAndShoulders(face.box)));
    framing = framingFor(Math.max(...main.map((face) => face.box.height)), height);
  } else {
    const salient = salientBox(small);
    subject = {
      x: salient.x * (width / small.width),
      y: salient.y * (height / small.height),
      width: salient.width * (width / small.width),
      height: salient.height * (height / small.height),
    };
    framing = 'wide';
  }
  progress(100, 'Analysed');
  return {
    width,
    height,
    faces,
    subject: roundBox(clampBox(subject, width, height)),
    framing,
    palette,
    lighting,
    orientation: orientationOf(width, height),
  };
}

export function createLocalImageAnalyser(): TImageAnalyser {
  return { name: 'local', analyse: analyseImage };
}
