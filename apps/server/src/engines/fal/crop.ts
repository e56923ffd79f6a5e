/** Cropping an image to an aspect ratio, for endpoints that take or give another shape. */
import sharp, { type Sharp } from 'sharp';

/** An image this close to the ratio (in log terms, about 1 %) is left as it is. */
const RATIO_TOLERANCE = 0.01;

/**
 * The largest crop of `image` at `ratio` ('4:5'), around what draws the eye (sharp's
 * 'attention': skin tones, saturation, detail, so a persona is kept), ready to encode; null when
 * the image already has that shape.
 */
export async function cropToRatio(image: Buffer, ratio: string): Promise<Sharp | null> {
  const { width = 1, height = 1 } = await sharp(image).metadata();
  const [w, h] = ratio.split(':').map(Number) as [number, number];
  if (Math.abs(Math.log(width / height / (w / h))) < RATIO_TOLERANCE) return null;
  return sharp(image).resize(
    Math.min(width, Math.round((height * w) / h)),
    Math.min(height, Math.round((width * h) / w)),
    { fit: 'cover', position: 'attention' },
  );
}
