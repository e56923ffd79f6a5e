import sharp from 'sharp';

/**
 * The engines decode no image over this many pixels (a decompression bomb stops here). Uploads
 * are held to a lower bound when they arrive (lib/images.ts); this guards the engines on their own.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/** The image's size as it is seen, EXIF orientation applied, read from its header only. */
export async function uprightSize(input: Buffer): Promise<{ width: number; height: number }> {
  const metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => null);
  const width = metadata?.autoOrient?.width ?? metadata?.width;
  const height = metadata?.autoOrient?.height ?? metadata?.height;
  if (!width || !height) throw new Error('The image could not be read: unsupported or damaged');
  return { width, height };
}

export type TRgbPixels = { data: Buffer; width: number; height: number };

/**
 * The image turned upright (EXIF orientation), flattened on white, as 3-byte RGB at most
 * `maxSide` on its longer side, with the upright size of the original: what the face and
 * picture analysers read.
 */
export async function readUprightRgb(
  input: Buffer,
  maxSide: number,
): Promise<{ width: number; height: number; rgb: TRgbPixels }> {
  const { width, height } = await uprightSize(input);
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new Error('The image could not be read: unsupported or damaged');
    });
  if (info.channels !== 3) throw new Error(`Unexpected channel count ${info.channels}`);
  return { width, height, rgb: { data, width: info.width, height: info.height } };
}
