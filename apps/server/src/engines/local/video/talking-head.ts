/**
 * The offline Talking Video engine: the persona's photo speaking, honestly simple. The speech
 * is the creator's own audio or the script said by the offline synthesizer (../speech/flite.ts,
 * in the persona's stock voice; a cloned voice speaks its stock voice here). The photo is framed
 * around the face (cover, at the tool's aspect ratio) and its face mesh made into a rig
 * (./talking-head-face.ts); in every frame the jaw opens with the sound's loudness, the mouth
 * takes rough shapes of the script's phones, the eyes blink now and then and the whole picture
 * sways gently (./talking-head-motion.ts). Nothing else of the face or body moves: that takes a
 * connected video engine.
 *
 * Frames are drawn here and piped raw to the shipped ffmpeg (./frame-pipe.ts) with the speech
 * as its second input, encoded AAC. The video has round(seconds × 24) frames, so it is as long
 * as the speech within one frame, and the sound is never cut. Captions, when asked for and the
 * words are known (a script's), are drawn into each frame (./captions.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { TALKING_TEXTS } from '@muse/shared';
import type { TEngine, TEngineOptions, TRunContext, TTalkingVideo, TWordTiming } from '../../types';
import { MAX_INPUT_PIXELS } from '../image-size';
import { decodeAudioFile, loudnessEnvelope, type TPcm } from '../speech/audio';
import { synthesizeSpeech } from '../speech/flite';
import type { TPhone } from '../speech/word-timing';
import { captionDrawer, type TCaptionDrawer } from './captions';
import { largestFaceMesh, type TFaceMesh, type TRgbFrame } from './face-mesh';
import { withTempDir } from './ffmpeg';
import { encodeFrames, H264_MP4_OUTPUT, rawFramesInput } from './frame-pipe';
import { VIDEO_FPS, VIDEO_SIZES } from './motion-clip';
import { buildFaceRig, drawFace, type TFaceRig } from './talking-head-face';
import { planFrames, type TFramePlan } from './talking-head-motion';
import { pointBounds } from './triangulate';

type TTalkingOptions = TEngineOptions<'talking-video'>;

/** The photo is read at most this long on its longer side, and the face found on a copy this. */
const PHOTO_SIDE = 2048;
const DETECT_SIDE = 1024;
/** The face (forehead to chin) fills about this share of the frame's height... */
const FACE_SHARE = 0.34;
/** ...unless that would enlarge the photo more than this (beyond what covering the frame needs). */
const MOST_ENLARGEMENT = 2;
/** The face's middle sits this far down the frame. */
const FACE_HEIGHT = 0.42;
/** The sway's largest turn, in degrees, and its largest move, in pixels (talking-head-motion.ts). */
const MOST_TURN = 1.5;
const MOST_SHIFT = 4.5;
/** The speech is analysed at this rate. */
const ANALYSIS_RATE = 16_000;

/** The speech of a run: its file for ffmpeg, its samples, and what is known of it. */
type TSpeechTrack = {
  file: string;
  pcm: TPcm;
  seconds: number;
  phones: TPhone[] | null;
  words: TWordTiming[];
  spokenBy: 'offline' | 'audio';
};

/** The uploaded audio, or else the script said in the persona's stock voice. */
async function speechOf(
  options: TTalkingOptions,
  dir: string,
  context: TRunContext,
): Promise<TSpeechTrack> {
  const file = path.join(dir, 'speech.wav');
  const { signal } = context;
  if (options.audio) {
    context.onProgress(6, 'Reading the audio');
    await writeFile(file, options.audio);
    const pcm = await decodeAudioFile(file, ANALYSIS_RATE, signal);
    if (!pcm.samples.length) throw new Error('The audio has no sound');
    const seconds = pcm.samples.length / ANALYSIS_RATE;
    return { file, pcm, seconds, phones: null, words: [], spokenBy: 'audio' };
  }
  context.onProgress(6, 'Saying the script');
  const speech = await synthesizeSpeech(options.script, options.voice.stockVoice, signal);
  await writeFile(file, speech.wav);
  const pcm = await decodeAudioFile(file, ANALYSIS_RATE, signal);
  const seconds = pcm.samples.length / ANALYSIS_RATE;
  return { file, pcm, seconds, phones: speech.phones, words: speech.words, spokenBy: 'offline' };
}

