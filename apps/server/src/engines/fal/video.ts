/**
 * Generate Video on fal (docs/product/video-and-products.md): the still animated by Kling's image-to-video,
 * moved as the creator's words say, for 5 or 10 seconds. The clip is downloaded for Muse's own
 * storage (fal's URLs expire) and stored as a browser MP4 (fal-video.ts).
 */
import type { TVideoAspectRatio } from '@muse/shared';
import type { TEngine } from '../types';
import type { TFalConnection } from './client';
import { cropToRatio } from './crop';
import { falVideo, type TFalVideoOutput } from './fal-video';
import { runOnFal, type TFalWaiting } from './queue';

/**
 * Kling 2.5 Turbo Standard: the newest Kling model in @fal-ai/client 1.10's endpoint types that
 * takes the input of 2.1 Standard (`prompt`, `image_url`, `duration` "5" | "10",
 * `negative_prompt`, `cfg_scale`), at Kling's standard (720p) tier. Kling 2.6, 3 and O3 take a
 * `start_image_url` instead and make sound by default: a different contract and price.
 */
export const KLING_ENDPOINT = 'fal-ai/kling-video/v2.5-turbo/standard/image-to-video';

/** What the clip should avoid; Kling's own default is 'blur, distort, and low quality'. */
const NEGATIVE_PROMPT = 'blur, distortion, morphing face, extra limbs, flicker, low quality';

/**
 * The still at the chosen aspect ratio. Kling keeps the shape of the image it animates (the
 * endpoint takes no aspect ratio), so a still of another shape is cropped first. Stills come
 * upright and without metadata (lib/images.ts), so no orientation is read.
 */
export async function stillAtRatio(still: Buffer, ratio: TVideoAspectRatio): Promise<Buffer> {
  const cropped = await cropToRatio(still, ratio);
  return cropped ? cropped.png().toBuffer() : still;
}

export function createFalVideoEngine(
  connection: TFalConnection,
  waiting: TFalWaiting,
): TEngine<'generate-video'> & { readonly preview: false } {
  return {
    name: 'fal',
    preview: false,
    async run(input, options, context) {
      // A retry that follows a saved request sends nothing, so nothing is uploaded then.
      const image = context.provider?.requestId
        ? ''
        : await connection.client.storage.upload(
            new Blob([new Uint8Array(await stillAtRatio(input, options.aspectRatio))], {
              type: 'image/png',
            }),
          );
      const output = await runOnFal(
        connection,
        KLING_ENDPOINT,
        {
          prompt: options.prompt,
          image_url: image,
          duration: options.duration,
          negative_prompt: NEGATIVE_PROMPT,
        },
        context,
        waiting,
      );
      context.onProgress(90, 'Preparing the video');
      return {
        ...(await falVideo(connection, output as TFalVideoOutput, context.signal)),
        model: KLING_ENDPOINT,
      };
    },
  };
}
