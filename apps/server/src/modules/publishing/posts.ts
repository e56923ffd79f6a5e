/**
 * Posts and the content calendar on the creator's side (docs/product/publishing.md): a post is
 * made from gallery items (copied, with blurred previews), goes out now or at a scheduled time
 * within the plan's monthly quota, and can be changed or deleted by the rules below.
 */
import { randomUUID } from 'node:crypto';
import {
  PUBLISHING_TEXTS,
  type TCreatePostRequest,
  type TPost,
  type TPostsQuery,
  type TScheduleQuota,
  type TUpdatePostRequest,
  isUuid,
} from '@muse/shared';
import { and, asc, count, eq, gte, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TDatabase, TQueryable } from '../../db/client';
import {
  galleryItems,
  influencerPages,
  jobs,
  postItems,
  postPurchases,
  posts,
  users,
} from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { TFileUrlSigner } from '../../lib/file-urls';
import type { TStorage } from '../../lib/storage';
import { getAccountState } from '../billing/entitlements';
import { findInfluencer } from '../influencers/service';
import { emitPostPublished } from '../webhooks/events';
import type { TPublishers } from '../platforms/publishers';
import {
  checkTargets,
  insertTargets,
  requeueTargets,
  targetsOf,
  unqueueTargets,
} from '../platforms/targets';
import type { TPostTarget } from '@muse/shared';
import { copyItemFiles, itemFileKeys, removePostFiles, type TPostItemFiles } from './files';
import { findPage } from './pages';
import { activityCaption, makerWaits, type TPostMaker } from './approval';
import { queuePublish, unqueuePublish } from './queue';
import { recordActivity } from '../workspaces/activity';
import { itemsOf, toPostItem, type TPostItemRow, type TPostRow } from './shape';

export type TPostDeps = {
  storage: TStorage;
  files: TFileUrlSigner;
  publishers: TPublishers;
  publicUrl: string;
};
type TGalleryRow = typeof galleryItems.$inferSelect;

const postNotFound = () => notFound(PUBLISHING_TEXTS.postNotFound, 'POST_NOT_FOUND');
/** The web opens the 'scheduled-post' upgrade modal on this 403, as on a product slot's. */
export const scheduledLimitReached = () =>
  new AppError(403, PUBLISHING_TEXTS.scheduledLimit, 'SCHEDULED_POST_LIMIT');

/**
 * The zone's canonical name ('europe/berlin' → 'Europe/Berlin'), as PostgreSQL knows it. The
 * request's schema has already refused a zone the runtime does not know.
 */
function canonicalZone(zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}

/** PostgreSQL may not know a zone the runtime knows: that is the caller's bad input, not a 500. */
function isUnknownZone(error: unknown): boolean {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const { code, message } = cause as { code?: string; message?: string };
  return code === '22023' && /time zone/i.test(message ?? '');
}

async function withZoneCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUnknownZone(error))
      throw badRequest(PUBLISHING_TEXTS.timeZoneInvalid, 'INVALID_REQUEST', { field: 'timeZone' });
    throw error;
  }
}

/** A scheduled time must be ahead, and at most a year ahead. */
function checkScheduleTime(at: Date, now = new Date()): void {
  if (at.getTime() <= now.getTime())
    throw badRequest(PUBLISHING_TEXTS.publishAtPast, 'INVALID_REQUEST', { field: 'publishAt' });
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + 1);
  if (at.getTime() > latest.getTime())
    throw badRequest(PUBLISHING_TEXTS.publishAtTooFar, 'INVALID_REQUEST', { field: 'publishAt' });
}

/**
 * Serialises an account's writes that take calendar places (creates and moves of scheduled
 * posts), so two at once cannot both take the month's last place.
 */
