/**
 * What visitors see (docs/product/publishing.md): a published page with its posts, one post,
 * the page's picture, and a fan's purchases. Every answer is shaped for its viewer: a priced post
 * the viewer neither made nor bought is locked, and carries only blurred previews.
 */
import { buffer } from 'node:stream/consumers';
import {
  PUBLISHING_TEXTS,
  type TPublicPage,
  type TPublicPageResponse,
  type TPublicPost,
  type TPurchase,
  isUuid,
} from '@muse/shared';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import {
  influencerPages,
  influencers,
  postPurchases,
  posts,
  releasedHandles,
} from '../../db/schema';
import { notFound } from '../../lib/errors';
import { purchaseInForce } from '../sales/held-earnings';
import type { TFileUrlSigner } from '../../lib/file-urls';
import type { TStorage } from '../../lib/storage';
import {
  itemsOf,
  normaliseHandle,
  pictureKey,
  toPublicPage,
  toPublicPost,
  type TInfluencerRow,
  type TPageRow,
  type TPostRow,
} from './shape';

/** The latest posts a page shows. Older ones wait for pagination (a later issue). */
export const PAGE_POSTS_SHOWN = 60;

export const pageNotFound = () => notFound(PUBLISHING_TEXTS.pageNotFound, 'PAGE_NOT_FOUND');
const postNotFound = () => notFound(PUBLISHING_TEXTS.postNotFound, 'POST_NOT_FOUND');

export type TPublishedPage = { page: TPageRow; influencer: TInfluencerRow };

/**
 * A published page and its influencer by handle (any case), or null: unpublished, hidden by Muse
 * after a report (docs/product/reports-and-takedown.md), unknown or malformed.
 */
export async function findPublishedPage(
  db: TQueryable,
  rawHandle: string,
): Promise<TPublishedPage | null> {
  const handle = normaliseHandle(rawHandle);
  if (!handle) return null;
  const [row] = await db
    .select({ page: influencerPages, influencer: influencers })
    .from(influencerPages)
    .innerJoin(influencers, eq(influencers.id, influencerPages.influencerId))
    .where(
      and(
        eq(influencerPages.handle, handle),
        isNotNull(influencerPages.publishedAt),
        isNull(influencerPages.hiddenAt),
      ),
    );
  return row ?? null;
}

/**
 * The handle a page now has, when `rawHandle` is one it let go of less than 30 days ago and the
 * page is published: its old address leads there (docs/product/publishing.md). Null otherwise.
 */
export async function movedPageHandle(db: TQueryable, rawHandle: string): Promise<string | null> {
  const handle = normaliseHandle(rawHandle);
  if (!handle) return null;
  const [row] = await db
    .select({ handle: influencerPages.handle })
    .from(releasedHandles)
    .innerJoin(influencerPages, eq(influencerPages.influencerId, releasedHandles.influencerId))
    .where(
      and(
        eq(releasedHandles.handle, handle),
        gt(releasedHandles.keptUntil, sql`now()`),
        isNotNull(influencerPages.publishedAt),
        isNull(influencerPages.hiddenAt),
      ),
    );
  return row?.handle ?? null;
}

async function requirePublishedPage(db: TQueryable, handle: string): Promise<TPublishedPage> {
  const found = await findPublishedPage(db, handle);
  if (!found) throw pageNotFound();
  return found;
}

/** A post on the page: out, meant for the page, and not removed by Muse after a report. */
const onThePage = () =>
  and(eq(posts.status, 'published'), eq(posts.onPage, true), isNull(posts.hiddenAt));

const publishedOf = (influencerId: string) =>
  and(eq(posts.influencerId, influencerId), onThePage());

async function publishedCount(db: TQueryable, influencerId: string): Promise<number> {
  const [row] = await db.select({ posts: count() }).from(posts).where(publishedOf(influencerId));
  return row?.posts ?? 0;
}

/** Which of `postIds` the viewer bought (none for a visitor without an account). */
async function boughtBy(db: TQueryable, viewerId: string | null, postIds: string[]) {
  if (!viewerId || !postIds.length) return new Set<string>();
  const rows = await db
    .select({ postId: postPurchases.postId })
    .from(postPurchases)
    .where(
      and(
        eq(postPurchases.buyerId, viewerId),
        inArray(postPurchases.postId, postIds),
        purchaseInForce(),
      ),
    );
  return new Set(rows.map((row) => row.postId));
}

/** Posts shaped for one viewer. */
async function shapeForViewer(
  db: TQueryable,
  files: TFileUrlSigner,
  rows: TPostRow[],
  viewerId: string | null,
): Promise<TPublicPost[]> {
  const ids = rows.map((row) => row.id);
  const [items, bought] = await Promise.all([itemsOf(db, ids), boughtBy(db, viewerId, ids)]);
  return rows.map((row) =>
    toPublicPost(row, items.get(row.id) ?? [], files, {
      own: viewerId === row.workspaceId,
      purchased: bought.has(row.id),
    }),
  );
}

/** The latest published posts of a page, newest first, as many as it shows. */
function latestPosts(db: TQueryable, influencerId: string) {
  return db
    .select()
    .from(posts)
    .where(publishedOf(influencerId))
    .orderBy(desc(posts.publishAt), desc(posts.id))
    .limit(PAGE_POSTS_SHOWN);
}

/** A published page and its latest published posts, newest first, shaped for the viewer. */
export async function publishedPageAnswer(
  db: TQueryable,
  files: TFileUrlSigner,
  { page, influencer }: TPublishedPage,
  viewerId: string | null,
): Promise<Omit<TPublicPageResponse, 'success'>> {
  const [rows, postCount] = await Promise.all([
    latestPosts(db, influencer.id),
    publishedCount(db, influencer.id),
  ]);
  return {
    page: toPublicPage(page, influencer, postCount),
    posts: await shapeForViewer(db, files, rows, viewerId),
  };
}

