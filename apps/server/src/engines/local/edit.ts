/**
 * The local edit engine: reframes an image to an aspect ratio with a crop that keeps the face or
 * subject, and writes it as JPEG, PNG or WebP. No model changes the pixels, so it cannot follow a
 * prompt (`generative: false`); the job layer refuses prompts before calling it.
 */
import type { TEditAspectRatio, TEditFormat, TEditOptions } from '@muse/shared';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import type { TBox, TEncodedImage, TEngines, TImageAnalyser, TRunContext } from '../types';
import { MAX_INPUT_PIXELS, uprightSize } from './image-size';

const RATIOS: Record<Exclude<TEditAspectRatio, 'match'>, number> = {
  '1:1': 1,
  '16:9': 16 / 9,
  '9:16': 9 / 16,
  '4:3': 4 / 3,
  '3:4': 3 / 4,
};

export type TCrop = { left: number; top: number; width: number; height: number };

/** Places a span of `size` inside [0, limit]: centred on `centre`, kept over [keepLo, keepHi]. */
function place(
  size: number,
  limit: number,
  centre: number,
  keepLo: number,
  keepHi: number,
): number {
  let start = centre - size / 2;
  // Keep the must-keep span (the main face) inside when it fits.
  if (keepHi - keepLo <= size) {
    start = Math.min(start, keepLo);
    start = Math.max(start, keepHi - size);
  }
  return Math.round(Math.max(0, Math.min(limit - size, start)));
}

/**
 * The largest crop of `ratio` (width / height) inside a `width` × `height` image, centred on the
 * subject and clamped to the image. When the subject is larger than the crop, the crop still keeps
 * the `focus` box (the largest face) and, vertically, favours the top of the subject: the head
 * matters more than the feet.
 */
export function cropForRatio(
  width: number,
  height: number,
  ratio: number,
  subject: TBox,
  focus?: TBox,
): TCrop {
  let cropWidth = Math.min(width, Math.round(height * ratio));
  let cropHeight = Math.round(cropWidth / ratio);
  if (cropHeight > height) {
    cropHeight = height;
    cropWidth = Math.min(width, Math.round(height * ratio));
  }
  cropWidth = Math.max(1, cropWidth);
  cropHeight = Math.max(1, cropHeight);
  const keep = focus ?? subject;
  const centreX = subject.x + subject.width / 2;
  const centreY =
    subject.height > cropHeight ? subject.y + cropHeight / 2 : subject.y + subject.height / 2;
  return {
    left: place(cropWidth, width, centreX, keep.x, keep.x + keep.width),
    top: place(cropHeight, height, centreY, keep.y, keep.y + keep.height),
    width: cropWidth,
    height: cropHeight,
  };
}

const CONTENT_TYPES: Record<TEditFormat, TEncodedImage['contentType']> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

function encode(image: Sharp, format: TEditFormat): Sharp {
  switch (format) {
    case 'jpg':
      // JPEG has no transparency: transparent areas become white rather than black.
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 90, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 8, adaptiveFiltering: true });
    case 'webp':
      return image.webp({ quality: 90, effort: 4 });
  }
}

async function runEdit(
  analyser: TImageAnalyser,
  input: Buffer,
  options: TEditOptions,
  context: TRunContext,
): Promise<TEncodedImage> {
  if (options.prompt.trim() !== '') {
    throw new Error(
      'The local edit engine cannot follow a prompt: it only changes the aspect ratio and the format.',
    );
  }
  // options.safetyTolerance only matters to generative engines.
  const { signal } = context;
  signal?.throwIfAborted();
  const { width, height } = await uprightSize(input);

  let crop: TCrop | undefined;
  if (options.aspectRatio !== 'match') {
    const ratio = RATIOS[options.aspectRatio];
    const full = cropForRatio(width, height, ratio, { x: 0, y: 0, width, height });
    // Already of that ratio (to the pixel): nothing to find, nothing to cut.
    if (full.width < width || full.height < height) {
      context.onProgress(5, 'Finding the subject');
      const analysis = await analyser.analyse(input, {
        onProgress: (percent) =>
          context.onProgress(5 + Math.round(percent * 0.6), 'Finding the subject'),
        ...(signal ? { signal } : {}),
      });
      const focus = analysis.faces[0]?.box;
      crop = cropForRatio(width, height, ratio, analysis.subject, focus);
    }
  }

  signal?.throwIfAborted();
  context.onProgress(70, 'Cropping');
  let image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  if (crop) image = image.extract(crop);

  signal?.throwIfAborted();
  context.onProgress(80, 'Encoding');
  // sharp writes no metadata (EXIF, XMP, ICC) unless asked to: the output is stripped.
  const { data, info } = await encode(image, options.format).toBuffer({ resolveWithObject: true });
  context.onProgress(100, 'Done');
  return {
    data,
    width: info.width,
    height: info.height,
    contentType: CONTENT_TYPES[options.format],
  };
}

export function createLocalEditEngine(analyser: TImageAnalyser): TEngines['edit-image'] {
  return {
    name: 'local',
    generative: false,
    run: (input, options, context) => runEdit(analyser, input, options, context),
  };
}
