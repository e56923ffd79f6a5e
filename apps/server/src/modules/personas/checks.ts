/**
 * The photo checks and the identity score (docs/product/personas.md), as pure functions of
 * what the face analysis measured. A photo's verdict depends on the rest of its set (who is the
 * persona, which photo came first), so verdicts are judged here whenever they are shown, never
 * stored.
 */
import { PHOTO_CHECKS, type TPhotoProblem, type TPhotoVerdict } from '@muse/shared';

export type TPhotoFacts = {
  id: string;
  /** 1-based, in upload order. */
  number: number;
  faceCount: number;
  /** The largest face's detector box height, in the stored photo's pixels. */
  faceHeight: number | null;
  faceCutOff: boolean;
  sharpness: number | null;
  embedding: number[] | null;
  dhash: string;
  sha256: string;
};

/**
 * Likeness of two face descriptions, −1 to 1: their Pearson correlation. Human's descriptors
 * are non-negative, so their plain cosine is high for anyone (0.4 on average between strangers);
 * centring each vector first spreads strangers around 0.1 and keeps one person near 0.5 or more
 * (figures in docs/decisions/0018-persona-photo-checks.md).
 */
export function likeness(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  if (n === 0) return 0;
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < n; i++) {
    meanA += a[i]!;
    meanB += b[i]!;
  }
  meanA /= n;
  meanB /= n;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i]! - meanA;
    const y = b[i]! - meanB;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA && normB ? dot / Math.sqrt(normA * normB) : 0;
}

/** The index of the most central description: the highest average likeness to the others. */
export function centralIndex(embeddings: readonly (readonly number[])[]): number {
  let best = 0;
  let bestScore = -Infinity;
  for (const [i, a] of embeddings.entries()) {
    let total = 0;
    for (const [j, b] of embeddings.entries()) if (i !== j) total += likeness(a, b);
    if (total > bestScore) {
      bestScore = total;
      best = i;
    }
  }
  return best;
}

/** Differing bits of two 64-bit hex hashes. */
export function hashDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}

const MESSAGES = {
  noFace: 'No face found: use a photo where the face is clearly visible',
  severalFaces: (count: number) => `${count} faces found: use photos of the persona alone`,
  tooSmall: (pixels: number) =>
    `The face is too small (${pixels} px tall; at least ${PHOTO_CHECKS.minFacePixels} px needed): use a closer or larger photo`,
  cutOff: 'The face is cut off at the edge of the photo',
  blurry: (sharpness: number) =>
    `The face is blurred (sharpness ${Math.round(sharpness)}; at least ${PHOTO_CHECKS.minSharpness} needed)`,
  differentPerson: (central: number) =>
    `This looks like a different person from the rest of the set (compared with photo ${central})`,
  sameFile: (other: number) => `The same photo as photo ${other}`,
  nearDuplicate: (other: number) => `Almost the same shot as photo ${other}: add a different photo`,
} as const;

function problem(code: TPhotoProblem, message: string) {
  return { code, message };
}

/** What is wrong with a photo on its own (face, size, sharpness), whatever the rest of the set. */
function ownProblems(photo: TPhotoFacts): TPhotoVerdict['problems'] {
  if (photo.faceCount === 0) return [problem('no-face', MESSAGES.noFace)];
  const problems: TPhotoVerdict['problems'] = [];
  if (photo.faceCount > 1)
    problems.push(problem('several-faces', MESSAGES.severalFaces(photo.faceCount)));
  const height = Math.round(photo.faceHeight ?? 0);
  if (height < PHOTO_CHECKS.minFacePixels)
    problems.push(problem('face-too-small', MESSAGES.tooSmall(height)));
  if (photo.faceCutOff) problems.push(problem('face-cut-off', MESSAGES.cutOff));
  if (photo.sharpness !== null && photo.sharpness < PHOTO_CHECKS.minSharpness)
    problems.push(problem('blurry', MESSAGES.blurry(photo.sharpness)));
  return problems;
}