/** A published page and its latest published posts, newest first. */
export async function publicPage(
  db: TDatabase,
  files: TFileUrlSigner,
  handle: string,
  viewerId: string | null,
): Promise<Omit<TPublicPageResponse, 'success'>> {
  return publishedPageAnswer(db, files, await requirePublishedPage(db, handle), viewerId);
}

/** A post a page shows, as far as telling who sees it otherwise than a visitor needs. */
export type TShownPost = { id: string; priceCents: number };

/**
 * Of the posts a published page shows (`shown`, newest first, as its shared answer has them), the
 * ones `viewerId` sees otherwise than a visitor does: their own (the page is their workspace's)
 * and the ones they bought, shaped for them, newest first. What everyone sees is the shared
 * answer (page-cache.ts); this is the rest, read in one round trip, or none for a viewer who
 * bought nothing there.
 */
export async function unlockedPosts(
  db: TDatabase,
  files: TFileUrlSigner,
  page: { workspaceId: string; shown: TShownPost[] },
  viewerId: string,
): Promise<TPublicPost[]> {
  const own = page.workspaceId === viewerId;
  const bought = own
    ? new Set<string>()
    : await boughtBy(
        db,
        viewerId,
        page.shown.filter((post) => post.priceCents > 0).map((post) => post.id),
      );
  const ids = own ? page.shown.map((post) => post.id) : [...bought];
  if (!ids.length) return [];
  const [rows, items] = await Promise.all([
    db
      .select()
      .from(posts)
      .where(and(inArray(posts.id, ids), onThePage()))
      .orderBy(desc(posts.publishAt), desc(posts.id)),
    itemsOf(db, ids),
  ]);
  return rows.map((row) =>
    toPublicPost(row, items.get(row.id) ?? [], files, {
      own: row.workspaceId === viewerId,
      purchased: bought.has(row.id),
    }),
  );
}

/** A published post of a published page; another page's, or one not out yet, is not found. */
export async function findPublishedPost(
  db: TQueryable,
  influencerId: string,
  postId: string,
): Promise<TPostRow | null> {
  if (!isUuid(postId)) return null;
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), publishedOf(influencerId)));
  return row ?? null;
}

export async function publicPost(
  db: TDatabase,
  files: TFileUrlSigner,
  handle: string,
  postId: string,
  viewerId: string | null,
): Promise<{ page: TPublicPage; post: TPublicPost }> {
  const { page, influencer } = await requirePublishedPage(db, handle);
  const [row, postCount] = await Promise.all([
    findPublishedPost(db, influencer.id, postId),
    publishedCount(db, influencer.id),
  ]);
  if (!row) throw postNotFound();
  const [post] = await shapeForViewer(db, files, [row], viewerId);
  return { page: toPublicPage(page, influencer, postCount), post: post! };
}

/** The page's picture (its preview, else the picture), while the page is published. */
export async function readPagePicture(
  db: TDatabase,
  storage: TStorage,
  handle: string,
): Promise<{ data: Buffer; contentType: string }> {
  const { influencer } = await requirePublishedPage(db, handle);
  const key = pictureKey(influencer);
  const file = key ? await storage.get(key) : null;
  if (!file) throw notFound();
  // A picture is a few dozen kilobytes: sent whole, no half-read file stays open.
  return { data: await buffer(file.stream), contentType: file.contentType };
}

/**
 * What the account bought, newest first, each post unlocked. A post outlives its influencer and
 * its page: then the page is told by the name the post kept, with no handle and no picture (a
 * hidden page, too, has no address to link to).
 */
export async function listPurchases(
  db: TDatabase,
  files: TFileUrlSigner,
  workspaceId: string,
): Promise<TPurchase[]> {
  const rows = await db
    .select({
      purchase: postPurchases,
      post: posts,
      page: influencerPages,
      influencer: influencers,
    })
    .from(postPurchases)
    .innerJoin(posts, eq(posts.id, postPurchases.postId))
    .leftJoin(influencers, eq(influencers.id, posts.influencerId))
    .leftJoin(influencerPages, eq(influencerPages.influencerId, posts.influencerId))
    .where(and(eq(postPurchases.buyerId, workspaceId), purchaseInForce()))
    .orderBy(desc(postPurchases.createdAt), desc(postPurchases.id));
  const postIds = rows.map((row) => row.post.id);
  const shown = [
    ...new Set(
      rows
        .filter((row) => row.page?.publishedAt && !row.page.hiddenAt && row.influencer)
        .map((row) => row.influencer!.id),
    ),
  ];
  const [items, counts] = await Promise.all([
    itemsOf(db, postIds),
    shown.length
      ? db
          .select({ influencerId: posts.influencerId, posts: count() })
          .from(posts)
          .where(and(inArray(posts.influencerId, shown), onThePage()))
          .groupBy(posts.influencerId)
      : Promise.resolve([]),
  ]);
  const postCounts = new Map(counts.map((row) => [row.influencerId, row.posts]));
  return rows.map(({ purchase, post, page, influencer }) => ({
    id: purchase.id,
    amountCents: purchase.amountCents,
    purchasedAt: purchase.createdAt.toISOString(),
    page:
      page?.publishedAt && !page.hiddenAt && influencer
        ? toPublicPage(page, influencer, postCounts.get(influencer.id) ?? 0)
        : {
            handle: '',
            name: post.influencerName,
            niche: influencer?.niche ?? '',
            bio: '',
            pictureUrl: null,
            postCount: 0,
          },
    post: toPublicPost(post, items.get(post.id) ?? [], files, {
      own: post.workspaceId === workspaceId,
      purchased: true,
    }),
  }));
}