async function lockAccountPosts(tx: TQueryable, workspaceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`posts:${workspaceId}`}))`);
}

/**
 * The account's scheduled posts (gone out or not) whose time falls, in `timeZone`, in the same
 * calendar month as `at`; `excludeId` leaves out a post being moved.
 */
async function scheduledInMonthOf(
  db: TQueryable,
  workspaceId: string,
  at: Date,
  timeZone: string,
  excludeId?: string,
): Promise<number> {
  const [row] = await db
    .select({ used: count() })
    .from(posts)
    .where(
      and(
        eq(posts.workspaceId, workspaceId),
        eq(posts.scheduled, true),
        sql`date_trunc('month', ${posts.publishAt} at time zone ${timeZone}) = date_trunc('month', ${at.toISOString()}::timestamptz at time zone ${timeZone})`,
        excludeId ? ne(posts.id, excludeId) : undefined,
      ),
    );
  return row?.used ?? 0;
}

/** `YYYY-MM` of now in `timeZone`. */
function currentMonth(timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** The month's scheduled posts against the plan's limit. */
async function monthQuota(
  db: TDatabase,
  workspaceId: string,
  month: string,
  timeZone: string,
): Promise<TScheduleQuota> {
  const [state, [row]] = await Promise.all([
    getAccountState(db, workspaceId),
    db
      .select({ used: count() })
      .from(posts)
      .where(
        and(
          eq(posts.workspaceId, workspaceId),
          eq(posts.scheduled, true),
          sql`date_trunc('month', ${posts.publishAt} at time zone ${timeZone}) = ${`${month}-01`}::timestamp`,
        ),
      ),
  ]);
  return { month, used: row?.used ?? 0, limit: state.entitlements.scheduledPostsPerMonth };
}

type TCreatorRow = {
  post: TPostRow;
  handle: string | null;
  sales: number;
  makerName: string | null;
  deciderName: string | null;
};

/** A member's name, as a post's maker or approver is shown. */
const memberName = (column: AnyPgColumn) =>
  sql<string | null>`(select ${users.fullName} from ${users} where ${users.id} = ${column})`;

/** Posts with their page's handle and their number of sales. */
function creatorPosts(db: TQueryable, where: SQL | undefined) {
  return db
    .select({
      post: posts,
      handle: influencerPages.handle,
      sales: sql<number>`(select count(*)::int from ${postPurchases} where ${postPurchases.postId} = ${posts.id})`,
      makerName: memberName(posts.createdBy),
      deciderName: memberName(posts.approvalBy),
    })
    .from(posts)
    .leftJoin(influencerPages, eq(influencerPages.influencerId, posts.influencerId))
    .where(where)
    .orderBy(asc(posts.publishAt), asc(posts.id));
}

/** A post as its creator sees it: everything signed. */
function toCreatorPost(
  { post, handle, sales, makerName, deciderName }: TCreatorRow,
  items: TPostItemRow[],
  targets: TPostTarget[],
  files: TFileUrlSigner,
): TPost {
  return {
    id: post.id,
    influencerId: post.influencerId ?? '',
    influencerName: post.influencerName,
    handle,
    caption: post.caption,
    priceCents: post.priceCents,
    status: post.status,
    publishAt: post.publishAt.toISOString(),
    scheduled: post.scheduled,
    timeZone: post.timeZone,
    items: items.map((item) => toPostItem(item, files, false)),
    sales,
    onPage: post.onPage,
    targets,
    removedByMuse: post.hiddenAt !== null,
    createdBy: post.createdBy && makerName ? { id: post.createdBy, name: makerName } : null,
    approval: post.approval
      ? {
          status: post.approval,
          note: post.approvalNote,
          decidedBy: deciderName,
          decidedAt: post.approvalAt?.toISOString() ?? null,
        }
      : null,
    createdAt: post.createdAt.toISOString(),
  };
}

/** A post Muse removed after a report is kept as it is (docs/product/reports-and-takedown.md). */
const postRemoved = () => conflict(PUBLISHING_TEXTS.postRemoved, 'POST_REMOVED');

async function findOwnPost(db: TQueryable, workspaceId: string, id: string): Promise<TCreatorRow> {
  if (!isUuid(id)) throw postNotFound();
  const [row] = await creatorPosts(db, and(eq(posts.id, id), eq(posts.workspaceId, workspaceId)));
  if (!row) throw postNotFound();
  return row;
}

/** The workspace's posts waiting for approval, soonest first. */
export async function listWaitingPosts(
  db: TDatabase,
  files: TFileUrlSigner,
  workspaceId: string,
): Promise<TPost[]> {
  const rows = await creatorPosts(
    db,
    and(eq(posts.workspaceId, workspaceId), eq(posts.approval, 'waiting')),
  );
  const ids = rows.map((row) => row.post.id);
  const [items, targets] = await Promise.all([itemsOf(db, ids), targetsOf(db, ids)]);
  return rows.map((row) =>
    toCreatorPost(row, items.get(row.post.id) ?? [], targets.get(row.post.id) ?? [], files),
  );
}

export async function getPost(
  db: TDatabase,
  files: TFileUrlSigner,
  workspaceId: string,
  id: string,
): Promise<TPost> {
  const row = await findOwnPost(db, workspaceId, id);
  const [items, targets] = await Promise.all([itemsOf(db, [id]), targetsOf(db, [id])]);
  return toCreatorPost(row, items.get(id) ?? [], targets.get(id) ?? [], files);
}

/**
 * The account's posts going out in [from, to), oldest first, and the scheduled posts of `month`
 * (this month in `timeZone` unless given) against the plan's limit.
 */
export async function listPosts(
  db: TDatabase,
  files: TFileUrlSigner,
  workspaceId: string,
  query: TPostsQuery,
): Promise<{ posts: TPost[]; quota: TScheduleQuota; dayCounts?: Record<string, number> }> {
  const timeZone = canonicalZone(query.timeZone ?? 'UTC');
  const conditions: (SQL | undefined)[] = [eq(posts.workspaceId, workspaceId)];
  if (query.from) conditions.push(gte(posts.publishAt, new Date(query.from)));
  if (query.to) conditions.push(lt(posts.publishAt, new Date(query.to)));
  if (query.influencerId) conditions.push(eq(posts.influencerId, query.influencerId));
  // The calendar asks for a month (or a list's range) at a time.
  const where = and(...conditions);
  const perDay = query.perDay;
  const localDay = sql`(${posts.publishAt} at time zone ${timeZone})::date`;
  // A busy day's first `perDay` posts only, and each day's total: a month of a thousand posts
  // answers with what the month table shows. The few ids are read first, so the posts' query
  // stays a plain lookup whatever the planner thinks of the table.
  const shownIds = perDay
    ? await withZoneCheck(() =>
        db
          .select({ id: sql<string>`ranked.id` })
          .from(
            db
              .select({
                id: posts.id,
                rank: sql<number>`row_number() over (partition by ${localDay} order by ${posts.publishAt}, ${posts.id})`.as(
                  'rank',
                ),
              })
              .from(posts)
              .where(where)
              .as('ranked'),
          )
          .where(sql`ranked.rank <= ${perDay}`),
      )
    : null;
  const shown = shownIds
    ? shownIds.length
      ? and(
          where,
          inArray(
            posts.id,
            shownIds.map((row) => row.id),
          ),
        )
      : sql`false`
    : where;
  const [rows, quota, dayCounts] = await withZoneCheck(() =>
    Promise.all([
      creatorPosts(db, shown),
      monthQuota(db, workspaceId, query.month ?? currentMonth(timeZone), timeZone),
      perDay
        ? db
            .select({ day: sql<string>`to_char(${localDay}, 'YYYY-MM-DD')`, posts: count() })
            .from(posts)
            .where(where)
            // By position: the zone is a parameter, and two of them are not the same expression.
            .groupBy(sql`1`)
        : Promise.resolve(null),
    ]),
  );
  const ids = rows.map((row) => row.post.id);
  const [items, targets] = await Promise.all([itemsOf(db, ids), targetsOf(db, ids)]);
  return {
    posts: rows.map((row) =>
      toCreatorPost(row, items.get(row.post.id) ?? [], targets.get(row.post.id) ?? [], files),
    ),
    quota,
    ...(dayCounts
      ? { dayCounts: Object.fromEntries(dayCounts.map((row) => [row.day, row.posts])) }
      : {}),
  };
}

/**
 * The chosen gallery items, in the order given (a repeated id counts once): all the account's
 * (else 404, as for one deleted meanwhile), and none of another influencer: pictures made without
 * a persona may go on any page, a persona's only on its own (docs/product/publishing.md).
 */
async function chosenItems(
  db: TDatabase,
  workspaceId: string,
  influencerId: string,
  itemIds: string[],
): Promise<TGalleryRow[]> {
  const ids = [...new Set(itemIds)];
  const rows = await db
    .select()
    .from(galleryItems)
    .where(and(eq(galleryItems.workspaceId, workspaceId), inArray(galleryItems.id, ids)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const chosen = ids.map((id) => byId.get(id));
  if (chosen.some((row) => !row))
    throw new AppError(404, PUBLISHING_TEXTS.itemNotFound, 'GALLERY_ITEM_NOT_FOUND', {
      field: 'itemIds',
    });
  const found = chosen as TGalleryRow[];
  if (found.some((row) => row.influencerId !== null && row.influencerId !== influencerId))
    throw badRequest(PUBLISHING_TEXTS.itemOfOtherInfluencer, 'INVALID_REQUEST', {
      field: 'itemIds',
    });
  return found;
}

/** Videos' full-size poster frames, kept in their jobs' outputs (the gallery keeps a preview). */
async function posterKeys(
  db: TDatabase,
  workspaceId: string,
  items: TGalleryRow[],
): Promise<Map<string, string>> {
  const videos = items.filter((item) => item.kind === 'video' && item.jobId);
  const posters = new Map<string, string>();
  if (!videos.length) return posters;
  const rows = await db
    .select({ id: jobs.id, outputs: jobs.outputs })
    .from(jobs)
    .where(
      and(
        eq(jobs.workspaceId, workspaceId),
        inArray(
          jobs.id,
          videos.map((item) => item.jobId!),
        ),
      ),
    );
  for (const item of videos) {
    const output = rows
      .find((row) => row.id === item.jobId)
      ?.outputs.find((file) => file.key === item.key);
    if (output?.posterKey) posters.set(item.id, output.posterKey);
  }
  return posters;
}

/** The chosen items with their files' sizes (a platform's rules limit them). */
async function withSizes(storage: TStorage, items: TGalleryRow[]) {
  return Promise.all(
    items.map(async (item) => {
      const stored = await storage.get(item.key, { start: 0, end: 0 });
      stored?.stream.destroy();
      return {
        kind: item.kind,
        width: item.width,
        height: item.height,
        contentType: item.contentType,
        durationMs: item.durationMs,
        bytes: stored?.totalSize ?? 0,
      };
    }),
  );
}

/**
 * Makes a post: published now (`publishAt` null) or scheduled, within the month's quota. The
 * files are written first and the rows (with the queue message) in one transaction; if anything
 * fails, the files written go too.
 */
export async function createPost(
  db: TDatabase,
  deps: TPostDeps,
  workspaceId: string,
  input: TCreatePostRequest,
  /** The member who makes it, with their role; null for a program's key. */
  maker: TPostMaker | null,
): Promise<TPost> {
  const influencer = await findInfluencer(db, workspaceId, input.influencerId);
  // An editor's post waits for approval where the workspace asks for it (docs/product/teams.md).
  const waits = await makerWaits(db, workspaceId, maker);
  const onPage = input.onPage ?? true;
  const targetsAsked = input.targets ?? [];
  const ppv = input.priceCents > 0;
  // A PPV post is sold on the page: it is always there, and platforms get its blurred preview.
  if (!onPage && ppv)
    throw badRequest(PUBLISHING_TEXTS.ppvOnPage, 'INVALID_REQUEST', { field: 'onPage' });
  if (!onPage && !targetsAsked.length)
    throw badRequest(PUBLISHING_TEXTS.noDestination, 'INVALID_REQUEST', { field: 'targets' });
  const page = await findPage(db, influencer.id);
  if (onPage && !page)
    throw badRequest(PUBLISHING_TEXTS.notPublished, 'PAGE_NOT_PUBLISHED', {
      field: 'influencerId',
    });
  // A page Muse hid after a report takes no new posts (docs/product/reports-and-takedown.md).
  if (onPage && page?.hiddenAt) throw new AppError(403, PUBLISHING_TEXTS.pageHidden, 'PAGE_HIDDEN');
  const timeZone = canonicalZone(input.timeZone);
  const scheduledAt = input.publishAt === null ? null : new Date(input.publishAt);
  if (scheduledAt) checkScheduleTime(scheduledAt);
  const items = await chosenItems(db, workspaceId, influencer.id, input.itemIds);
  const targets = await checkTargets(db, deps, {
    workspaceId,
    influencerId: influencer.id,
    caption: input.caption ?? '',
    priceCents: input.priceCents,
    handle: page?.handle ?? null,
    targets: targetsAsked,
    items: targetsAsked.length ? await withSizes(deps.storage, items) : [],
  });
  let limit = 0;
  if (scheduledAt) {
    limit = (await getAccountState(db, workspaceId)).entitlements.scheduledPostsPerMonth;
    // Refused before any file is copied; the count under the lock below is the one that holds.
    const used = await withZoneCheck(() =>
      scheduledInMonthOf(db, workspaceId, scheduledAt, timeZone),
    );
    if (used >= limit) throw scheduledLimitReached();
  }

  const id = randomUUID();
  // Not under the account's folder: a public page's links must not name the account, or a fan
  // could tell which pages one agency runs (docs/decisions/0030-publishing-and-pay-per-view.md).
  const folder = `posts/${id}`;
  const posters = await posterKeys(db, workspaceId, items);
  const written: TPostItemFiles[] = [];
  try {
    // One item at a time: each holds a file (a video, perhaps) in memory.
    for (const item of items)
      written.push(await copyItemFiles(deps.storage, folder, item, posters.get(item.id) ?? null));
    await withZoneCheck(() =>
      db.transaction(async (tx) => {
        if (scheduledAt) {
          await lockAccountPosts(tx, workspaceId);
          if ((await scheduledInMonthOf(tx, workspaceId, scheduledAt, timeZone)) >= limit)
            throw scheduledLimitReached();
        }
        const [post] = await tx
          .insert(posts)
          .values({
            id,
            workspaceId,
            createdBy: maker?.userId ?? null,
            approval: waits ? 'waiting' : null,
            influencerId: influencer.id,
            influencerName: influencer.name,
            caption: input.caption ?? '',
            priceCents: input.priceCents,
            status: scheduledAt || waits ? 'scheduled' : 'published',
            publishAt: scheduledAt ?? new Date(),
            scheduled: !!scheduledAt,
            timeZone,
            onPage,
          })
          .returning();
        await tx.insert(postItems).values(
          items.map((item, position) => ({
            postId: id,
            position,
            galleryItemId: item.id,
            kind: item.kind,
            ...written[position]!,
            width: item.width,
            height: item.height,
            durationMs: item.durationMs,
            contentType: item.contentType,
            fileName: item.fileName,
            preview: item.preview,
            hasCredentials: item.credentials !== null,
          })),
        );
        // A waiting post goes out when it is approved: its messages are queued then.
        if (waits) await insertTargets(tx, id, workspaceId, targets, null);
        else {
          if (scheduledAt) await queuePublish(tx, id, scheduledAt);
          else await emitPostPublished(tx, post!);
          await insertTargets(tx, id, workspaceId, targets, scheduledAt ?? new Date());
        }
        await recordActivity(
          tx,
          workspaceId,
          maker?.userId ?? null,
          waits ? 'submitted' : scheduledAt ? 'scheduled' : 'published',
          'post',
          id,
          `${influencer.name}: ${activityCaption(input.caption ?? '')}`,
        );
      }),
    );
  } catch (error) {
    await removePostFiles(deps.storage, itemFileKeys(written));
    throw error;
  }
  return getPost(db, deps.files, workspaceId, id);
}

/**
 * Changes a post. A scheduled one may change its caption, price, time and zone (a new time or
 * zone takes a place in its month, itself not counted, and moves its queue message); a published
 * one only its caption. A field sent with the value it already has is no change.
 */
export async function updatePost(
  db: TDatabase,
  files: TFileUrlSigner,
  workspaceId: string,
  id: string,
  input: TUpdatePostRequest,
  /** The member who changes it; null for a program's key. */
  maker: TPostMaker | null = null,
): Promise<TPost> {
  const current = (await findOwnPost(db, workspaceId, id)).post;
  const waits = await makerWaits(db, workspaceId, maker);
  const timeZone = input.timeZone === undefined ? undefined : canonicalZone(input.timeZone);
  const publishAt = input.publishAt === undefined ? undefined : new Date(input.publishAt);
  // A time or zone sent may move the post in the calendar: the plan's limit is read first, and
  // the account's calendar writes wait for each other.
  const mayMove = publishAt !== undefined || timeZone !== undefined;
  const limit =
    mayMove && current.status === 'scheduled'
      ? (await getAccountState(db, workspaceId)).entitlements.scheduledPostsPerMonth
      : 0;

  await withZoneCheck(() =>
    db.transaction(async (tx) => {
      if (mayMove) await lockAccountPosts(tx, workspaceId);
      const [row] = await tx
        .select()
        .from(posts)
        .where(and(eq(posts.id, id), eq(posts.workspaceId, workspaceId)))
        .for('update');
      if (!row) throw postNotFound();
      if (row.hiddenAt) throw postRemoved();
      if (row.status === 'published') {
        const changes =
          (input.priceCents !== undefined && input.priceCents !== row.priceCents) ||
          (publishAt !== undefined && publishAt.getTime() !== row.publishAt.getTime()) ||
          (timeZone !== undefined && timeZone !== row.timeZone);
        if (changes) throw conflict(PUBLISHING_TEXTS.alreadyPublished, 'POST_ALREADY_PUBLISHED');
        if (input.caption !== undefined)
          await tx
            .update(posts)
            .set({ caption: input.caption, updatedAt: new Date() })
            .where(eq(posts.id, id));
        return;
      }
      const nextAt = publishAt ?? row.publishAt;
      const nextZone = timeZone ?? row.timeZone;
      const moved = nextAt.getTime() !== row.publishAt.getTime() || nextZone !== row.timeZone;
      if (moved) {
        checkScheduleTime(nextAt);
        if ((await scheduledInMonthOf(tx, workspaceId, nextAt, nextZone, id)) >= limit)
          throw scheduledLimitReached();
      }
      const changed =
        moved ||
        (input.caption !== undefined && input.caption !== row.caption) ||
        (input.priceCents !== undefined && input.priceCents !== row.priceCents);
      // An editor's change waits for approval again; the post is not sent meanwhile.
      const waitsAgain = waits && changed;
      await tx
        .update(posts)
        .set({
          ...(input.caption !== undefined ? { caption: input.caption } : {}),
          ...(input.priceCents !== undefined ? { priceCents: input.priceCents } : {}),
          publishAt: nextAt,
          timeZone: nextZone,
          ...(waitsAgain
            ? {
                approval: 'waiting' as const,
                approvalNote: null,
                approvalBy: null,
                approvalAt: null,
              }
            : {}),
          updatedAt: new Date(),
        })
        .where(eq(posts.id, id));
      const pending = waitsAgain || row.approval === 'waiting' || row.approval === 'returned';
      if (waitsAgain && row.approval === 'approved') {
        await unqueuePublish(tx, id);
        await unqueueTargets(tx, id);
      } else if (!pending && nextAt.getTime() !== row.publishAt.getTime()) {
        await queuePublish(tx, id, nextAt);
        await requeueTargets(tx, id, nextAt);
      }
      if (changed)
        await recordActivity(
          tx,
          workspaceId,
          maker?.userId ?? null,
          waitsAgain ? 'resubmitted' : moved ? 'rescheduled' : 'changed',
          'post',
          id,
          `${row.influencerName}: ${activityCaption(input.caption ?? row.caption)}`,
        );
    }),
  );
  return getPost(db, files, workspaceId, id);
}

/** Whether a write failed on a foreign key (PostgreSQL's 23503), directly or as Drizzle's cause. */
function isForeignKeyViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? error;
  return (cause as { code?: string }).code === '23503';
}

/**
 * Deletes a post that no fan bought (a scheduled one with its queue message), then its files.
 * A sale booked at the same moment either comes first (and the post stays) or finds no post.
 */
export async function deletePost(
  db: TDatabase,
  storage: TStorage,
  workspaceId: string,
  id: string,
  /** The member who deletes it; null for a program's key. */
  actorId: string | null = null,
): Promise<void> {
  if (!isUuid(id)) throw postNotFound();
  const keys = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(posts)
        .where(and(eq(posts.id, id), eq(posts.workspaceId, workspaceId)))
        .for('update');
      if (!row) throw postNotFound();
      if (row.hiddenAt) throw postRemoved();
      const [sold] = await tx
        .select({ sales: count() })
        .from(postPurchases)
        .where(eq(postPurchases.postId, id));
      if ((sold?.sales ?? 0) > 0) throw conflict(PUBLISHING_TEXTS.postHasBuyers, 'POST_HAS_BUYERS');
      const items = await tx
        .select({
          key: postItems.key,
          thumbnailKey: postItems.thumbnailKey,
          blurredKey: postItems.blurredKey,
        })
        .from(postItems)
        .where(eq(postItems.postId, id));
      if (row.status === 'scheduled') await unqueuePublish(tx, id);
      await recordActivity(
        tx,
        workspaceId,
        actorId,
        'deleted',
        'post',
        id,
        `${row.influencerName}: ${activityCaption(row.caption)}`,
      );
      await unqueueTargets(tx, id);
      await tx.delete(posts).where(eq(posts.id, id));
      return itemFileKeys(items);
    })
    .catch((error: unknown) => {
      // The purchases' foreign key keeps a bought post, whatever got past the count.
      if (isForeignKeyViolation(error))
        throw conflict(PUBLISHING_TEXTS.postHasBuyers, 'POST_HAS_BUYERS');
      throw error;
    });
  await removePostFiles(storage, keys);
}