/** The photo upright as RGB, and the mesh of its largest face in its pixels. */
async function readPhoto(input: Buffer): Promise<{ photo: TRgbFrame; mesh: TFaceMesh }> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .resize(PHOTO_SIDE, PHOTO_SIDE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const photo = { data, width: info.width, height: info.height };
  const scale = Math.min(1, DETECT_SIDE / Math.max(info.width, info.height));
  const [width, height] = [Math.round(info.width * scale), Math.round(info.height * scale)];
  const small =
    scale < 1
      ? {
          data: await sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } })
            .resize(width, height, { fit: 'fill' })
            .raw()
            .toBuffer(),
          width,
          height,
        }
      : photo;
  const found = await largestFaceMesh(small);
  if (!found) throw new Error(TALKING_TEXTS.noFace);
  // Pixel centres: x in the copy is (x + ½)·(copy width / photo width) − ½.
  const [sx, sy] = [info.width / width, info.height / height];
  const mesh = found.map((value, i) =>
    i % 2 ? (value + 0.5) * sy - 0.5 : (value + 0.5) * sx - 0.5,
  );
  return { photo, mesh };
}

/**
 * The stage: the photo scaled and cropped around the face to the frame and a margin on every
 * side (room for the sway's turn and move), with the face's mesh and middle in its pixels.
 */
async function stageOf(
  photo: TRgbFrame,
  mesh: TFaceMesh,
  width: number,
  height: number,
): Promise<{ stage: TRgbFrame; mesh: TFaceMesh; margin: number; centre: [number, number] }> {
  const margin = Math.ceil(
    Math.hypot(width, height) * Math.sin((MOST_TURN * Math.PI) / 180) + MOST_SHIFT + 2,
  );
  const [stageWidth, stageHeight] = [width + 2 * margin, height + 2 * margin];
  const cover = Math.max(stageWidth / photo.width, stageHeight / photo.height);
  const faceLength = Math.hypot(
    mesh[2 * 152]! - mesh[2 * 10]!,
    mesh[2 * 152 + 1]! - mesh[2 * 10 + 1]!,
  );
  const close = (FACE_SHARE * height) / Math.max(1, faceLength);
  const scale = Math.max(cover, Math.min(close, Math.max(cover, MOST_ENLARGEMENT)));
  const scaledWidth = Math.max(stageWidth, Math.round(photo.width * scale));
  const scaledHeight = Math.max(stageHeight, Math.round(photo.height * scale));
  const [sx, sy] = [scaledWidth / photo.width, scaledHeight / photo.height];
  const { minX, minY, maxX, maxY } = pointBounds(mesh);
  const [faceX, faceY] = [
    ((minX + maxX) / 2 + 0.5) * sx - 0.5,
    ((minY + maxY) / 2 + 0.5) * sy - 0.5,
  ];
  const clamp = (value: number, most: number) => Math.max(0, Math.min(most, Math.round(value)));
  const left = clamp(faceX - stageWidth / 2, scaledWidth - stageWidth);
  const top = clamp(faceY - (margin + FACE_HEIGHT * height), scaledHeight - stageHeight);
  const data = await sharp(photo.data, {
    raw: { width: photo.width, height: photo.height, channels: 3 },
  })
    .resize(scaledWidth, scaledHeight, { fit: 'fill' })
    .extract({ left, top, width: stageWidth, height: stageHeight })
    .raw()
    .toBuffer();
  const moved = mesh.map((value, i) =>
    i % 2 ? (value + 0.5) * sy - 0.5 - top : (value + 0.5) * sx - 0.5 - left,
  );
  return {
    stage: { data, width: stageWidth, height: stageHeight },
    mesh: moved,
    margin,
    centre: [faceX - left, faceY - top],
  };
}

/** The sway samples in fixed point: positions in 1/65536 pixel, weights in 1/256. */
const FIXED = 65_536;

/**
 * Draws the output frame from the posed stage, turned by the plan's angle about the face's
 * middle and moved by its shift (bilinear, in fixed point: a frame is half a million samples,
 * and plain integer variables keep the loop free of allocations). The margin keeps every
 * sample inside the stage; one that is not is clamped.
 */
