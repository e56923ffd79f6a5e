/**
 * Edit Image on fal (docs/product/generate.md): an edit described in words runs on
 * `fal-ai/flux-pro/kontext` with the safety tolerance the creator chose; framing and format
 * alone need no model and are done here, like the local engine does them.
 */
import type { TEditAspectRatio } from '@muse/shared';
import sharp from 'sharp';
import type { TEngine, TGeneratedImage } from '../types';
import type { TFalConnection } from './client';
import { falImage } from './generate';
import { runOnFal, type TFalWaiting } from './queue';

/**
 * The highest safety tolerance fal applies to an edit of a given image, whatever is asked: its
 * documentation and its users report 2. Muse sends the creator's choice and records this cap.
 */
export const KONTEXT_IMAGE_TOLERANCE_CAP = 2;

const KONTEXT_RATIOS = ['21:9', '16:9', '4:3', '3:2', '1:1', '2:3', '3:4', '9:16', '9:21'] as const;

/** The ratio Kontext takes nearest to the input's own ('Match Input') or the one chosen. */
export function kontextRatio(ratio: TEditAspectRatio, width: number, height: number): string {
  if (ratio !== 'match') return ratio;
  const target = Math.log(width / height);
  return KONTEXT_RATIOS.reduce((best, candidate) => {
    const [w, h] = candidate.split(':').map(Number) as [number, number];
    const [bw, bh] = best.split(':').map(Number) as [number, number];
    return Math.abs(Math.log(w / h) - target) < Math.abs(Math.log(bw / bh) - target)
      ? candidate
      : best;
  });
}

/** Reframes (centred) and converts, without a model. */
async function reframe(input: Buffer, ratio: TEditAspectRatio, format: 'jpg' | 'png' | 'webp') {
  let image = sharp(input).rotate();
  const meta = await sharp(input).metadata();
  if (ratio !== 'match' && meta.width && meta.height) {
    const [w, h] = ratio.split(':').map(Number) as [number, number];
    const width = Math.min(meta.width, Math.round((meta.height * w) / h));
    const height = Math.min(meta.height, Math.round((meta.width * h) / w));
    image = image.resize(width, height, { fit: 'cover', position: 'attention' });
  }
  const encoded =
    format === 'png' ? image.png() : format === 'webp' ? image.webp() : image.jpeg({ quality: 92 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  const contentType =
    format === 'png' ? 'image/png' : format === 'webp' ? 'image/webp' : 'image/jpeg';
  return { data, width: info.width, height: info.height, contentType } satisfies TGeneratedImage;
}

/** The endpoint of an edit a prompt describes (a reframe alone runs here, on no model). */
export const KONTEXT_ENDPOINT = 'fal-ai/flux-pro/kontext';

export function createFalEditEngine(
  connection: TFalConnection,
  waiting: TFalWaiting,
): TEngine<'edit-image'> & { readonly generative: true } {
  return {
    name: 'fal',
    generative: true,
    async run(input, options, context) {
      if (!options.prompt) return reframe(input, options.aspectRatio, options.format);
      const meta = await sharp(input).metadata();
      const image = context.provider?.requestId
        ? ''
        : await connection.client.storage.upload(
            new Blob([new Uint8Array(input)], { type: 'image/png' }),
          );
      const output = await runOnFal(
        connection,
        KONTEXT_ENDPOINT,
        {
          prompt: options.prompt,
          image_url: image,
          aspect_ratio: kontextRatio(options.aspectRatio, meta.width ?? 1, meta.height ?? 1),
          safety_tolerance: String(options.safetyTolerance),
          output_format: options.format === 'jpg' ? 'jpeg' : 'png',
          num_images: 1,
        },
        context,
        waiting,
      );
      const edited = await falImage(connection, output as Parameters<typeof falImage>[1], 0);
      const converted =
        options.format === 'webp'
          ? {
              ...edited,
              data: await sharp(Buffer.from(edited.data)).webp().toBuffer(),
              contentType: 'image/webp' as const,
            }
          : edited;
      return {
        data: converted.data,
        width: converted.width,
        height: converted.height,
        contentType: converted.contentType,
        ...(converted.flagged ? { flagged: true } : {}),
        appliedSafetyTolerance: Math.min(options.safetyTolerance, KONTEXT_IMAGE_TOLERANCE_CAP),
        model: KONTEXT_ENDPOINT,
      };
    },
  };
}
