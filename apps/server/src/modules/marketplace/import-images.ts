import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { TDatabase } from '../../db/client';
import { marketplaceModels } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { TStorage } from '../../lib/storage';
import { PORTRAITS_PER_MODEL } from './catalogue';
import { PORTRAIT_SIZES } from './portraits';
import { marketplaceChanged } from './list-cache';
import { portraitKey } from './service';

/** Decodes an upload as an image, whatever its name says; refuses anything that is not one. */
async function decodeImage(file: Buffer, label: string) {
  try {
    const meta = await sharp(file).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    return meta;
  } catch {
    throw badRequest(`${label} is not an image Muse can read (JPEG, PNG, WebP, AVIF, GIF or TIFF)`);
  }
}

/**
 * Replaces a marketplace model's portraits with real photos (1 to 5). Each is cropped to 3:4
 * around its most interesting part, stored as WebP at the grid and detail sizes under a new
 * image version, and the model switches to it only once every file is stored.
 */
export async function importModelImages(
  db: TDatabase,
  storage: TStorage,
  modelId: number,
  files: { name: string; data: Buffer }[],
): Promise<{ imageCount: number; imageVersion: number }> {
  if (files.length < 1 || files.length > PORTRAITS_PER_MODEL) {
    throw badRequest(`Give between 1 and ${PORTRAITS_PER_MODEL} images`);
  }
  const [model] = await db
    .select()
    .from(marketplaceModels)
    .where(eq(marketplaceModels.id, modelId));
  if (!model) throw notFound(`There is no marketplace model ${modelId}`, 'MODEL_NOT_FOUND');
  for (const file of files) await decodeImage(file.data, file.name);

  const version = model.imageVersion + 1;
  for (const [position, file] of files.entries()) {
    for (const size of ['card', 'full'] as const) {
      const { width, height } = PORTRAIT_SIZES[size];
      const image = await sharp(file.data)
        .rotate() // honour the camera's orientation
        .resize(width, height, { fit: 'cover', position: sharp.strategy.attention })
        .webp({ quality: size === 'card' ? 80 : 84 })
        .toBuffer();
      await storage.put(portraitKey(modelId, version, position, size), image);
    }
  }
  await db
    .update(marketplaceModels)
    .set({ imageCount: files.length, imageVersion: version })
    .where(eq(marketplaceModels.id, modelId));
  marketplaceChanged();
  return { imageCount: files.length, imageVersion: version };
}
