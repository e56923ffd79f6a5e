/**
 * An influencer's public page on the creator's side (docs/product/publishing.md): its handle,
 * bio and whether it is shown. The handle is unique across Muse; a hidden page keeps it.
 */
import {
  PUBLISHING_TEXTS,
  publicPagePath,
  type TPageSettings,
  type TPageSettingsRequest,
} from '@muse/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { influencerPages } from '../../db/schema';
import { AppError, conflict } from '../../lib/errors';
import { findInfluencer } from '../influencers/service';

type TPageRow = typeof influencerPages.$inferSelect;

export function toPageSettings(row: TPageRow): TPageSettings {
  return {
    influencerId: row.influencerId,
    handle: row.handle,
    bio: row.bio,
    published: row.publishedAt !== null && row.hiddenAt === null,
    hiddenByMuse: row.hiddenAt !== null,
    path: publicPagePath(row.handle),
  };
}

export async function findPage(db: TQueryable, influencerId: string): Promise<TPageRow | null> {
  const [row] = await db
    .select()
    .from(influencerPages)
    .where(eq(influencerPages.influencerId, influencerId));
  return row ?? null;
}

/** The page of one of the account's influencers, null before a handle was chosen. */
export async function getPageSettings(
  db: TDatabase,
  workspaceId: string,
  influencerId: string,
): Promise<TPageSettings | null> {
  const influencer = await findInfluencer(db, workspaceId, influencerId);
  const row = await findPage(db, influencer.id);
  return row ? toPageSettings(row) : null;
}

/**
 * The pages of all the account's influencers that have one, oldest first: one read for the
 * composer's list of who can post, however many influencers an agency runs.
 */
export async function listPages(db: TQueryable, workspaceId: string): Promise<TPageSettings[]> {
  const rows = await db
    .select()
    .from(influencerPages)
    .where(eq(influencerPages.workspaceId, workspaceId))
    .orderBy(asc(influencerPages.createdAt), asc(influencerPages.influencerId));
  return rows.map(toPageSettings);
}

/**
 * Creates or changes the page. The unique index decides who gets a handle, also when two ask at
 * once: the loser hears 409. A changed handle is kept for this account for 30 days, and a handle
 * another account let go of less than 30 days ago is refused (409 `HANDLE_KEPT`); both are the
 * trigger's on `influencer_pages` (migration 0014). Publishing keeps the first publication time
 * of a page that was already shown.
 */
export async function savePageSettings(
  db: TDatabase,
  workspaceId: string,
  influencerId: string,
  input: TPageSettingsRequest,
): Promise<TPageSettings> {
  const influencer = await findInfluencer(db, workspaceId, influencerId);
  // A page Muse hid after a report stays hidden (docs/product/reports-and-takedown.md); its
  // handle and bio may still change.
  if (input.published && (await findPage(db, influencer.id))?.hiddenAt)
    throw new AppError(403, PUBLISHING_TEXTS.pageHidden, 'PAGE_HIDDEN');
  const publishedAt = input.published
    ? sql`coalesce(${influencerPages.publishedAt}, now())`
    : sql`null`;
  try {
    const [row] = await db
      .insert(influencerPages)
      .values({
        influencerId: influencer.id,
        workspaceId,
        handle: input.handle,
        bio: input.bio,
        publishedAt: input.published ? new Date() : null,
      })
      .onConflictDoUpdate({
        target: influencerPages.influencerId,
        set: { handle: input.handle, bio: input.bio, publishedAt, updatedAt: new Date() },
      })
      .returning();
    if (!row) throw new Error('The page was not written');
    return toPageSettings(row);
  } catch (error) {
    if (isKeptHandle(error)) throw new AppError(409, PUBLISHING_TEXTS.handleKept, 'HANDLE_KEPT');
    if (isUniqueViolation(error)) throw conflict(PUBLISHING_TEXTS.handleTaken, 'HANDLE_TAKEN');
    throw error;
  }
}

/**
 * Whether a write was refused because another account released the handle less than 30 days
 * ago: the trigger on `influencer_pages` (migration 0014) names `released_handles_kept`.
 */
function isKeptHandle(error: unknown): boolean {
  const cause = (error as { cause?: { constraint?: string } }).cause ?? error;
  return (cause as { constraint?: string }).constraint === 'released_handles_kept';
}