function swayInto(
  out: Buffer,
  width: number,
  height: number,
  stage: TRgbFrame,
  plan: TFramePlan,
  margin: number,
  centre: [number, number],
): void {
  const radians = (plan.angle * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const [cx, cy] = centre;
  const data = stage.data;
  const row = stage.width * 3;
  const maxX = (stage.width - 2) * FIXED;
  const maxY = (stage.height - 2) * FIXED;
  const stepX = Math.round(cos * FIXED);
  const stepY = Math.round(sin * FIXED);
  let o = 0;
  for (let v = 0; v < height; v += 1) {
    const dy = v + margin - cy;
    const dx = margin - cx;
    let x = Math.round((cx + cos * dx - sin * dy - plan.shiftX) * FIXED);
    let y = Math.round((cy + sin * dx + cos * dy - plan.shiftY) * FIXED);
    for (let u = 0; u < width; u += 1) {
      const sx = x < 0 ? 0 : x > maxX ? maxX : x;
      const sy = y < 0 ? 0 : y > maxY ? maxY : y;
      const wx = (sx >> 8) & 255;
      const wy = (sy >> 8) & 255;
      const p = (sy >> 16) * row + (sx >> 16) * 3;
      const q = p + row;
      const w00 = (256 - wx) * (256 - wy);
      const w01 = wx * (256 - wy);
      const w10 = (256 - wx) * wy;
      const w11 = wx * wy;
      out[o] =
        (data[p]! * w00 + data[p + 3]! * w01 + data[q]! * w10 + data[q + 3]! * w11 + 32_768) >> 16;
      out[o + 1] =
        (data[p + 1]! * w00 +
          data[p + 4]! * w01 +
          data[q + 1]! * w10 +
          data[q + 4]! * w11 +
          32_768) >>
        16;
      out[o + 2] =
        (data[p + 2]! * w00 +
          data[p + 5]! * w01 +
          data[q + 2]! * w10 +
          data[q + 5]! * w11 +
          32_768) >>
        16;
      o += 3;
      x += stepX;
      y += stepY;
    }
  }
}

/** The clip's frames, drawn one at a time as the encoder asks for them. */
async function* talkingFrames(
  scene: { stage: TRgbFrame; rig: TFaceRig; margin: number; centre: [number, number] },
  plans: TFramePlan[],
  size: { width: number; height: number },
  captions: TCaptionDrawer | null,
  context: TRunContext,
): AsyncGenerator<Buffer> {
  const { stage, rig } = scene;
  const posed: TRgbFrame = { ...stage, data: Buffer.allocUnsafe(stage.data.length) };
  for (let i = 0; i < plans.length; i += 1) {
    context.signal?.throwIfAborted();
    const plan = plans[i]!;
    stage.data.copy(posed.data);
    drawFace(posed, stage, rig, plan);
    const frame = Buffer.allocUnsafe(size.width * size.height * 3);
    swayInto(frame, size.width, size.height, posed, plan, scene.margin, scene.centre);
    if (captions) await captions(frame, i / VIDEO_FPS);
    context.onProgress(
      12 + (87 * (i + 1)) / plans.length,
      `Rendering frame ${i + 1} of ${plans.length}`,
    );
    yield frame;
  }
}

async function makeTalkingVideo(
  input: Buffer,
  options: TTalkingOptions,
  context: TRunContext,
): Promise<TTalkingVideo> {
  const { signal } = context;
  const pipeOptions = signal ? { signal } : {};
  if (!options.audio && !options.script.trim()) throw new Error(TALKING_TEXTS.scriptOrAudio);
  context.onProgress(1, 'Finding the face');
  const { photo, mesh } = await readPhoto(input);
  const [width, height] = VIDEO_SIZES[options.aspectRatio];
  return withTempDir(async (dir) => {
    const speech = await speechOf(options, dir, context);
    context.onProgress(10, 'Setting up the face');
    const count = Math.max(1, Math.round(speech.seconds * VIDEO_FPS));
    const scene = await stageOf(photo, mesh, width, height);
    const rig = buildFaceRig(scene.mesh, scene.stage.width, scene.stage.height);
    const loudness = loudnessEnvelope(speech.pcm, VIDEO_FPS, count);
    // The seed is the speech's length: the same speech always moves the same way.
    const plans = planFrames(loudness, speech.phones, VIDEO_FPS, Math.round(speech.seconds * 1000));
    const captions =
      options.captions && speech.words.length ? captionDrawer(speech.words, width, height) : null;
    const output = path.join(dir, 'talking.mp4');
    await encodeFrames(
      [
        ...rawFramesInput(width, height, VIDEO_FPS),
        ...['-i', speech.file, '-map', '0:v:0', '-map', '1:a:0'],
        ...H264_MP4_OUTPUT,
        ...['-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-y', output],
      ],
      talkingFrames({ ...scene, rig }, plans, { width, height }, captions, context),
      pipeOptions,
    );
    const data = await readFile(output);
    context.onProgress(100, 'Done');
    return {
      data,
      width,
      height,
      contentType: 'video/mp4' as const,
      durationSeconds: count / VIDEO_FPS,
      fps: VIDEO_FPS,
      hasAudio: true,
      speechSeconds: speech.seconds,
      words: speech.words,
      spokenBy: speech.spokenBy,
    };
  });
}

export function createLocalTalkingVideoEngine(): TEngine<'talking-video'> & {
  readonly preview: true;
} {
  return {
    name: 'local',
    preview: true,
    run: (input, options, context) => makeTalkingVideo(input, options, context),
  };
}
