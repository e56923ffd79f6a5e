import { randomUUID } from 'node:crypto';
import {
  MAX_PRODUCT_IMAGES,
  PRODUCT_TEXTS,
  UPLOAD_TEXTS,
  type TProduct,
  type TProductFields,
  type TUsage,
  isUuid,
} from '@muse/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import { productImages, products } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { TFileUrlSigner } from '../../lib/file-urls';
import type { TProcessedImage } from '../../lib/images';
import type { TStorage } from '../../lib/storage';
import { getAccountState } from '../billing/entitlements';

type TProductRow = typeof products.$inferSelect;
type TImageRow = typeof productImages.$inferSelect;
export type TProductDeps = { storage: TStorage; files: TFileUrlSigner };

const productNotFound = () => notFound(PRODUCT_TEXTS.notFound, 'PRODUCT_NOT_FOUND');
export const productLimitReached = () => new AppError(403, PRODUCT_TEXTS.noSlot, 'PRODUCT_LIMIT');

function toPublicProduct(row: TProductRow, images: TImageRow[], files: TFileUrlSigner): TProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    link: row.link,
    images: images.map((image) => ({
      id: image.id,
      url: files.sign(image.imageKey),
      thumbnail: files.sign(image.thumbnailKey),
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function imagesOf(db: TQueryable, productIds: string[]) {
  if (!productIds.length) return new Map<string, TImageRow[]>();
  const rows = await db
    .select()
    .from(productImages)
    .where(inArray(productImages.productId, productIds))
    .orderBy(asc(productImages.position), asc(productImages.createdAt));
  const byProduct = new Map<string, TImageRow[]>();
  for (const row of rows)
    byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  return byProduct;
}

export async function countProducts(db: TQueryable, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ used: count() })
    .from(products)
    .where(eq(products.workspaceId, workspaceId));
  return row?.used ?? 0;
}

/** Products held over the plan's product slots (FREE: 0). */
export async function productUsage(db: TDatabase, workspaceId: string): Promise<TUsage> {
  const [used, account] = await Promise.all([
    countProducts(db, workspaceId),
    getAccountState(db, workspaceId),
  ]);
  return { used, limit: account.entitlements.productSlots };
}

export async function listProducts(db: TDatabase, files: TFileUrlSigner, workspaceId: string) {
  const rows = await db
    .select()
    .from(products)
    .where(eq(products.workspaceId, workspaceId))
    .orderBy(desc(products.createdAt), desc(products.id));
  const images = await imagesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPublicProduct(row, images.get(row.id) ?? [], files));
}

/**
 * What a product shot is made from: the product's name, description and first photo's key (null
 * without a photo). Another account's product answers 404 like an unknown one.
 */
export async function productForShot(db: TQueryable, workspaceId: string, id: string) {
  const row = await findProduct(db, workspaceId, id);
  const [first] = (await imagesOf(db, [row.id])).get(row.id) ?? [];
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageKey: first?.imageKey ?? null,
  };
}

async function findProduct(db: TQueryable, workspaceId: string, id: string) {
  if (!isUuid(id)) throw productNotFound();
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.workspaceId, workspaceId)));
  if (!row) throw productNotFound();
  return row;
}

export async function getProduct(
  db: TDatabase,
  files: TFileUrlSigner,
  workspaceId: string,
  id: string,
) {
  const row = await findProduct(db, workspaceId, id);
  return toPublicProduct(row, (await imagesOf(db, [id])).get(id) ?? [], files);
}

async function storeImages(
  storage: TStorage,
  workspaceId: string,
  productId: string,
  images: TProcessedImage[],
) {
  return Promise.all(
    images.map(async (image) => {
      const base = `users/${workspaceId}/products/${productId}/${randomUUID()}`;
      const keys = { imageKey: `${base}.webp`, thumbnailKey: `${base}-thumb.webp` };
      await Promise.all([
        storage.put(keys.imageKey, image.image),
        storage.put(keys.thumbnailKey, image.thumbnail),
      ]);
      return keys;
    }),
  );
}

async function removeFiles(storage: TStorage, rows: { imageKey: string; thumbnailKey: string }[]) {
  await Promise.all(
    rows.flatMap((row) => [storage.delete(row.imageKey), storage.delete(row.thumbnailKey)]),
  );
}

