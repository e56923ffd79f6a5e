/** Types a canvas writes as they came; anything else (GIF, AVIF) becomes PNG. */
const KEPT_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
/** JPEG and WEBP quality of a scaled-down image: close to the original, at a quarter the pixels. */
const QUALITY = 0.92;

export type TSize = { width: number; height: number };

/**
 * The largest size with the same aspect ratio whose longer side is at most `maxSide`
 * (1920 × 1280 within 1024: 1024 × 683). A size that fits already is returned as it is.
 */
export function fitWithin(size: TSize, maxSide: number): TSize {
  const longer = Math.max(size.width, size.height);
  if (longer <= maxSide) return size;
  const scale = maxSide / longer;
  return {
    width: Math.min(maxSide, Math.max(1, Math.round(size.width * scale))),
    height: Math.min(maxSide, Math.max(1, Math.round(size.height * scale))),
  };
}

/**
 * Redraws an image at `size` on a canvas, with the browser's best smoothing, and returns it as a
 * file of the same name and type (PNG when the canvas cannot write the type; the name follows).
 */
export async function scaleDownImage(file: File, size: TSize): Promise<File> {
  const bitmap = await createImageBitmap(file);
  try {
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas in this browser');
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const type = KEPT_TYPES.has(file.type) ? file.type : 'image/png';
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, QUALITY));
    if (!blob) throw new Error('The canvas could not write the image');
    // A browser that cannot write the type writes PNG: the name says what the file holds.
    const written = blob.type || type;
    const name = written === file.type ? file.name : `${file.name.replace(/\.[^.]*$/, '')}.png`;
    return new File([blob], name, { type: written, lastModified: Date.now() });
  } finally {
    bitmap.close();
  }
}
