/**
 * The account's gallery (docs/product/generate.md): every image a generator made, newest first,
 * with its likeness to the persona. Rows are written by the job that made them; here they are
 * listed a page at a time, read for another tool (no new upload), and deleted with their files.
 */
import { buffer } from 'node:stream/consumers';
import { GENERATE_TEXTS, ZGalleryQuery, type TGalleryItem, isUuid } from '@muse/shared';
import { and, eq, getTableColumns, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import { galleryItems, jobs } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import type { TFileUrlSigner } from '../../lib/file-urls';
import { cursorAt, newestFirst, olderThan, toPage, type TPage } from '../../lib/keyset';
import type { TStorage } from '../../lib/storage';

type TGalleryRow = typeof galleryItems.$inferSelect;

const itemNotFound = () => notFound(GENERATE_TEXTS.itemNotFound, 'GALLERY_ITEM_NOT_FOUND');

export function toPublicGalleryItem(row: TGalleryRow, files: TFileUrlSigner): TGalleryItem {
  return {
    id: row.id,
    kind: row.kind,
    url: files.sign(row.key),
    thumbnailUrl: files.sign(row.thumbnailKey),
    width: row.width,
    height: row.height,
    contentType: row.contentType,
    fileName: row.fileName,
    durationSeconds: row.durationMs === null ? null : row.durationMs / 1000,
    tool: row.tool,
    productId: row.productId,
    influencerId: row.influencerId,
    influencerName: row.influencerName,
    prompt: row.prompt,
    identityScore: row.identityScore,
    scoreNote: row.scoreNote,
    engine: row.engine,
    preview: row.preview,
    jobId: row.jobId,
    credentials: row.credentials ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A page of the gallery, newest first, after the cursor's row: by gallery_items_user_created_idx,
 * or the influencer's or product's index when filtered by one
 * (docs/decisions/0032-keyset-pagination.md).
 */
export function newestGalleryItems(db: TDatabase, workspaceId: string, raw: unknown) {
  const parsed = ZGalleryQuery.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid filter');
  const query = parsed.data;
  const conditions: (SQL | undefined)[] = [eq(galleryItems.workspaceId, workspaceId)];
  if (query.influencerId === 'none') conditions.push(isNull(galleryItems.influencerId));
  else if (query.influencerId) conditions.push(eq(galleryItems.influencerId, query.influencerId));
  if (query.kind) conditions.push(eq(galleryItems.kind, query.kind));
  if (query.productId) conditions.push(eq(galleryItems.productId, query.productId));
  if (query.minScore !== undefined)
    conditions.push(gte(galleryItems.identityScore, query.minScore));
  conditions.push(olderThan(galleryItems.createdAt, galleryItems.id, query.cursor));
  return {
    limit: query.limit,
    rows: db
      .select({ ...getTableColumns(galleryItems), cursorAt: cursorAt(galleryItems.createdAt) })
      .from(galleryItems)
      .where(and(...conditions))
      .orderBy(...newestFirst(galleryItems.createdAt, galleryItems.id))
      .limit(query.limit + 1),
  };
}

export async function listGallery(
  db: TDatabase,
  workspaceId: string,
  raw: unknown,
): Promise<TPage<TGalleryRow>> {
  const { rows, limit } = newestGalleryItems(db, workspaceId, raw);
  return toPage(await rows, limit);
}

export async function findGalleryItem(
  db: TQueryable,
  workspaceId: string,
  id: string,
): Promise<TGalleryRow> {
  if (!isUuid(id)) throw itemNotFound();
  const [row] = await db
    .select()
    .from(galleryItems)
    .where(and(eq(galleryItems.id, id), eq(galleryItems.workspaceId, workspaceId)));
  if (!row) throw itemNotFound();
  return row;
}

/** A gallery image's bytes, for a tool that continues from it instead of an upload. */
export async function readGalleryImage(
  db: TDatabase,
  storage: TStorage,
  workspaceId: string,
  id: string,
): Promise<Buffer> {
  const row = await findGalleryItem(db, workspaceId, id);
  if (row.kind !== 'image') throw badRequest(GENERATE_TEXTS.notAnImage);
  const stored = await storage.get(row.key);
  if (!stored) throw itemNotFound();
  return buffer(stored.stream);
}

/**
 * Deletes an image or a video: its row, its files (a video's poster too), and the file from the
 * job that made it (whose history would otherwise link to nothing).
 */
export async function deleteGalleryItem(
  db: TDatabase,
  storage: TStorage,
  workspaceId: string,
  id: string,
): Promise<void> {
  const { row, posterKey } = await db.transaction(async (tx) => {
    const found = await findGalleryItem(tx, workspaceId, id);
    await tx.delete(galleryItems).where(eq(galleryItems.id, found.id));
    const [job] = found.jobId
      ? await tx
          .select({ outputs: jobs.outputs })
          .from(jobs)
          .where(and(eq(jobs.id, found.jobId), eq(jobs.workspaceId, workspaceId)))
      : [];
    const poster = job?.outputs.find((output) => output.key === found.key)?.posterKey ?? null;
    if (found.jobId)
      await tx
        .update(jobs)
        .set({
          outputs: sql`coalesce((select jsonb_agg(output) from jsonb_array_elements(${jobs.outputs}) as output where output->>'key' <> ${found.key}), '[]'::jsonb)`,
          updatedAt: new Date(),
        })
        .where(and(eq(jobs.id, found.jobId), eq(jobs.workspaceId, workspaceId)));
    return { row: found, posterKey: poster };
  });
  await storage.delete(row.key);
  await storage.delete(row.thumbnailKey);
  if (posterKey) await storage.delete(posterKey);
}