/** Serialises an account's product writes, so concurrent creates cannot pass the slot limit. */
async function lockAccountProducts(tx: TQueryable, workspaceId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`products:${workspaceId}`}))`);
}

export async function createProduct(
  db: TDatabase,
  deps: TProductDeps,
  workspaceId: string,
  input: TProductFields & { images: TProcessedImage[] },
): Promise<TProduct> {
  if (input.images.length > MAX_PRODUCT_IMAGES) throw badRequest(UPLOAD_TEXTS.tooManyImages);
  const { entitlements } = await getAccountState(db, workspaceId);
  if (entitlements.productSlots < 1) throw productLimitReached();
  const id = randomUUID();
  const keys = await storeImages(deps.storage, workspaceId, id, input.images);
  try {
    const [row, images] = await db.transaction(async (tx) => {
      await lockAccountProducts(tx, workspaceId);
      if ((await countProducts(tx, workspaceId)) >= entitlements.productSlots)
        throw productLimitReached();
      const [created] = await tx
        .insert(products)
        .values({
          id,
          workspaceId,
          name: input.name,
          description: input.description,
          link: input.link,
        })
        .returning();
      const stored = keys.length
        ? await tx
            .insert(productImages)
            .values(keys.map((key, position) => ({ productId: id, position, ...key })))
            .returning()
        : [];
      if (!created) throw new Error('The product was not written');
      return [created, stored] as const;
    });
    return toPublicProduct(row, images, deps.files);
  } catch (error) {
    await removeFiles(deps.storage, keys);
    throw error;
  }
}

/**
 * Saves new text, keeps the images listed in `keepImageIds` (in that order), drops the others
 * and appends the new uploads, at most 5 in all.
 */
export async function updateProduct(
  db: TDatabase,
  deps: TProductDeps,
  workspaceId: string,
  id: string,
  input: TProductFields & { images: TProcessedImage[]; keepImageIds: string[] },
): Promise<TProduct> {
  await findProduct(db, workspaceId, id);
  const existing = (await imagesOf(db, [id])).get(id) ?? [];
  const kept = input.keepImageIds
    .map((imageId) => existing.find((image) => image.id === imageId))
    .filter((image): image is TImageRow => !!image);
  if (kept.length + input.images.length > MAX_PRODUCT_IMAGES)
    throw badRequest(UPLOAD_TEXTS.tooManyImages);
  const dropped = existing.filter((image) => !kept.includes(image));
  const keys = await storeImages(deps.storage, workspaceId, id, input.images);
  try {
    const [row, images] = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(products)
        .set({
          name: input.name,
          description: input.description,
          link: input.link,
          updatedAt: new Date(),
        })
        .where(and(eq(products.id, id), eq(products.workspaceId, workspaceId)))
        .returning();
      if (!updated) throw productNotFound();
      if (dropped.length)
        await tx.delete(productImages).where(
          inArray(
            productImages.id,
            dropped.map((image) => image.id),
          ),
        );
      for (const [position, image] of kept.entries())
        await tx.update(productImages).set({ position }).where(eq(productImages.id, image.id));
      if (keys.length)
        await tx
          .insert(productImages)
          .values(
            keys.map((key, index) => ({ productId: id, position: kept.length + index, ...key })),
          );
      return [updated, (await imagesOf(tx, [id])).get(id) ?? []] as const;
    });
    await removeFiles(deps.storage, dropped);
    return toPublicProduct(row, images, deps.files);
  } catch (error) {
    await removeFiles(deps.storage, keys);
    throw error;
  }
}

export async function deleteProduct(
  db: TDatabase,
  deps: TProductDeps,
  workspaceId: string,
  id: string,
): Promise<void> {
  await findProduct(db, workspaceId, id);
  const images = (await imagesOf(db, [id])).get(id) ?? [];
  const [deleted] = await db
    .delete(products)
    .where(and(eq(products.id, id), eq(products.workspaceId, workspaceId)))
    .returning({ id: products.id });
  if (!deleted) throw productNotFound();
  await removeFiles(deps.storage, images);
}
