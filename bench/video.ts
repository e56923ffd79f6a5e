/**
 * The offline video engines on this machine, in seconds of work per second of video made: the
 * motion clip (5 s of 9:16 from a persona photo) against a bare H.264 encode of as many frames
 * of the same size from a still, and the face swap (2 s of a 384×480 clip at 12 fps with sound)
 * against a bare transcode of the same clip with the same settings, both baselines measured in
 * the same run, in turns. Median of three after a warm-up that loads the models. Prints nothing:
 * the caller reports the results.
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { createLocalFaceSwapEngine } from '../apps/server/src/engines/local/video/face-swap';
import { runBinary, withTempDir } from '../apps/server/src/engines/local/video/ffmpeg';
import {
  encodeFrames,
  H264_MP4_OUTPUT,
  rawFramesInput,
} from '../apps/server/src/engines/local/video/frame-pipe';
import {
  createLocalVideoEngine,
  VIDEO_FPS,
  VIDEO_SIZES,
} from '../apps/server/src/engines/local/video/motion-clip';
import { SERVER_ROOT } from '../apps/server/src/lib/paths';

const PHOTOS = path.join(SERVER_ROOT, 'test/fixtures/photos/persona');
const RUNS = 3;
const CLIP_SECONDS = 2;

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Median seconds of a task and of its baseline over RUNS rounds, after a round that is not
 * counted (it loads the models). The two take turns, so both see the same load on the machine.
 */
async function inTurns(
  task: () => Promise<unknown>,
  baseline: () => Promise<unknown>,
): Promise<[number, number]> {
  const times: [number[], number[]] = [[], []];
  for (let round = 0; round <= RUNS; round += 1)
    for (const [i, run] of [task, baseline].entries()) {
      const started = performance.now();
      await run();
      if (round > 0) times[i]!.push((performance.now() - started) / 1000);
    }
  return [median(times[0]), median(times[1])];
}

/** The face swap's input: another woman's photo with a slow zoom, 12 fps, a 440 Hz tone. */
function fixtureClip(): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const output = path.join(dir, 'clip.mp4');
    await runBinary('ffmpeg', [
      ...['-v', 'error', '-loop', '1', '-framerate', '12'],
      ...['-i', path.join(PHOTOS, 'other-person.jpg')],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${CLIP_SECONDS}`],
      '-vf',
      "zoompan=z='1+0.006*in':d=1:x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':s=384x480:fps=12",
      ...['-t', String(CLIP_SECONDS), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
      output,
    ]);
    return readFile(output);
  });
}

/** A bare encode of `count` copies of one RGB frame, with the engines' own settings. */
function encodeStill(frame: Buffer, width: number, height: number, count: number) {
  return withTempDir(async (dir) => {
    async function* copies() {
      for (let i = 0; i < count; i += 1) yield frame;
    }
    const output = path.join(dir, 'still.mp4');
    await encodeFrames(
      [...rawFramesInput(width, height, VIDEO_FPS), ...H264_MP4_OUTPUT, '-an', '-y', output],
      copies(),
    );
  });
}

/** A bare transcode of the clip with the engines' own settings (video and sound). */
function transcode(clip: Buffer) {
  return withTempDir(async (dir) => {
    const [input, output] = [path.join(dir, 'input'), path.join(dir, 'output.mp4')];
    await writeFile(input, clip);
    await runBinary('ffmpeg', [
      ...['-v', 'error', '-i', input, ...H264_MP4_OUTPUT, '-c:a', 'aac', '-b:a', '160k'],
      ...['-y', output],
    ]);
  });
}

export type TVideoBench = {
  /** Seconds of work per second of video: the motion clip and its baseline. */
  motionClip: number;
  stillEncode: number;
  /** The same for the face swap and its baseline. */
  faceSwap: number;
  transcode: number;
};

export async function benchVideo(): Promise<TVideoBench> {
  const photo = readFileSync(path.join(PHOTOS, 'same-person-01.jpg'));
  const still = await sharp(photo).png().toBuffer();
  const [width, height] = VIDEO_SIZES['9:16'];
  const frame = await sharp(photo)
    .resize(width, height, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const context = { onProgress: () => {} };
  const motion = createLocalVideoEngine();
  const options = {
    influencerId: null,
    prompt: 'slow push-in',
    duration: '5',
    aspectRatio: '9:16',
  } as const;
  const clipSeconds = Number(options.duration);
  const [motionClip, stillEncode] = await inTurns(
    () => motion.run(still, options, context),
    () => encodeStill(frame, width, height, clipSeconds * VIDEO_FPS),
  );

  const clip = await fixtureClip();
  const swap = createLocalFaceSwapEngine();
  const swapOptions = {
    influencerId: 'persona',
    footageRights: true as const,
    personaPhoto: photo,
  };
  const [faceSwap, bare] = await inTurns(
    () => swap.run(clip, swapOptions, context),
    () => transcode(clip),
  );
  return {
    motionClip: motionClip / clipSeconds,
    stillEncode: stillEncode / clipSeconds,
    faceSwap: faceSwap / CLIP_SECONDS,
    transcode: bare / CLIP_SECONDS,
  };
}
