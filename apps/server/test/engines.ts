import sharp from 'sharp';
import type { TEngines } from '../src/engines';
import type { TEncodedImage, TRunContext } from '../src/engines/types';

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

export type TTestEngineControl = {
  /** Makes the next runs fail with this error. */
  failWith: Error | null;
  /** Makes the next runs wait until released (a run that hangs, as in a dying worker). */
  hold: Promise<void> | null;
  runs: number;
};

export function createTestEngines(): { engines: TEngines; control: TTestEngineControl } {
  const control: TTestEngineControl = { failWith: null, hold: null, runs: 0 };
  const gate = async () => {
    control.runs += 1;
    if (control.hold) await control.hold;
    if (control.failWith) throw control.failWith;
  };
  const engines: TEngines = {
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
        await gate();
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
    'generate-prompt': {
      name: 'test',
      async run(input, { customPrompt }, context) {
        await gate();
        context.onProgress(50, 'Looking at the image');
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
      },
    },
  };
  return { engines, control };
}
