import { randomUUID } from 'node:crypto';
import {
  INFLUENCER_TEXTS,
  PERSONA_PHOTOS,
  type TInfluencer,
  type TJobStatus,
  type TPersonaStatus,
  type TInfluencerFields,
  type TUsage,
  type TVisualStyle,
  isUuid,
} from '@muse/shared';
import { and, count, eq, getTableColumns, isNotNull } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import {
  accountBalances,
  influencers,
  jobs,
  likenessStatements,
  personaPhotos,
  personaVoices,
} from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import type { TFileUrlSigner } from '../../lib/file-urls';
import {
  cursorAt,
  newestFirst,
  olderThan,
  toPage,
  type TPage,
  type TPageRequest,
} from '../../lib/keyset';
import type { TProcessedImage } from '../../lib/images';
import type { TStorage } from '../../lib/storage';
import { debit, getBalances, InsufficientBalanceError, refund } from '../billing/ledger';
import { latestLikeness, toPublicLikeness, type TLikenessRead } from './likeness';

type TInfluencerRow = typeof influencers.$inferSelect;
/**
 * An influencer with the status of its latest training job, if any, and its latest likeness
 * statement (docs/product/personas.md, 'Whose likeness').
 */
export type TInfluencerView = TInfluencerRow & {
  trainingStatus: TJobStatus | null;
  likeness: TLikenessRead | null;
};

export type TFilesDeps = { storage: TStorage; files: TFileUrlSigner };

export type TInfluencerImageKeys = { imageKey: string; thumbnailKey: string };

/** Another user's influencer, a deleted one and a malformed id all answer the same 404. */
const influencerNotFound = () => notFound(INFLUENCER_TEXTS.notFound, 'INFLUENCER_NOT_FOUND');

export const influencerLimitReached = () =>
  new AppError(403, INFLUENCER_TEXTS.noSlot, 'INFLUENCER_LIMIT');

/** The ledger reference of the slot (model token) an influencer holds. */
const slotReference = (influencerId: string) => `influencer:${influencerId}`;

/**
 * Where a persona stands (docs/product/personas.md). It is made once trained or claimed, ready
 * once made with at least one reference photo; a custom one that is not made may train once
 * PERSONA_PHOTOS.minToTrain of its photos pass.
 */
export function personaState(row: TInfluencerRow & { trainingStatus?: TJobStatus | null }): {
  made: boolean;
  ready: boolean;
  training: boolean;
  status: TPersonaStatus;
} {
  const made = !!row.trainedAt || row.modelId !== null;
  const training = row.trainingStatus === 'queued' || row.trainingStatus === 'running';
  const ready = made && row.passingPhotos > 0;
  let status: TPersonaStatus = 'needs-photos';
  if (training) status = 'training';
  else if (ready) status = 'ready';
  else if (!made && row.passingPhotos >= PERSONA_PHOTOS.minToTrain) status = 'ready-to-train';
  return { made, ready, training, status };
}

export function toPublicInfluencer(
  row: TInfluencerRow & { trainingStatus?: TJobStatus | null; likeness?: TLikenessRead | null },
  files: TFileUrlSigner,
): TInfluencer {
  const state = personaState(row);
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
    personaStatus: state.status,
    ready: state.ready,
    referencePhotos: state.made ? row.passingPhotos : 0,
    likeness: toPublicLikeness(row.likeness),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Influencers with their training job's status and their likeness statement (one join and one
 * indexed subquery, no read of the photo sets).
 */
const withTraining = {
  ...getTableColumns(influencers),
  trainingStatus: jobs.status,
  likeness: latestLikeness(),
};

/**
 * The account's influencers newest first, from after `cursor`, at most `limit` of them (read by
 * influencers_user_created_id_idx; docs/decisions/0032-keyset-pagination.md).
 */
export function newestInfluencers(
  db: TDatabase,
  workspaceId: string,
  { cursor, limit }: TPageRequest,
) {
  return db
    .select({ ...withTraining, cursorAt: cursorAt(influencers.createdAt) })
    .from(influencers)
    .leftJoin(jobs, eq(jobs.id, influencers.trainingJobId))
    .where(
      and(
        eq(influencers.workspaceId, workspaceId),
        olderThan(influencers.createdAt, influencers.id, cursor),
      ),
    )
    .orderBy(...newestFirst(influencers.createdAt, influencers.id))
    .limit(limit);
}

