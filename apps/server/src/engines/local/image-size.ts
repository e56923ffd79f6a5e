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
