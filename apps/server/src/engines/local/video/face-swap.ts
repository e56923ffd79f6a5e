/**
 * The offline Face Swap engine: a classic landmark face swap, frame by frame. The persona's face
 * mesh is found once on its photo, the clip's face on every frame (./face-mesh.ts, detected
 * afresh each frame: at about 50 ms a frame it costs less than tracking would save, and nothing
 * drifts); the persona's face is warped onto it triangle by triangle, colour matched and
 * feathered in (./face-warp.ts). Frames stream from ffmpeg's decoder through the swap into its
 * encoder (./frame-pipe.ts), at most 720 px on the longer side, at the clip's own frame rate and
 * frame count, with its sound re-encoded as AAC. In a frame with several faces the largest is
 * swapped; a frame without a face passes through unchanged.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { TEncodedVideo, TEngine, TRunContext } from '../../types';
import { MAX_INPUT_PIXELS } from '../image-size';
import { canonicalMesh, largestFaceMesh, type TFaceMesh, type TRgbFrame } from './face-mesh';
import { swapFace, type TFaceSource } from './face-warp';
import { probeFile, UnreadableVideoError, withTempDir, type TVideoProbe } from './ffmpeg';
import { decodeFrames, encodeFrames, H264_MP4_OUTPUT, rawFramesInput } from './frame-pipe';
import { delaunay, pointBounds } from './triangulate';

/** Output frames are at most this long on their longer side: CPU time grows with the pixels. */
const MAX_SIDE = 720;
/** The persona's photo is read at most this size (longer side): more than any face in a frame. */
const PERSONA_SIDE = 1024;
/** Room kept around the persona's face when it is cut from its photo (share of the face box). */
const PERSONA_MARGIN = 0.15;
/** No copy of the persona's face is made narrower than this (pixels). */
const SMALLEST_FACE = 48;

/** The persona's face at halving sizes, largest first, each with its face width. */
type TPersonaFace = (TFaceSource & { faceWidth: number })[];

/**
 * The persona's face cut from its photo (RGB) with its mesh, at halving sizes: a frame's face is
 * drawn from the copy nearest above its own size, so a large photo is never sampled with gaps
 * (which would shimmer from frame to frame).
 */
async function facePyramid(photo: TRgbFrame, mesh: TFaceMesh): Promise<TPersonaFace> {
  const { minX, minY, maxX, maxY } = pointBounds(mesh);
  const margin = PERSONA_MARGIN * Math.max(maxX - minX, maxY - minY);
  const left = Math.max(0, Math.floor(minX - margin));
  const top = Math.max(0, Math.floor(minY - margin));
  const crop = {
    left,
    top,
    width: Math.min(photo.width, Math.ceil(maxX + margin)) - left,
    height: Math.min(photo.height, Math.ceil(maxY + margin)) - top,
  };
  const raw = { raw: { width: photo.width, height: photo.height, channels: 3 as const } };
  const levels: TPersonaFace = [];
  for (let scale = 1; (maxX - minX) * scale >= SMALLEST_FACE || !levels.length; scale /= 2) {
    const width = Math.max(2, Math.round(crop.width * scale));
    const height = Math.max(2, Math.round(crop.height * scale));
    const data = await sharp(photo.data, raw)
      .extract(crop)
      .resize(width, height, { fit: 'fill' })
      .raw()
      .toBuffer();
    // Pixel centres: x in the photo is (x − left + ½)·(copy width / crop width) − ½ in the copy.
    const [sx, sy] = [width / crop.width, height / crop.height];
    const scaled = mesh.map((value, i) =>
      i % 2 ? (value - top + 0.5) * sy - 0.5 : (value - left + 0.5) * sx - 0.5,
    );
    levels.push({ image: { data, width, height }, mesh: scaled, faceWidth: (maxX - minX) * sx });
  }
  return levels;
}

