/**
 * Persona photo checks and identity scores on this machine: the time one photo's check takes
 * (decode, store form, faces, description, sharpness, hash) and the time one identity score
 * takes (faces and their descriptions, then the comparison with ten reference faces), each
 * against a bare sharp decode and JPEG re-encode of the same photo measured in the same run.
 * Prints nothing: the caller reports the results.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createFaceAnalyser } from '../apps/server/src/engines/faces';
import { analysePhoto, faceEmbeddings } from '../apps/server/src/engines/local/face-check';
import { SERVER_ROOT } from '../apps/server/src/lib/paths';
import { identityScore } from '../apps/server/src/modules/personas/checks';

const FIXTURES = path.join(SERVER_ROOT, 'test/fixtures/photos/persona');
const PHOTOS = Array.from({ length: 10 }, (_, i) =>
  readFileSync(path.join(FIXTURES, `same-person-${String(i + 1).padStart(2, '0')}.jpg`)),
);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timeEach(task: (photo: Buffer) => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (const photo of PHOTOS) {
    const start = performance.now();
    await task(photo);
    times.push(performance.now() - start);
  }
  return median(times);
}

export type TPersonaBench = {
  /** Bare decode and JPEG re-encode of the photo (the baseline). */
  decodeMs: number;
  /** One photo's check in the calling thread. */
  checkMs: number;
  /** The same through the face thread, as uploads run it. */
  threadedCheckMs: number;
  /** One identity score against ten reference faces. */
  scoreMs: number;
};

export async function benchPersonas(): Promise<TPersonaBench> {
  // The warm-up loads the face models (and the thread's copy of them).
  const references: number[][] = [];
  for (const photo of PHOTOS) references.push(...(await faceEmbeddings(photo)).slice(0, 1));
  const threaded = createFaceAnalyser();
  try {
    await threaded.analysePhoto(PHOTOS[0]!);
    const decodeMs = await timeEach((photo) => sharp(photo).rotate().jpeg().toBuffer());
    const checkMs = await timeEach((photo) => analysePhoto(photo));
    const threadedCheckMs = await timeEach((photo) => threaded.analysePhoto(photo));
    const scoreMs = await timeEach(async (photo) =>
      identityScore(await faceEmbeddings(photo), references),
    );
    return { decodeMs, checkMs, threadedCheckMs, scoreMs };
  } finally {
    await threaded.stop();
  }
}
