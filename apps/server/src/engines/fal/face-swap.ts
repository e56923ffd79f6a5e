/**
 * Video face swap on fal (docs/product/video-and-products.md): PixVerse Swap puts the persona, from its best
 * reference photo, in place of the person in the creator's clip, every frame, keeping the
 * clip's motion and sound. The clip is downloaded for Muse's own storage (fal's URLs expire)
 * and stored as a browser MP4 (fal-video.ts).
 */
import type { TEngine, TRunContext } from '../types';
import type { TFalConnection } from './client';
import { browserVideo, falVideo, type TFalVideoOutput } from './fal-video';
import { runOnFal, type TFalWaiting } from './queue';

export const SWAP_ENDPOINT = 'fal-ai/pixverse/swap';

/** Uploads the clip and the persona's photo, for a request not yet submitted. */
async function upload(
  connection: TFalConnection,
  clip: Buffer,
  photo: Uint8Array,
  context: TRunContext,
) {
  context.onProgress(2, 'Preparing the clip');
  // PixVerse documents MP4 and MOV: a WEBM (or a codec it may not read) goes as H.264 MP4.
  const video = await browserVideo(clip, context.signal);
  return Promise.all([
    connection.client.storage.upload(new Blob([new Uint8Array(video.data)], { type: 'video/mp4' })),
    connection.client.storage.upload(new Blob([new Uint8Array(photo)], { type: 'image/jpeg' })),
  ]);
}

export function createFalFaceSwapEngine(
  connection: TFalConnection,
  waiting: TFalWaiting,
): TEngine<'face-swap'> & { readonly preview: false } {
  return {
    name: 'fal',
    preview: false,
    async run(input, options, context) {
      // A retry that follows a saved request sends nothing, so nothing is uploaded then.
      const [videoUrl, imageUrl] = context.provider?.requestId
        ? ['', '']
        : await upload(connection, input, options.personaPhoto, context);
      const output = await runOnFal(
        connection,
        SWAP_ENDPOINT,
        {
          video_url: videoUrl,
          image_url: imageUrl,
          mode: 'person',
          // The highest PixVerse Swap offers (it refuses 1080p).
          resolution: '720p',
          original_sound_switch: true,
        },
        context,
        waiting,
      );
      context.onProgress(90, 'Preparing the video');
      return {
        ...(await falVideo(connection, output as TFalVideoOutput, context.signal)),
        model: SWAP_ENDPOINT,
      };
    },
  };
}
