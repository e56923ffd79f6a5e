import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { TOOLS, toolRecord, type TJobTool } from '@muse/shared';
import type { TEngines } from '../src/engines';
import { probeVideo, runBinary, withTempDir } from '../src/engines/local/video/ffmpeg';
import type {
  TEncodedImage,
  TEncodedVideo,
  TPromptResult,
  TRunContext,
} from '../src/engines/types';

/**
 * Engines for the API tests of the job machinery: real image bytes out, in milliseconds, with
 * progress reported like the local engines do. The real engines have their own unit tests and
 * run in the end-to-end suite.
 */
async function resized(
  input: Buffer,
  factor: number,
  context: TRunContext,
): Promise<TEncodedImage> {
  const meta = await sharp(input).metadata();
  for (let tile = 1; tile <= 4; tile++) {
    context.onProgress(tile * 25, `Upscaling tile ${tile} of 4`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const width = meta.width! * factor;
  const height = meta.height! * factor;
  const data = await sharp(input).resize(width, height).png().toBuffer();
  return { data, width, height, contentType: 'image/png' };
}

/** A small real H.264 MP4 of `seconds` showing `picture` (4 frames a second: quick to make). */
export async function stillClip(picture: Buffer, seconds: number, width = 72, height = 128) {
  return withTempDir(async (dir) => {
    const still = path.join(dir, 'still.png');
    const clip = path.join(dir, 'clip.mp4');
    await sharp(picture).resize(width, height, { fit: 'cover' }).png().toFile(still);
    await runBinary('ffmpeg', [
      '-v',
      'error',
      '-loop',
      '1',
      '-i',
      still,
      '-t',
      String(seconds),
      '-r',
      '4',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-movflags',
      '+faststart',
      '-y',
      clip,
    ]);
    return readFile(clip);
  });
}

/** A clip as an engine returns it, with what the shipped ffprobe reads of it. */
async function asVideo(data: Buffer): Promise<TEncodedVideo> {
  const probe = await probeVideo(data);
  if (!probe) throw new Error('not a video');
  return {
    data,
    width: probe.width,
    height: probe.height,
    contentType: 'video/mp4',
    durationSeconds: probe.durationSeconds,
    fps: probe.fps,
    hasAudio: probe.hasAudio,
  };
}

/** A prompt for the picture, led by the creator's own words. */
async function described(input: Buffer, customPrompt: string): Promise<TPromptResult> {
  const meta = await sharp(input).metadata();
  return {
    prompt: `${customPrompt ? `${customPrompt}, ` : ''}a ${meta.width}x${meta.height} picture`,
    analysis: {
      width: meta.width!,
      height: meta.height!,
      faces: [],
      subject: { x: 0, y: 0, width: meta.width!, height: meta.height! },
      framing: 'wide',
      palette: [],
      lighting: 'even light',
      orientation: 'square',
    },
  };
}

export type TTestEngineControl = {
  /** Makes the next runs fail with this error. */
  failWith: Error | null;
  /** Makes the next runs wait until released (a run that hangs, as in a dying worker). */
  hold: Promise<void> | null;
  /** Makes the next runs of the offline-preview engines wait until released; the others run. */
  holdPreviews: Promise<void> | null;
  runs: number;
};

export function createTestEngines(): { engines: TEngines; control: TTestEngineControl } {
  const control: TTestEngineControl = { failWith: null, hold: null, holdPreviews: null, runs: 0 };
  const gate = async (preview = false) => {
    control.runs += 1;
    if (control.hold) await control.hold;
    if (preview && control.holdPreviews) await control.holdPreviews;
    if (control.failWith) throw control.failWith;
  };
  /** What a tool without a fake of its own below gets: its kind of result, from the input. */
  const generic = (tool: TJobTool) => ({
    name: 'test',
    preview: TOOLS[tool].preview,
    generative: false,
    async run(input: Buffer, _options: unknown, context: TRunContext) {
      await gate(TOOLS[tool].preview);
      const returns = TOOLS[tool].returns;
      if (returns === 'video') return asVideo(await stillClip(input, 1));
      if (returns === 'image') return resized(input, 1, context);
      return described(input, '');
    },
  });
  const fakes: Partial<TEngines> = {
    upscale: {
      name: 'test',
      async run(input, _options, context) {
        await gate();
        return resized(input, 4, context);
      },
    },
    'edit-image': {
      name: 'test',
      generative: false,
      async run(input, _options, context) {
        await gate();
        context.onProgress(50, 'Cropping');
        const data = await sharp(input).webp().toBuffer({ resolveWithObject: true });
        return {
          data: data.data,
          width: data.info.width,
          height: data.info.height,
          contentType: 'image/webp',
        };
      },
    },
    'generate-image': {
      name: 'test',
      // Like the offline engine: a free preview made from the persona's reference photo.
      preview: true,
      async run(input, { aspectRatio, seed }, context) {
        await gate(true);
        context.onProgress(50, 'Placing the persona');
        const [w, h] = aspectRatio.split(':').map(Number) as [number, number];
        const width = Math.round((256 * w) / Math.max(w, h));
        const height = Math.round((256 * h) / Math.max(w, h));
        const image = input.length
          ? sharp(input).resize(width, height, { fit: 'cover', position: 'attention' })
          : sharp({
              create: { width, height, channels: 3, background: { r: seed % 256, g: 90, b: 140 } },
            });
        const data = await image.jpeg().toBuffer();
        return { data, width, height, contentType: 'image/jpeg', seed };
      },
    },
    'generate-video': {
      name: 'test',
      preview: true,
      async run(input, { duration, aspectRatio }, context) {
        await gate(true);
        context.onProgress(50, 'Moving the camera');
        const [w, h] =
          aspectRatio === '16:9' ? [256, 144] : aspectRatio === '1:1' ? [192, 192] : [144, 256];
        return asVideo(await stillClip(input, Number(duration), w, h));
      },
    },
    'face-swap': {
      name: 'test',
      preview: true,
      async run(input, { personaPhoto }, context) {
        await gate(true);
        context.onProgress(50, 'Swapping frame 1 of 1');
        // The persona's photo for the clip's length: a face swap that shows only the persona.
        const length = (await probeVideo(input))?.durationSeconds ?? 1;
        return asVideo(
          await stillClip(Buffer.from(personaPhoto), Math.max(1, Math.round(length)), 240, 320),
        );
      },
    },
    'product-shot': {
      name: 'test',
      preview: true,
      async run(input, { personaPhoto, seed }, context) {
        await gate(true);
        context.onProgress(50, 'Placing the product');
        const product = await sharp(input).resize(96, 96, { fit: 'inside' }).png().toBuffer();
        const data = await sharp(Buffer.from(personaPhoto))
          .resize(256, 320, { fit: 'cover' })
          .composite([{ input: product, left: 150, top: 210 }])
          .jpeg()
          .toBuffer();
        return { data, width: 256, height: 320, contentType: 'image/jpeg', seed: seed ?? 0 };
      },
    },
    'generate-prompt': {
      name: 'test',
      async run(input, { customPrompt }, context) {
        await gate();
        context.onProgress(50, 'Looking at the image');
        return described(input, customPrompt);
      },
    },
  };
  // A new tool runs on the generic fake until it brings its own here.
  const engines = toolRecord((tool) => fakes[tool] ?? generic(tool)) as TEngines;
  return { engines, control };
}