/** The persona's photo read upright, and its face at halving sizes. */
async function readPersona(photo: Buffer): Promise<TPersonaFace> {
  const { data, info } = await sharp(photo, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .removeAlpha()
    .resize(PERSONA_SIDE, PERSONA_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = { data, width: info.width, height: info.height };
  const mesh = await largestFaceMesh(image);
  if (!mesh) throw new Error("The persona's photo shows no face");
  return facePyramid(image, mesh);
}

/** The smallest copy of the persona's face still at least as wide as `target`'s face. */
function personaFor(persona: TPersonaFace, target: TFaceMesh): TFaceSource {
  const { minX, maxX } = pointBounds(target);
  return persona.findLast((level) => level.faceWidth >= maxX - minX) ?? persona[0]!;
}

let triangulation: Promise<Uint32Array> | undefined;

/**
 * The mesh's triangles: Delaunay on its flat canonical layout, so the same triangles fit every
 * pose (computed once per process).
 */
function meshTriangles(): Promise<Uint32Array> {
  triangulation ??= canonicalMesh().then(delaunay);
  return triangulation;
}

/** The output size: the clip scaled to at most MAX_SIDE, even sides (as yuv420p needs). */
function outputSize(probe: TVideoProbe): { width: number; height: number } {
  const scale = Math.min(1, MAX_SIDE / Math.max(probe.width, probe.height));
  const even = (value: number) => Math.max(2, 2 * Math.round((value * scale) / 2));
  return { width: even(probe.width), height: even(probe.height) };
}

/** ffmpeg's arguments to decode the clip's video to raw RGB frames of the output size. */
function decoderArgs(input: string, width: number, height: number): string[] {
  return [
    ...['-i', input, '-map', '0:v:0', '-vf', `scale=${width}:${height}`],
    // Every decoded frame comes out once, none duplicated or dropped: the frame count stays.
    ...['-vsync', 'passthrough', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ];
}

/** ffmpeg's arguments to encode the swapped frames with the clip's first sound track, if any. */
function encoderArgs(
  input: string,
  output: string,
  size: { width: number; height: number },
  fps: number,
): string[] {
  return [
    ...rawFramesInput(size.width, size.height, fps),
    ...['-i', input, '-map', '0:v', '-map', '1:a:0?'],
    ...H264_MP4_OUTPUT,
    ...['-c:a', 'aac', '-b:a', '160k', '-y', output],
  ];
}

async function swapClip(
  clip: Buffer,
  personaPhoto: Uint8Array,
  context: TRunContext,
): Promise<TEncodedVideo> {
  const { signal } = context;
  const pipeOptions = signal ? { signal } : {};
  context.onProgress(1, "Reading the persona's face");
  const [persona, triangles] = await Promise.all([
    readPersona(Buffer.from(personaPhoto)),
    meshTriangles(),
  ]);
  return withTempDir(async (dir) => {
    const input = path.join(dir, 'input');
    const output = path.join(dir, 'swapped.mp4');
    await writeFile(input, clip);
    const probe = await probeFile(input, signal);
    if (!probe) throw new UnreadableVideoError('no video stream');
    if (!probe.fps) throw new UnreadableVideoError('no frame rate');
    const { width, height } = outputSize(probe);
    // The stated frame count can be an estimate (WEBM states none): progress never shows less.
    const expected = probe.frames;
    let count = 0;
    async function* swapped(): AsyncGenerator<Buffer> {
      const frames = decodeFrames(
        decoderArgs(input, width, height),
        width * height * 3,
        pipeOptions,
      );
      for await (const data of frames) {
        count += 1;
        const frame = { data, width, height };
        const face = await largestFaceMesh(frame);
        if (face) swapFace(frame, personaFor(persona, face), face, triangles);
        const total = Math.max(expected, count);
        context.onProgress(3 + (96 * count) / total, `Swapping frame ${count} of ${total}`);
        yield data;
      }
    }
    const args = encoderArgs(input, output, { width, height }, probe.fps);
    await encodeFrames(args, swapped(), pipeOptions);
    const data = await readFile(output);
    context.onProgress(100, 'Done');
    return {
      data,
      width,
      height,
      contentType: 'video/mp4' as const,
      durationSeconds: count / probe.fps,
      fps: probe.fps,
      hasAudio: probe.hasAudio,
    };
  });
}

export function createLocalFaceSwapEngine(): TEngine<'face-swap'> & { readonly preview: true } {
  return {
    name: 'local',
    preview: true,
    run: (input, options, context) => swapClip(input, options.personaPhoto, context),
  };
}
