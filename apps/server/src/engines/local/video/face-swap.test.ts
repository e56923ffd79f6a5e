import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../../lib/paths';
import { identityScore } from '../../../modules/personas/checks';
import { faceEmbeddings } from '../face-check';
import { canonicalMesh, MESH_POINTS } from './face-mesh';
import { createLocalFaceSwapEngine } from './face-swap';
import { extractFrames, probeVideo, runBinary, withTempDir } from './ffmpeg';
import { convexHull, delaunay } from './triangulate';

const PHOTOS = path.join(SERVER_ROOT, 'test/fixtures/photos/persona');
const photo = (name: string) => readFileSync(path.join(PHOTOS, name));
const engine = createLocalFaceSwapEngine();
const options = {
  influencerId: 'persona',
  footageRights: true as const,
  personaPhoto: photo('same-person-01.jpg'),
};

/**
 * A short clip made from a still with ffmpeg: a slow zoom (so frames differ) at `size`,
 * 12 frames a second, with a 440 Hz tone when `sound`.
 */
function clipOf(still: string, seconds: number, size: string, sound: boolean): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const output = path.join(dir, 'clip.mp4');
    const [width, height] = size.split('x');
    await runBinary('ffmpeg', [
      ...['-v', 'error', '-loop', '1', '-framerate', '12', '-i', path.join(PHOTOS, still)],
      ...(sound ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
      '-vf',
      `zoompan=z='1+0.006*in':d=1:x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':s=${width}x${height}:fps=12`,
      ...['-t', String(seconds), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', output],
    ]);
    return readFile(output);
  });
}

/** Every frame of a clip, RGB (as its colour tags say), at `width` × `height`. */
async function rgbFrames(clip: Uint8Array, width: number, height: number) {
  const raw = await withTempDir(async (dir) => {
    const file = path.join(dir, 'clip.mp4');
    await writeFile(file, clip);
    return runBinary('ffmpeg', [
      ...['-v', 'error', '-i', file, '-vf', `scale=${width}:${height}`],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    ]);
  });
  const size = width * height * 3;
  return Array.from({ length: raw.length / size }, (_, i) =>
    raw.subarray(i * size, (i + 1) * size),
  );
}

/** The identity score of each of three frames spread through the clip, towards the persona. */
async function scores(clip: Uint8Array, references: number[][]) {
  const frames = await extractFrames(clip, 3);
  const found: (number | null)[] = [];
  for (const frame of frames) found.push(identityScore(await faceEmbeddings(frame), references));
  return found;
}

describe('the offline Face Swap engine', () => {
  let clip: Buffer;
  let references: number[][];
  beforeAll(async () => {
    clip = await clipOf('other-person.jpg', 2, '384x480', true);
    // The persona's other photos: the swap must look like her, not only like the photo it used.
    references = [];
    for (const name of ['02', '03', '04', '05'])
      references.push(...(await faceEmbeddings(photo(`same-person-${name}.jpg`))).slice(0, 1));
  }, 60_000);

  it(
    "puts the persona's face on every frame, keeping the frames and the sound",
    { timeout: 60_000 },
    async () => {
      const stages: string[] = [];
      const swapped = await engine.run(clip, options, {
        onProgress: (_percent, stage) => stages.push(stage),
      });
      const [before, after] = [await probeVideo(clip), await probeVideo(swapped.data)];
      expect(after).toMatchObject({
        videoCodec: 'h264',
        width: 384,
        height: 480,
        fps: 12,
        frames: before!.frames,
        hasAudio: true,
      });
      expect(after!.container).toContain('mp4');
      expect(swapped).toMatchObject({
        width: 384,
        height: 480,
        contentType: 'video/mp4',
        durationSeconds: 2,
        fps: 12,
        hasAudio: true,
      });
      expect(stages).toContain(`Swapping frame ${before!.frames} of ${before!.frames}`);

      const [own, swappedScores] = [
        await scores(clip, references),
        await scores(swapped.data, references),
      ];
      for (const [i, score] of swappedScores.entries()) {
        expect(score, `frame ${i}`).not.toBeNull();
        expect(score!, `frame ${i}`).toBeGreaterThan(own[i] ?? 0);
        expect(score!, `frame ${i}`).toBeGreaterThanOrEqual(40);
      }
    },
  );

  it(
    'passes frames without a face through, scaled to 720 px at most',
    { timeout: 60_000 },
    async () => {
      const wall = await clipOf('no-face.jpg', 1, '1000x900', false);
      const swapped = await engine.run(wall, options, { onProgress: () => {} });
      const after = (await probeVideo(swapped.data))!;
      expect(after).toMatchObject({ width: 720, height: 648, frames: 12, hasAudio: false });
      expect(swapped).toMatchObject({ width: 720, height: 648, hasAudio: false });
      const [inFrames, outFrames] = [
        await rgbFrames(wall, 100, 90),
        await rgbFrames(swapped.data, 100, 90),
      ];
      expect(outFrames).toHaveLength(inFrames.length);
      // Only the re-encoding's rounding (a level or two), nowhere a face drawn in.
      for (const [i, frame] of outFrames.entries()) {
        const differences = frame.map((value, p) => Math.abs(value - inFrames[i]![p]!));
        expect(
          differences.reduce((sum, d) => sum + d, 0) / frame.length,
          `frame ${i}`,
        ).toBeLessThan(4);
        expect(Math.max(...differences), `frame ${i}`).toBeLessThan(16);
      }
    },
  );

  it('triangulates the whole face mesh', async () => {
    const layout = await canonicalMesh();
    const corners = convexHull(layout).length / 2;
    // Every point is used: a triangulation of n points, h on the hull, has 2n − 2 − h triangles.
    expect(delaunay(layout).length / 3).toBe(2 * MESH_POINTS - 2 - corners);
  });

  it('stops when the job is cancelled', { timeout: 30_000 }, async () => {
    const controller = new AbortController();
    const run = engine.run(clip, options, {
      signal: controller.signal,
      onProgress: (_percent, stage) => {
        if (stage.startsWith('Swapping frame 3 ')) controller.abort();
      },
    });
    await expect(run).rejects.toThrow(/abort/i);
  });
});
