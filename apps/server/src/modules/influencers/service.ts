import { randomUUID } from 'node:crypto';
import {
  INFLUENCER_TEXTS,
  type TInfluencer,
  type TInfluencerFields,
  type TUsage,
  type TVisualStyle,
} from '@muse/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import { influencers } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { TFileUrlSigner } from '../../lib/file-urls';
import type { TProcessedImage } from '../../lib/images';
import type { TStorage } from '../../lib/storage';
import { debit, getBalances, InsufficientBalanceError, refund } from '../billing/ledger';

type TInfluencerRow = typeof influencers.$inferSelect;

export type TFilesDeps = { storage: TStorage; files: TFileUrlSigner };

export type TInfluencerImageKeys = { imageKey: string; thumbnailKey: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Another user's influencer, a deleted one and a malformed id all answer the same 404. */
const influencerNotFound = () => notFound(INFLUENCER_TEXTS.notFound);

export const influencerLimitReached = () =>
  new AppError(403, INFLUENCER_TEXTS.noSlot, 'INFLUENCER_LIMIT');

/** The ledger reference of the slot (model token) an influencer holds. */
const slotReference = (influencerId: string) => `influencer:${influencerId}`;

export function toPublicInfluencer(row: TInfluencerRow, files: TFileUrlSigner): TInfluencer {
  return {
    id: row.id,
    name: row.name,
    niche: row.niche,
    personality: row.personality,
    target_audience: row.targetAudience,
    description: row.description,
    image: row.imageKey ? files.sign(row.imageKey) : null,
    thumbnail: row.thumbnailKey ? files.sign(row.thumbnailKey) : null,
    modelId: row.modelId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function listInfluencers(db: TDatabase, userId: string, limit?: number) {
  const query = db
    .select()
    .from(influencers)
    .where(eq(influencers.userId, userId))
    .orderBy(desc(influencers.createdAt), desc(influencers.id));
  return limit ? query.limit(limit) : query;
}

export async function findInfluencer(db: TDatabase, userId: string, id: string) {
  if (!UUID.test(id)) throw influencerNotFound();
  const [row] = await db
    .select()
    .from(influencers)
    .where(and(eq(influencers.id, id), eq(influencers.userId, userId)));
  if (!row) throw influencerNotFound();
  return row;
}

export async function countInfluencers(db: TDatabase, userId: string): Promise<number> {
  const [held] = await db
    .select({ used: count() })
    .from(influencers)
    .where(eq(influencers.userId, userId));
  return held?.used ?? 0;
}

/** Influencers held over slots: every model token ever granted (docs/product/workspace.md). */
export async function influencerUsage(db: TDatabase, userId: string): Promise<TUsage> {
  const [used, balances] = await Promise.all([
    countInfluencers(db, userId),
    getBalances(db, userId),
  ]);
  return { used, limit: balances.modelTokensGranted };
}

/** Stores an influencer's picture and thumbnail under fresh keys. */
export async function storeInfluencerImage(
  storage: TStorage,
  userId: string,
  influencerId: string,
  image: TProcessedImage,
): Promise<TInfluencerImageKeys> {
  const base = `users/${userId}/influencers/${influencerId}/${randomUUID()}`;
  const keys = { imageKey: `${base}.webp`, thumbnailKey: `${base}-thumb.webp` };
  await Promise.all([
    storage.put(keys.imageKey, image.image),
    storage.put(keys.thumbnailKey, image.thumbnail),
  ]);
  return keys;
}

export async function removeInfluencerFiles(
  storage: TStorage,
  keys: (string | null | undefined)[],
): Promise<void> {
  await Promise.all(keys.filter((key): key is string => !!key).map((key) => storage.delete(key)));
}

export type TNewInfluencer = TInfluencerFields & {
  image?: TProcessedImage | null;
  modelId?: number | null;
  visualStyle?: TVisualStyle | null;
};

/**
 * Writes an influencer into one of the account's free slots, inside the caller's transaction:
 * the slot's model token is spent with the row, so two concurrent creates never share a slot.
 * Throws InsufficientBalanceError when no slot is free.
 */
export async function insertInfluencer(
  tx: TQueryable,
  userId: string,
  id: string,
  input: Omit<TNewInfluencer, 'image'>,
  keys: TInfluencerImageKeys | null,
): Promise<TInfluencerRow> {
  await debit(tx, {
    userId,
    currency: 'model_tokens',
    amount: 1,
    description: `Influencer slot: ${input.name}`,
    reference: slotReference(id),
  });
  const [row] = await tx
    .insert(influencers)
    .values({
      id,
      userId,
      name: input.name,
      niche: input.niche,
      personality: input.personality,
      targetAudience: input.target_audience,
      description: input.description,
      imageKey: keys?.imageKey ?? null,
      thumbnailKey: keys?.thumbnailKey ?? null,
      modelId: input.modelId ?? null,
      visualStyle: input.visualStyle ?? null,
    })
    .returning();
  if (!row) throw new Error('The influencer was not written');
  return row;
}

/**
 * Creates an influencer in one of the account's free slots (see `insertInfluencer`).
 * `inTransaction` runs inside that transaction (a marketplace claim takes its licence there).
 */
export async function createInfluencer(
  db: TDatabase,
  deps: TFilesDeps,
  userId: string,
  input: TNewInfluencer,
  inTransaction?: (tx: TQueryable, row: TInfluencerRow) => Promise<void>,
): Promise<TInfluencerRow> {
  const id = randomUUID();
  const keys = input.image
    ? await storeInfluencerImage(deps.storage, userId, id, input.image)
    : null;
  try {
    return await db.transaction(async (tx) => {
      const row = await insertInfluencer(tx, userId, id, input, keys);
      await inTransaction?.(tx, row);
      return row;
    });
  } catch (error) {
    // Nothing half-written: the files of a refused create go too.
    await removeInfluencerFiles(deps.storage, [keys?.imageKey, keys?.thumbnailKey]);
    if (error instanceof InsufficientBalanceError) throw influencerLimitReached();
    throw error;
  }
}

export async function updateInfluencer(
  db: TDatabase,
  deps: TFilesDeps,
  userId: string,
  id: string,
  input: TInfluencerFields & { image?: TProcessedImage | null; removeImage?: boolean },
): Promise<TInfluencerRow> {
  const current = await findInfluencer(db, userId, id);
  const keys = input.image
    ? await storeInfluencerImage(deps.storage, userId, id, input.image)
    : null;
  const dropImage = !!keys || !!input.removeImage;
  const [row] = await db
    .update(influencers)
    .set({
      name: input.name,
      niche: input.niche,
      personality: input.personality,
      targetAudience: input.target_audience,
      description: input.description,
      ...(dropImage
        ? { imageKey: keys?.imageKey ?? null, thumbnailKey: keys?.thumbnailKey ?? null }
        : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(influencers.id, id), eq(influencers.userId, userId)))
    .returning();
  if (!row) {
    await removeInfluencerFiles(deps.storage, [keys?.imageKey, keys?.thumbnailKey]);
    throw influencerNotFound();
  }
  if (dropImage)
    await removeInfluencerFiles(deps.storage, [current.imageKey, current.thumbnailKey]);
  return row;
}

/** Deletes an influencer and gives its slot back. */
export async function deleteInfluencer(
  db: TDatabase,
  deps: TFilesDeps,
  userId: string,
  id: string,
): Promise<void> {
  if (!UUID.test(id)) throw influencerNotFound();
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(influencers)
      .where(and(eq(influencers.id, id), eq(influencers.userId, userId)))
      .returning();
    if (!row) throw influencerNotFound();
    await refund(tx, {
      userId,
      currency: 'model_tokens',
      reference: slotReference(id),
      description: `Influencer slot freed: ${row.name}`,
    });
    return row;
  });
  await removeInfluencerFiles(deps.storage, [deleted.imageKey, deleted.thumbnailKey]);
}
