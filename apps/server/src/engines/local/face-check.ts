/**
 * The offline look at a persona photo (docs/product/personas.md): the photo made upright and
 * stored form, the faces @vladmandic/human finds in it with their description vectors, how
 * sharp the main face is, and a difference hash for spotting repeats. Judging a photo against
 * the rest of its set is `modules/personas/checks.ts`; this only measures.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { detectFaces, type THumanFace } from './human-runtime';
import { MAX_INPUT_PIXELS, readUprightRgb } from './image-size';

/** Photos are kept at most this long on their longer side (enough for LoRA training). */
export const STORED_PHOTO_SIDE = 2048;
/** Faces are looked for on a copy at most this long on its longer side. */
const DETECTION_SIDE = 1280;
/** Faces below this detector score are not counted. */
const MIN_FACE_SCORE = 0.5;
/** A face under this share of the largest face's height is background, not a second subject. */
const BACKGROUND_FACE_SHARE = 0.25;
/** Sharpness is measured with the face scaled to this height, so it does not depend on size. */
const SHARPNESS_FACE_HEIGHT = 128;
/** Landmarks this close to the photo's edge (share of its side) mean the face is cut off. */
const EDGE_MARGIN = 0.01;

export type TBox = { x: number; y: number; width: number; height: number };

export type TFaceFinding = {
  /** The detector's box, in the stored photo's pixels. */
  box: TBox;
  score: number;
  /** Whether the face's landmarks reach the photo's edge. */
  cutOff: boolean;
  embedding: number[] | null;
  /** The age model's estimate of the face, for the no-minors rule. */
  estimatedAge: number | null;
};

export type TPhotoAnalysis = {
  /** The stored photo: upright JPEG, no metadata, STORED_PHOTO_SIDE at most. */
  jpeg: Buffer;
  /** 384 px WebP for the grid. */
  thumbnail: Buffer;
  width: number;
  height: number;
  /** SHA-256 of the bytes as uploaded. */
  sha256: string;
  /** 64-bit difference hash of the picture, 16 hex digits. */
  dhash: string;
  /** Faces that are subjects of the photo, largest first (background faces left out). */
  faces: TFaceFinding[];
  /** Variance of the Laplacian over the largest face; null without a face. */
  sharpness: number | null;
};

export class UnreadablePhotoError extends Error {
  constructor() {
    super('The photo could not be read');
    this.name = 'UnreadablePhotoError';
  }
}

/** The upright picture as stored, or UnreadablePhotoError. */
async function normalise(input: Buffer) {
  try {
    const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb');
    const { data: jpeg, info } = await source
      .clone()
      .resize({
        width: STORED_PHOTO_SIDE,
        height: STORED_PHOTO_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 92, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { jpeg, width: info.width, height: info.height };
  } catch {
    throw new UnreadablePhotoError();
  }
}

/** Difference hash: a 9×8 grey copy, one bit per pair of neighbours (left brighter than right). */
export async function differenceHash(image: Buffer): Promise<string> {
  const grey = await sharp(image).greyscale().resize(9, 8, { fit: 'fill' }).raw().toBuffer();
  let bits = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      bits = (bits << 1n) | (grey[y * 9 + x]! > grey[y * 9 + x + 1]! ? 1n : 0n);
    }
  }
  return bits.toString(16).padStart(16, '0');
}

/**
 * Variance of the Laplacian of the face, grey, scaled so the face is SHARPNESS_FACE_HEIGHT tall:
 * a focused face has strong edges (hundreds), a blurred one almost none (tens or less).
 */
export async function faceSharpness(
  photo: Buffer,
  box: TBox,
  size: { width: number; height: number },
): Promise<number> {
  const left = Math.max(0, Math.floor(box.x));
  const top = Math.max(0, Math.floor(box.y));
  const width = Math.max(1, Math.min(size.width - left, Math.ceil(box.width)));
  const height = Math.max(1, Math.min(size.height - top, Math.ceil(box.height)));
  const scaledWidth = Math.max(3, Math.round((width * SHARPNESS_FACE_HEIGHT) / height));
  const { data, info } = await sharp(photo)
    .extract({ left, top, width, height })
    .greyscale()
    .resize(scaledWidth, SHARPNESS_FACE_HEIGHT, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  let sum = 0;
  let sumSquares = 0;
  let n = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const laplacian = data[i - w]! + data[i + w]! + data[i - 1]! + data[i + 1]! - 4 * data[i]!;
      sum += laplacian;
      sumSquares += laplacian * laplacian;
      n += 1;
    }
  }
  if (n === 0) return 0;
  const mean = sum / n;
  return sumSquares / n - mean * mean;
}

function isCutOff(face: THumanFace, width: number, height: number): boolean {
  const { box } = face;
  const marginX = width * EDGE_MARGIN;
  const marginY = height * EDGE_MARGIN;
  return (
    box.x <= marginX ||
    box.y <= marginY ||
    box.x + box.width >= width - marginX ||
    box.y + box.height >= height - marginY
  );
}

/** The faces that are subjects of an upright picture, largest first, in its own pixels. */
async function findFaces(picture: Buffer): Promise<TFaceFinding[]> {
  const { width, rgb } = await readUprightRgb(picture, DETECTION_SIDE).catch(() => {
    throw new UnreadablePhotoError();
  });
  const scale = width / rgb.width;
  const found = await detectFaces(rgb);
  const scored = found
    .filter((face) => face.score >= MIN_FACE_SCORE && face.detectorBox.height > 0)
    .sort((a, b) => b.detectorBox.height - a.detectorBox.height);
  const largest = scored[0]?.detectorBox.height ?? 0;
  return scored
    .filter((face) => face.detectorBox.height >= BACKGROUND_FACE_SHARE * largest)
    .map((face) => ({
      box: {
        x: face.detectorBox.x * scale,
        y: face.detectorBox.y * scale,
        width: face.detectorBox.width * scale,
        height: face.detectorBox.height * scale,
      },
      score: face.score,
      cutOff: isCutOff(face, rgb.width, rgb.height),
      embedding: face.embedding ?? null,
      estimatedAge: face.estimatedAge ?? null,
    }));
}

/** Measures one photo: stored form, faces, sharpness and hash. */
export async function analysePhoto(input: Buffer): Promise<TPhotoAnalysis> {
  const sha256 = createHash('sha256').update(input).digest('hex');
  const { jpeg, width, height } = await normalise(input);
  const [thumbnail, dhash, faces] = await Promise.all([
    sharp(jpeg)
      .resize({ width: 384, height: 384, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
    differenceHash(jpeg),
    findFaces(jpeg),
  ]);
  const main = faces[0];
  const sharpness = main ? await faceSharpness(jpeg, main.box, { width, height }) : null;
  return { jpeg, thumbnail, width, height, sha256, dhash, faces, sharpness };
}

/** What the faces of any image are like: for identity scores and the no-minors rule. */
export type TFaceDescriptions = {
  /** The subject faces' description vectors, largest face first. */
  embeddings: number[][];
  /** Each subject face's estimated age, largest face first. */
  ages: number[];
};

export async function describeFaces(input: Buffer): Promise<TFaceDescriptions> {
  const faces = await findFaces(input);
  return {
    embeddings: faces.flatMap((face) => (face.embedding ? [face.embedding] : [])),
    ages: faces.flatMap((face) => (face.estimatedAge === null ? [] : [face.estimatedAge])),
  };
}

/** The description vectors of the faces in any image (identity scores), largest first. */
export async function faceEmbeddings(input: Buffer): Promise<number[][]> {
  return (await describeFaces(input)).embeddings;
}
