/**
 * A post's own files (docs/decisions/0030-publishing-and-pay-per-view.md): each item copies the
 * gallery's original and its sharp preview (a video's poster frame), and gets a blurred preview
 * made here, the only file of a locked post a visitor is ever sent.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { PUBLISHING_TEXTS } from '@muse/shared';
import sharp from 'sharp';
import type { galleryItems, postItems } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { TStorage } from '../../lib/storage';

type TGalleryRow = typeof galleryItems.$inferSelect;
export type TPostItemFiles = Pick<
  typeof postItems.$inferInsert,
  'key' | 'thumbnailKey' | 'blurredKey'
>;

/** The blurred preview is shrunk to this many pixels on its longer side: no feature survives. */
const BLUR_SOURCE_SIDE = 24;
/** …then scaled back to about this size, so it fills a tile without looking like a mosaic. */
const BLURRED_SIDE = 480;

/**
 * The blurred preview of a picture: shrunk hard, blurred, scaled back and blurred again, as WebP.
 * Whatever the source, what comes out holds no more than 24 pixels' worth of it.
 */
export async function blurredPreview(picture: Buffer): Promise<Buffer> {
  const tiny = await sharp(picture)
    .rotate()
    .resize(BLUR_SOURCE_SIDE, BLUR_SOURCE_SIDE, { fit: 'inside' })
    .blur(1)
    .toBuffer({ resolveWithObject: true });
  const { width, height } = tiny.info;
  const scale = BLURRED_SIDE / Math.max(width, height);
  return sharp(tiny.data)
    .resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), {
      fit: 'fill',
      kernel: 'cubic',
    })
    .blur(12)
    .webp({ quality: 60 })
    .toBuffer();
}

async function read(storage: TStorage, key: string): Promise<Buffer> {
  const stored = await storage.get(key);
  // The gallery row is there but its file is not: the item is as good as gone.
  if (!stored)
    throw new AppError(404, PUBLISHING_TEXTS.itemNotFound, 'GALLERY_ITEM_NOT_FOUND', {
      field: 'itemIds',
    });
  return buffer(stored.stream);
}

/**
 * Copies one gallery item into the post's folder and makes its blurred preview. Each file gets a
 * random name of its own, so the blurred preview's key tells nothing about the others'. Files
 * written before a failure are deleted before it is passed on.
 */
export async function copyItemFiles(
  storage: TStorage,
  folder: string,
  item: TGalleryRow,
  /** A video's full-size poster frame, when its job kept one (else the gallery's preview). */
  posterKey: string | null,
): Promise<TPostItemFiles> {
  const extension = path.extname(item.key).toLowerCase() || '.bin';
  const keys: TPostItemFiles = {
    key: `${folder}/${randomUUID()}${extension}`,
    thumbnailKey: `${folder}/${randomUUID()}-thumb.webp`,
    blurredKey: `${folder}/${randomUUID()}-blur.webp`,
  };
  const written: string[] = [];
  try {
    // One file in memory at a time: a video can be tens of megabytes. The storage interface
    // writes whole buffers.
    const original = await read(storage, item.key);
    await storage.put(keys.key, original);
    written.push(keys.key);
    const preview = await read(storage, posterKey ?? item.thumbnailKey);
    await storage.put(keys.thumbnailKey, preview);
    written.push(keys.thumbnailKey);
    await storage.put(keys.blurredKey, await blurredPreview(preview));
    written.push(keys.blurredKey);
    return keys;
  } catch (error) {
    await removePostFiles(storage, written);
    throw error;
  }
}

/** Removes files; a missing one is not an error, and one that fails does not stop the rest. */
export async function removePostFiles(storage: TStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));
}

/** Every file key of a post's items. */
export const itemFileKeys = (items: TPostItemFiles[]) =>
  items.flatMap((item) => [item.key, item.thumbnailKey, item.blurredKey]);