/** The newest `limit` influencers (the dashboard's recent ones). */
export function listInfluencers(
  db: TDatabase,
  workspaceId: string,
  limit: number,
): Promise<TInfluencerView[]> {
  return newestInfluencers(db, workspaceId, { limit });
}

/** One page of GET /api/influencers. */
export async function listInfluencerPage(
  db: TDatabase,
  workspaceId: string,
  page: TPageRequest,
): Promise<TPage<TInfluencerView>> {
  const rows = await newestInfluencers(db, workspaceId, { ...page, limit: page.limit + 1 });
  return toPage(rows, page.limit);
}

export async function findInfluencer(
  db: TQueryable,
  workspaceId: string,
  id: string,
): Promise<TInfluencerView> {
  if (!isUuid(id)) throw influencerNotFound();
  const [row] = await db
    .select(withTraining)
    .from(influencers)
    .leftJoin(jobs, eq(jobs.id, influencers.trainingJobId))
    .where(and(eq(influencers.id, id), eq(influencers.workspaceId, workspaceId)));
  if (!row) throw influencerNotFound();
  return row;
}

export async function countInfluencers(db: TDatabase, workspaceId: string): Promise<number> {
  const [held] = await db
    .select({ used: count() })
    .from(influencers)
    .where(eq(influencers.workspaceId, workspaceId));
  return held?.used ?? 0;
}

/** Influencers held over slots: every model token ever granted (docs/product/workspace.md). */
export async function influencerUsage(db: TDatabase, workspaceId: string): Promise<TUsage> {
  const [used, balances] = await Promise.all([
    countInfluencers(db, workspaceId),
    getBalances(db, workspaceId),
  ]);
  return { used, limit: balances.modelTokensGranted };
}

/**
 * A page of the account's influencers as the API shows them, with the slots used and held
 * (GET /api/influencers and GET /api/v1/influencers; docs/decisions/0032-keyset-pagination.md).
 */
export async function influencerList(
  db: TDatabase,
  files: TFileUrlSigner,
  workspaceId: string,
  request: TPageRequest,
) {
  const [page, usage] = await Promise.all([
    listInfluencerPage(db, workspaceId, request),
    influencerUsage(db, workspaceId),
  ]);
  return {
    influencers: page.rows.map((row) => toPublicInfluencer(row, files)),
    ...usage,
    nextCursor: page.nextCursor,
  };
}

