import sharp, { type Sharp } from 'sharp';
import { ACCEPTED_IMAGE_TYPES, UPLOAD_TEXTS, type TAcceptedImageType } from '@muse/shared';
import { badRequest } from './errors';

/** sharp's names for the accepted types: AVIF is read as its container format, HEIF. */
const SHARP_FORMATS: Record<TAcceptedImageType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpeg'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/avif': ['avif', 'heif'],
};

/** What an upload may be, judged by its bytes, never by its name or declared type. */
const ACCEPTED_FORMATS = new Set(ACCEPTED_IMAGE_TYPES.flatMap((type) => SHARP_FORMATS[type]));
/** A decompression bomb stops here: 50 megapixels is far above any phone photo. */
const MAX_INPUT_PIXELS = 50_000_000;

export type TProcessedImage = {
  /** WebP, at most 1536 px on its longer side. */
  image: Buffer;
  /** WebP, at most 384 px on its longer side. */
  thumbnail: Buffer;
  width: number;
  height: number;
};

/**
 * Refuses bytes that are not an image Muse accepts (by content, whatever the name says) and
 * returns a maker of decoders for them, turned upright.
 */
async function checkedImage(data: Buffer): Promise<() => Sharp> {
  const metadata = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width) {
    throw badRequest(UPLOAD_TEXTS.notAnImage);
  }
  return () => sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
}

/**
 * Checks that `data` is a real image and re-encodes it: the picture is turned upright, stripped
 * of its metadata (camera, location) and written anew, so nothing uploaded is served back byte
 * for byte.
 */
export async function processUploadedImage(data: Buffer): Promise<TProcessedImage> {
  const source = await checkedImage(data);
  try {
    const [image, thumbnail] = await Promise.all([
      source()
        .resize({ width: 1536, height: 1536, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 86 })
        .toBuffer({ resolveWithObject: true }),
      source()
        .resize({ width: 384, height: 384, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    ]);
    return { image: image.data, thumbnail, width: image.info.width, height: image.info.height };
  } catch {
    // The header looked like an image but the pixels could not be read: a broken or forged file.
    throw badRequest(UPLOAD_TEXTS.notAnImage);
  }
}

/**
 * The same check, re-encoded losslessly as PNG at full size (upright, no metadata): the input
 * of an AI tool, which should see every pixel the creator uploaded.
 */
export async function reencodeAsPng(
  data: Buffer,
): Promise<{ png: Buffer; width: number; height: number }> {
  const source = await checkedImage(data);
  try {
    const { data: png, info } = await source().png().toBuffer({ resolveWithObject: true });
    return { png, width: info.width, height: info.height };
  } catch {
    throw badRequest(UPLOAD_TEXTS.notAnImage);
  }
}
