/**
 * Product shots on fal (docs/product/video-and-products.md): FLUX.1 Kontext [pro] with several images is given
 * the persona's best reference photo and the product's photo, and a prompt naming both, so the
 * persona is shown presenting that product in the creator's scene. The image is downloaded for
 * Muse's own storage (fal's URLs expire), with fal's own safety verdict.
 */
import sharp from 'sharp';
import type { TEngine, TEngineOptions, TGeneratedImage } from '../types';
import type { TFalConnection } from './client';
import { cropToRatio } from './crop';
import { KONTEXT_IMAGE_TOLERANCE_CAP, kontextRatio } from './edit';
import { falImage } from './generate';
import { runOnFal, type TFalWaiting } from './queue';

export const KONTEXT_MULTI_ENDPOINT = 'fal-ai/flux-pro/kontext/multi';

/** The product's description is named in the prompt up to this many characters. */
const DESCRIPTION_CHARS = 160;

/** The description's first sentence, shortened at a word to DESCRIPTION_CHARS. */
function shortDescription(description: string): string {
  const sentence = description.trim().split(/(?<=[.!?])\s/)[0] ?? '';
  if (sentence.length <= DESCRIPTION_CHARS) return sentence.replace(/[.!?]$/, '');
  return sentence.slice(0, DESCRIPTION_CHARS).replace(/\s+\S*$/, '');
}

/** The prompt: who is who in the two images, the scene, and what must not change. */
export function productShotPrompt(
  product: TEngineOptions<'product-shot'>['product'],
  scene: string,
): string {
  const described = shortDescription(product.description);
  const name = described ? `${product.name} (${described})` : product.name;
  return (
    `The person from the first image presenting the ${name} from the second image, ${scene}. ` +
    "Keep the person's face and the product's shape, colours and label exactly as they are."
  );
}

/** The product's photo as fal reads it: a transparent one flattened on white (not black). */
async function productUpload(photo: Buffer): Promise<Blob> {
  const { format, hasAlpha } = await sharp(photo).metadata();
  if (hasAlpha) {
    const flat = await sharp(photo).flatten({ background: '#ffffff' }).png().toBuffer();
    return new Blob([new Uint8Array(flat)], { type: 'image/png' });
  }
  return new Blob([new Uint8Array(photo)], { type: `image/${format ?? 'webp'}` });
}

/** The image cropped to the chosen ratio when Kontext gave the nearest one it has. */
async function atRatio(image: TGeneratedImage, ratio: string): Promise<TGeneratedImage> {
  const cropped = await cropToRatio(Buffer.from(image.data), ratio);
  if (!cropped) return image;
  const { data, info } = await cropped.jpeg({ quality: 92 }).toBuffer({ resolveWithObject: true });
  return { ...image, data, width: info.width, height: info.height, contentType: 'image/jpeg' };
}

export function createFalProductShotEngine(
  connection: TFalConnection,
  waiting: TFalWaiting,
): TEngine<'product-shot'> & { readonly preview: false } {
  return {
    name: 'fal',
    preview: false,
    async run(input, options, context) {
      const [w, h] = options.aspectRatio.split(':').map(Number) as [number, number];
      // A retry that follows a saved request sends nothing, so nothing is uploaded then.
      const images = context.provider?.requestId
        ? []
        : await Promise.all([
            connection.client.storage.upload(
              new Blob([new Uint8Array(options.personaPhoto)], { type: 'image/jpeg' }),
            ),
            connection.client.storage.upload(await productUpload(input)),
          ]);
      const output = await runOnFal(
        connection,
        KONTEXT_MULTI_ENDPOINT,
        {
          prompt: productShotPrompt(options.product, options.prompt),
          image_urls: images,
          // Kontext has no 4:5: the nearest it has, cropped below.
          aspect_ratio: kontextRatio('match', w, h),
          seed: options.seed,
          safety_tolerance: String(KONTEXT_IMAGE_TOLERANCE_CAP),
          output_format: 'jpeg',
          num_images: 1,
        },
        context,
        waiting,
      );
      // Kontext always answers with the seed it used, the one asked for or its own.
      const image = await falImage(
        connection,
        output as Parameters<typeof falImage>[1],
        options.seed ?? 0,
      );
      return {
        ...(await atRatio(image, options.aspectRatio)),
        appliedSafetyTolerance: KONTEXT_IMAGE_TOLERANCE_CAP,
        model: KONTEXT_MULTI_ENDPOINT,
      };
    },
  };
}