/**
 * Judges every photo of a set. Repeats: a later photo that is the same file as, or differs in
 * at most PHOTO_CHECKS.maxDuplicateBits hash bits from, an earlier one is refused (the earlier
 * one keeps its place). Likeness: among photos with exactly one face, the most central face is
 * taken as the persona (with two or more such photos), and a face less alike than
 * PHOTO_CHECKS.minSameness is named as someone else.
 */
export function judgeSet(photos: readonly TPhotoFacts[]): Map<string, TPhotoVerdict> {
  const ordered = [...photos].sort((a, b) => a.number - b.number);
  const problems = new Map(ordered.map((photo) => [photo.id, ownProblems(photo)]));

  for (const [index, photo] of ordered.entries()) {
    for (const earlier of ordered.slice(0, index)) {
      if (earlier.sha256 === photo.sha256) {
        problems.get(photo.id)!.push(problem('duplicate', MESSAGES.sameFile(earlier.number)));
        break;
      }
      if (hashDistance(earlier.dhash, photo.dhash) <= PHOTO_CHECKS.maxDuplicateBits) {
        problems.get(photo.id)!.push(problem('duplicate', MESSAGES.nearDuplicate(earlier.number)));
        break;
      }
    }
  }

  const single = ordered.filter(
    (photo): photo is TPhotoFacts & { embedding: number[] } =>
      photo.faceCount === 1 && !!photo.embedding,
  );
  if (single.length >= 2) {
    const central = single[centralIndex(single.map((photo) => photo.embedding))]!;
    for (const photo of single) {
      if (photo === central) continue;
      if (likeness(photo.embedding, central.embedding) < PHOTO_CHECKS.minSameness)
        problems
          .get(photo.id)!
          .push(problem('different-person', MESSAGES.differentPerson(central.number)));
    }
  }

  return new Map(
    ordered.map((photo) => {
      const found = problems.get(photo.id)!;
      return [photo.id, { ok: found.length === 0, problems: found }];
    }),
  );
}

/** Likeness at or below this scores 0; at or above IDENTITY_FULL it scores 100. */
export const IDENTITY_ZERO = 0.15;
export const IDENTITY_FULL = 0.6;

/**
 * How much a face looks like a persona, 0–100: the average likeness to its three most alike
 * reference faces (one odd reference photo cannot carry or sink it), mapped linearly from
 * IDENTITY_ZERO to IDENTITY_FULL. Several faces in the image: the one most like the persona.
 * Null when either side has no face.
 */
export function identityScore(
  faces: readonly (readonly number[])[],
  references: readonly (readonly number[])[],
): number | null {
  if (!faces.length || !references.length) return null;
  let best = -Infinity;
  for (const face of faces) {
    const alike = references.map((reference) => likeness(face, reference)).sort((a, b) => b - a);
    const top = alike.slice(0, 3);
    best = Math.max(best, top.reduce((sum, value) => sum + value, 0) / top.length);
  }
  return likenessScore(best);
}

/** A likeness (correlation) on the identity score's scale, 0–100. */
export function likenessScore(value: number): number {
  const share = (value - IDENTITY_ZERO) / (IDENTITY_FULL - IDENTITY_ZERO);
  return Math.round(100 * Math.min(1, Math.max(0, share)));
}

/**
 * Whether a selfie shows the person of a persona's photos (docs/decisions/0053-likeness-statements.md):
 * the selfie's face is judged as one more photo of the set would be, by its likeness to the set's
 * most central face, and matches at the same-person threshold of the photo checks
 * (PHOTO_CHECKS.minSameness). `score` is that likeness on the identity score's scale.
 */
export function selfieMatch(
  selfie: readonly number[],
  set: readonly (readonly number[])[],
): { likeness: number; score: number; matches: boolean } {
  const central = set[centralIndex(set)];
  const value = central ? likeness(selfie, central) : 0;
  return {
    likeness: value,
    score: likenessScore(value),
    matches: !!central && value >= PHOTO_CHECKS.minSameness,
  };
}