/** Stores an influencer's picture and thumbnail under fresh keys. */
export async function storeInfluencerImage(
  storage: TStorage,
  workspaceId: string,
  influencerId: string,
  image: TProcessedImage,
): Promise<TInfluencerImageKeys> {
  const base = `users/${workspaceId}/influencers/${influencerId}/${randomUUID()}`;
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
 * Takes one of the account's slots for an influencer, inside the caller's transaction: the
 * balance row is locked, so concurrent creates queue and never share a slot. An account holds as
 * many influencers as model tokens were ever granted (docs/product/workspace.md). A claim spends
 * its token now (`spendToken`); a custom persona spends one when it trains
 * (docs/product/personas.md). Throws InsufficientBalanceError when no slot is free.
 */
export async function takeSlot(
  tx: TQueryable,
  workspaceId: string,
  influencerId: string,
  options: { name: string; spendToken: boolean },
): Promise<void> {
  if (!(await lockFreeSlot(tx, workspaceId))) throw new InsufficientBalanceError('model_tokens');
  if (!options.spendToken) return;
  await debit(tx, {
    workspaceId,
    currency: 'model_tokens',
    amount: 1,
    description: `Marketplace model: ${options.name}`,
    reference: slotReference(influencerId),
  });
}

/**
 * Locks the account's balance row (until the caller's transaction ends) and tells whether a slot
 * is free: fewer influencers held than model tokens ever granted.
 */
export async function lockFreeSlot(tx: TQueryable, workspaceId: string): Promise<boolean> {
  const [balance] = await tx
    .select({ granted: accountBalances.modelTokensGranted })
    .from(accountBalances)
    .where(eq(accountBalances.workspaceId, workspaceId))
    .for('update');
  const [held] = await tx
    .select({ used: count() })
    .from(influencers)
    .where(eq(influencers.workspaceId, workspaceId));
  return (held?.used ?? 0) < (balance?.granted ?? 0);
}

/**
 * Writes an influencer into one of the account's free slots (`takeSlot`), inside the caller's
 * transaction. Throws InsufficientBalanceError when no slot is free.
 */
export async function insertInfluencer(
  tx: TQueryable,
  workspaceId: string,
  id: string,
  input: Omit<TNewInfluencer, 'image'>,
  keys: TInfluencerImageKeys | null,
): Promise<TInfluencerRow> {
  await takeSlot(tx, workspaceId, id, { name: input.name, spendToken: input.modelId != null });
  const [row] = await tx
    .insert(influencers)
    .values({
      id,
      workspaceId,
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
  workspaceId: string,
  input: TNewInfluencer,
  inTransaction?: (tx: TQueryable, row: TInfluencerRow) => Promise<void>,
): Promise<TInfluencerRow> {
  const id = randomUUID();
  const keys = input.image
    ? await storeInfluencerImage(deps.storage, workspaceId, id, input.image)
    : null;
  try {
    return await db.transaction(async (tx) => {
      const row = await insertInfluencer(tx, workspaceId, id, input, keys);
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
  workspaceId: string,
  id: string,
  input: TInfluencerFields & { image?: TProcessedImage | null; removeImage?: boolean },
): Promise<TInfluencerView> {
  const current = await findInfluencer(db, workspaceId, id);
  const keys = input.image
    ? await storeInfluencerImage(deps.storage, workspaceId, id, input.image)
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
    .where(and(eq(influencers.id, id), eq(influencers.workspaceId, workspaceId)))
    .returning();
  if (!row) {
    await removeInfluencerFiles(deps.storage, [keys?.imageKey, keys?.thumbnailKey]);
    throw influencerNotFound();
  }
  if (dropImage)
    await removeInfluencerFiles(deps.storage, [current.imageKey, current.thumbnailKey]);
  return { ...row, trainingStatus: current.trainingStatus, likeness: current.likeness };
}

/**
 * Deletes an influencer and gives its slot back, with the model token it holds: a claim's, or
 * its training's (a training still running then fails without a second refund).
 */
export async function deleteInfluencer(
  db: TDatabase,
  deps: TFilesDeps,
  workspaceId: string,
  id: string,
): Promise<void> {
  if (!isUuid(id)) throw influencerNotFound();
  const { deleted, fileKeys } = await db.transaction(async (tx) => {
    // Photo rows go with the influencer (cascade); their files are the creator's own copies only.
    const photos = await tx
      .select({ imageKey: personaPhotos.imageKey, thumbnailKey: personaPhotos.thumbnailKey })
      .from(personaPhotos)
      .where(
        and(
          eq(personaPhotos.influencerId, id),
          eq(personaPhotos.workspaceId, workspaceId),
          eq(personaPhotos.source, 'upload'),
        ),
      );
    // Statements go with it too; their consent documents are private files of the creator's.
    const documents = await tx
      .select({ key: likenessStatements.consentDocumentKey })
      .from(likenessStatements)
      .where(
        and(
          eq(likenessStatements.influencerId, id),
          isNotNull(likenessStatements.consentDocumentKey),
        ),
      );
    // And its voice: the recording it was cloned from and its sample.
    const voices = await tx
      .select({ recording: personaVoices.recordingKey, sample: personaVoices.sampleKey })
      .from(personaVoices)
      .where(and(eq(personaVoices.influencerId, id), eq(personaVoices.workspaceId, workspaceId)));
    const [row] = await tx
      .delete(influencers)
      .where(and(eq(influencers.id, id), eq(influencers.workspaceId, workspaceId)))
      .returning();
    if (!row) throw influencerNotFound();
    const freed = `Influencer slot freed: ${row.name}`;
    await refund(tx, {
      workspaceId,
      currency: 'model_tokens',
      reference: slotReference(id),
      description: freed,
    });
    if (row.trainingJobId)
      await refund(tx, {
        workspaceId,
        currency: 'model_tokens',
        reference: `job:${row.trainingJobId}`,
        description: freed,
      });
    return {
      deleted: row,
      fileKeys: [
        ...photos.flatMap((photo) => [photo.imageKey, photo.thumbnailKey]),
        ...documents.map((document) => document.key),
        ...voices.flatMap((voice) => [voice.recording, voice.sample]),
      ],
    };
  });
  await removeInfluencerFiles(deps.storage, [
    deleted.imageKey,
    deleted.thumbnailKey,
    deleted.loraKey,
    ...fileKeys,
  ]);
}
