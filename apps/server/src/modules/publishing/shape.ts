/**
 * How posts and pages are answered, for the creator and for visitors
 * (docs/product/publishing.md): a locked post carries only its blurred previews, never a link to
 * the original or the sharp preview.
 */
import { createHash } from 'node:crypto';
import {
  HANDLE_MAX,
  HANDLE_PATTERN,
  influencerNicheLabel,
  type TPostItem,
  type TPublicPage,
  type TPublicPost,
} from '@muse/shared';
import { asc, inArray } from 'drizzle-orm';
import type { TQueryable } from '../../db/client';
import { postItems, type influencerPages, type influencers, type posts } from '../../db/schema';
import type { TFileUrlSigner } from '../../lib/file-urls';

export type TPostRow = typeof posts.$inferSelect;
export type TPostItemRow = typeof postItems.$inferSelect;
export type TPageRow = typeof influencerPages.$inferSelect;
export type TInfluencerRow = typeof influencers.$inferSelect;

/** A handle as stored (lower-case), or null when it cannot be one: no query is made for it. */
export function normaliseHandle(raw: string): string | null {
  const handle = raw.toLowerCase();
  return handle.length <= HANDLE_MAX && HANDLE_PATTERN.test(handle) ? handle : null;
}

/** The items of posts, in each post's order. */
export async function itemsOf(db: TQueryable, postIds: string[]) {
  const byPost = new Map<string, TPostItemRow[]>();
  if (!postIds.length) return byPost;
  const rows = await db
    .select()
    .from(postItems)
    .where(inArray(postItems.postId, postIds))
    .orderBy(asc(postItems.postId), asc(postItems.position));
  for (const row of rows) byPost.set(row.postId, [...(byPost.get(row.postId) ?? []), row]);
  return byPost;
}

/** One item: the blurred preview always; the original and the sharp preview only unlocked. */
export function toPostItem(row: TPostItemRow, files: TFileUrlSigner, locked: boolean): TPostItem {
  return {
    id: row.id,
    kind: row.kind,
    width: row.width,
    height: row.height,
    durationSeconds: row.durationMs === null ? null : row.durationMs / 1000,
    contentType: row.contentType,
    preview: row.preview,
    credentials: row.hasCredentials,
    blurredUrl: files.sign(row.blurredKey),
    thumbnailUrl: locked ? null : files.sign(row.thumbnailKey),
    url: locked ? null : files.sign(row.key),
  };
}

/** Who looks at a post: its creator, a buyer, or anyone else (signed in or not). */
export type TViewerOfPost = { own: boolean; purchased: boolean };

export function toPublicPost(
  row: TPostRow,
  items: TPostItemRow[],
  files: TFileUrlSigner,
  viewer: TViewerOfPost,
): TPublicPost {
  const locked = row.priceCents > 0 && !viewer.own && !viewer.purchased;
  return {
    id: row.id,
    caption: row.caption,
    priceCents: row.priceCents,
    publishedAt: row.publishAt.toISOString(),
    aiGenerated: true,
    locked,
    purchased: viewer.purchased,
    own: viewer.own,
    items: items.map((item) => toPostItem(item, files, locked)),
  };
}

/** The picture's key: its preview, else the picture itself; null without one. */
export const pictureKey = (influencer: Pick<TInfluencerRow, 'thumbnailKey' | 'imageKey'>) =>
  influencer.thumbnailKey ?? influencer.imageKey;

/**
 * The page's picture route, unsigned and cacheable. The version changes with the picture, so a
 * new one is not hidden behind the hour a cache may keep the old.
 */
export function pictureUrl(handle: string, key: string | null): string | null {
  if (!key) return null;
  const version = createHash('sha256').update(key).digest('base64url').slice(0, 12);
  return `/api/public/pages/${handle}/picture?v=${version}`;
}

export function toPublicPage(
  page: TPageRow,
  influencer: TInfluencerRow,
  postCount: number,
): TPublicPage {
  return {
    handle: page.handle,
    name: influencer.name,
    niche: influencerNicheLabel(influencer.niche),
    bio: page.bio,
    pictureUrl: pictureUrl(page.handle, pictureKey(influencer)),
    postCount,
  };
}
