/**
 * HEIC, the photo format of iPhones. sharp's build reads HEIF files but has no HEVC decoder (a
 * patent matter), so HEIC pictures are decoded by `heic-decode` (libheif compiled to
 * WebAssembly, from npm, nothing installed by hand) and handed on as PNG.
 */
import { createRequire } from 'node:module';
import sharp from 'sharp';

const require = createRequire(import.meta.url);

type TDecoded = { width: number; height: number; data: Uint8ClampedArray };
type THeicDecode = (input: { buffer: Uint8Array }) => Promise<TDecoded>;

/** A HEIF container whose picture is HEVC-coded (AVIF, also HEIF, is AV1 and sharp reads it). */
export async function isHeic(data: Buffer): Promise<boolean> {
  // The `ftyp` box comes first: its brand names the family.
  if (data.length < 12 || data.toString('latin1', 4, 8) !== 'ftyp') return false;
  const metadata = await sharp(data)
    .metadata()
    .catch(() => null);
  return metadata?.format === 'heif' && metadata.compression === 'hevc';
}

/** The picture of a HEIC file as PNG (its first image, as phones store them). */
export async function decodeHeic(data: Buffer): Promise<Buffer> {
  // CommonJS without types: its one export is the decoder.
  const decode = require('heic-decode') as THeicDecode;
  const image = await decode({ buffer: new Uint8Array(data) });
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength), {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .png()
    .toBuffer();
}
