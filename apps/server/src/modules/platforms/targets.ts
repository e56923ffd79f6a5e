/**
 * A post's copies on the platforms (docs/product/platform-publishing.md): checked against each
 * platform's rules before the post is accepted, written with it, and published by the queue at
 * its time, each on its own: container → status → publish on Instagram, init → upload → status
 * on TikTok, a resumable upload on YouTube, media then the post on X. The ids each step gives
 * are kept before the next one (so a retry never posts twice), a limit makes a target wait, and
 * a failure says why in a creator's words.
 */
import {
  checkForPlatform,
  PLATFORM_RULES,
  PLATFORM_TEXTS,
  PUBLISH_PLATFORMS,
  platformUnlockLine,
  type TPostMedia,
  type TPostTarget,
  type TPostTargetRequest,
  type TPublishPlatform,
} from '@muse/shared';
import { buffer } from 'node:stream/consumers';
import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { TDatabase, TQueryable } from '../../db/client';
import {
  influencerPages,
  postItems,
  posts,
  postTargets,
  platformAccounts,
  users,
} from '../../db/schema';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { TFileUrlSigner } from '../../lib/file-urls';
import type { TSecretBox } from '../../lib/secret-box';
import type { TStorage } from '../../lib/storage';
import { accessTokenOf, influencerAccounts, markAccount, toPlatformAccount } from './accounts';
import { PlatformError, type TPublishMedia, type TPublisher } from './publisher';
import type { TPublishers } from './publishers';
import { queueTakedown } from './takedown-queue';

type TTargetRow = typeof postTargets.$inferSelect;
type TItemRow = typeof postItems.$inferSelect;

/** The queue task that publishes one target. */
export const PUBLISH_TARGET_TASK = 'publish-target';
const jobKey = (targetId: string) => `target:${targetId}`;

/** The platform's name as an account is spoken of ('your YouTube account', not 'YouTube Shorts'). */
export const accountPlatformName = (platform: TPublishPlatform) =>
  PLATFORM_RULES[platform].name.replace(' Shorts', '');

/** The longer side of a PPV post's blurred picture on a platform. */
const PPV_SIDE = 1080;
/** Tries of a target the platform could not answer, before it fails. */
const MAX_UNAVAILABLE_TRIES = 5;
/** A target left 'publishing' this long without a step is taken up again (its worker died). */
export const STALE_PUBLISHING_MS = 10 * 60 * 1000;

export async function queueTarget(tx: TQueryable, targetId: string, at: Date): Promise<void> {
  await tx.execute(
    sql`select graphile_worker.add_job(${PUBLISH_TARGET_TASK}, ${JSON.stringify({ targetId })}::json, run_at := ${at.toISOString()}::timestamptz, job_key := ${jobKey(targetId)}, job_key_mode := 'replace', max_attempts := 10)`,
  );
}

export async function unqueueTargets(tx: TQueryable, postId: string): Promise<void> {
  const rows = await tx
    .select({ id: postTargets.id })
    .from(postTargets)
    .where(eq(postTargets.postId, postId));
  for (const row of rows)
    await tx.execute(sql`select graphile_worker.remove_job(${jobKey(row.id)})`);
}

/** Moves every waiting target of a post to its new time. */
export async function requeueTargets(tx: TQueryable, postId: string, at: Date): Promise<void> {
  const rows = await tx
    .select({ id: postTargets.id })
    .from(postTargets)
    .where(and(eq(postTargets.postId, postId), eq(postTargets.state, 'scheduled')));
  for (const row of rows) await queueTarget(tx, row.id, at);
}

/** The item as it goes to a platform: a PPV post sends its blurred preview, as a JPEG. */
function mediaForCheck(
  item: {
    kind: 'image' | 'video';
    width: number;
    height: number;
    contentType: string;
    durationMs: number | null;
  },
  bytes: number,
  ppv: boolean,
): TPostMedia {
  if (ppv)
    return {
      kind: 'image',
      width: item.width,
      height: item.height,
      contentType: 'image/jpeg',
      bytes: 0,
    };
  return {
    kind: item.kind,
    width: item.width,
    height: item.height,
    contentType: item.contentType,
    bytes,
    durationSeconds: item.durationMs === null ? null : item.durationMs / 1000,
  };
}

export type TCheckedTarget = {
  platform: TPublishPlatform;
  accountId: string;
  caption: string | null;
  title: string | null;
  privacyLevel: string | null;
};

/**
 * Checks a new post's targets: each platform on, its account connected, its caption, title,
 * privacy and media within the platform's rules (and the account's). The first problem is the
 * refusal, naming the target in `field` (`targets.instagram`).
 */
export async function checkTargets(
  db: TQueryable,
  deps: { publishers: TPublishers; publicUrl: string },
  input: {
    workspaceId: string;
    influencerId: string;
    caption: string;
    priceCents: number;
    handle: string | null;
    targets: TPostTargetRequest[];
    items: {
      kind: 'image' | 'video';
      width: number;
      height: number;
      contentType: string;
      durationMs: number | null;
      bytes: number;
    }[];
  },
): Promise<TCheckedTarget[]> {
  if (!input.targets.length) return [];
  const accounts = await influencerAccounts(db, input.workspaceId, input.influencerId);
  const ppv = input.priceCents > 0;
  const checked: TCheckedTarget[] = [];
  for (const target of input.targets) {
    const { platform } = target;
    const name = PLATFORM_RULES[platform].name;
    const field = `targets.${platform}`;
    if (!deps.publishers[platform])
      throw new AppError(400, PLATFORM_TEXTS.notEnabled(name), 'PLATFORM_NOT_ENABLED', { field });
    const account = accounts.find((row) => row.platform === platform);
    if (!account)
      throw new AppError(400, PLATFORM_TEXTS.notConnected(name), 'PLATFORM_NOT_CONNECTED', {
        field,
      });
    if (account.status !== 'connected')
      throw new AppError(400, PLATFORM_TEXTS.reconnectAccount(name), 'PLATFORM_NOT_CONNECTED', {
        field,
      });
    const caption = target.caption ?? null;
    const sent =
      (caption ?? input.caption) +
      (ppv && input.handle ? platformUnlockLine(deps.publicUrl, input.handle) : '');
    const shown = toPlatformAccount(account, null);
    const problems = checkForPlatform(
      platform,
      {
        caption: sent,
        title: target.title ?? null,
        media: input.items.map((item) => mediaForCheck(item, item.bytes, ppv)),
      },
      {
        maxCaptionLength: shown.maxCaptionLength,
        ...(account.details.maxVideoSeconds
          ? { maxVideoSeconds: account.details.maxVideoSeconds }
          : {}),
      },
    );
    const [problem] = problems;
    if (problem) {
      const message =
        ppv && (problem.code === 'IMAGES_NOT_TAKEN' || problem.code === 'NO_MEDIA')
          ? `${problem.message}. ${PLATFORM_TEXTS.ppvPreview}`
          : problem.message;
      throw new AppError(400, message, 'PLATFORM_RULES', { field });
    }
    let privacyLevel: string | null = null;
    if (platform === 'tiktok') {
      const levels = shown.privacyLevels;
      privacyLevel =
        target.privacyLevel ??
        (levels.includes('PUBLIC_TO_EVERYONE') ? 'PUBLIC_TO_EVERYONE' : (levels[0] ?? null));
      if (privacyLevel && levels.length && !levels.includes(privacyLevel))
        throw badRequest(
          shown.privateOnly
            ? PLATFORM_TEXTS.privateOnly
            : `TikTok does not let this account post as ${privacyLevel}`,
          'PLATFORM_RULES',
          { field },
        );
    }
    checked.push({
      platform,
      accountId: account.id,
      caption,
      title: target.title ?? null,
      privacyLevel,
    });
  }
  return checked;
}

/** Writes the checked targets of a new post and queues each at the post's time. */
export async function insertTargets(
  tx: TQueryable,
  postId: string,
  workspaceId: string,
  targets: TCheckedTarget[],
  /** When they go out; null for a post waiting for approval, queued when it is approved. */
  at: Date | null,
): Promise<void> {
  if (!targets.length) return;
  const rows = await tx
    .insert(postTargets)
    .values(targets.map((target) => ({ postId, workspaceId, ...target })))
    .returning({ id: postTargets.id });
  if (at) for (const row of rows) await queueTarget(tx, row.id, at);
}

/** The targets of posts, each post's in PUBLISH_PLATFORMS order, as the creator sees them. */
export async function targetsOf(
  db: TQueryable,
  postIds: string[],
): Promise<Map<string, TPostTarget[]>> {
  const byPost = new Map<string, TPostTarget[]>();
  if (!postIds.length) return byPost;
  const rows = await db
    .select({
      target: postTargets,
      caption: posts.caption,
      username: platformAccounts.username,
    })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .leftJoin(platformAccounts, eq(platformAccounts.id, postTargets.accountId))
    .where(inArray(postTargets.postId, postIds));
  rows.sort(
    (a, b) =>
      PUBLISH_PLATFORMS.indexOf(a.target.platform) - PUBLISH_PLATFORMS.indexOf(b.target.platform),
  );
  for (const { target, caption, username } of rows) {
    const shown: TPostTarget = {
      platform: target.platform,
      username: username ?? null,
      caption: target.caption ?? caption,
      ownCaption: target.caption !== null,
      title: target.title,
      privacyLevel: target.privacyLevel,
      state: target.state,
      url: target.url,
      failure:
        target.failureCode && target.failureMessage
          ? { code: target.failureCode, message: target.failureMessage }
          : null,
      waitUntil: target.waitUntil?.toISOString() ?? null,
      publishedAt: target.publishedAt?.toISOString() ?? null,
      counts: target.countsReadAt
        ? {
            views: target.views,
            likes: target.likes,
            comments: target.comments,
            shares: target.shares,
            readAt: target.countsReadAt.toISOString(),
          }
        : null,
      removal:
        target.removal && target.removedAt
          ? {
              state: target.removal,
              message: target.removalMessage,
              at: target.removedAt.toISOString(),
            }
          : null,
    };
    byPost.set(target.postId, [...(byPost.get(target.postId) ?? []), shown]);
  }
  return byPost;
}

/** What publishing a target needs. */
export type TTargetDeps = {
  db: TDatabase;
  publishers: TPublishers;
  secrets: TSecretBox;
  storage: TStorage;
  files: TFileUrlSigner;
  publicUrl: string;
  pollIntervalMs: number;
  signal: AbortSignal;
};

async function readFile(storage: TStorage, key: string): Promise<Buffer> {
  const stored = await storage.get(key);
  if (!stored) throw new PlatformError('refused', 'A picture or video of this post is missing');
  return buffer(stored.stream);
}

/**
 * The post's files as the platform takes them: a picture in a format it does not take becomes a
 * JPEG, a PPV post's pictures and videos become their blurred previews (JPEG). Converted files
 * are kept beside the post's (the same name on every try) for the platforms that fetch them.
 */
async function renditions(
  deps: TTargetDeps,
  target: TTargetRow,
  items: TItemRow[],
  ppv: boolean,
): Promise<TPublishMedia[]> {
  const formats = PLATFORM_RULES[target.platform].images.formats;
  const media: TPublishMedia[] = [];
  for (const item of items) {
    const convert = ppv || (item.kind === 'image' && !formats.includes(item.contentType));
    let key = item.key;
    let data: Buffer | null = null;
    let width = item.width;
    let height = item.height;
    if (convert) {
      key = `posts/${item.postId}/out/${target.id}-${item.position}.jpg`;
      if (await deps.storage.exists(key)) data = await readFile(deps.storage, key);
      else {
        const source = await readFile(deps.storage, ppv ? item.blurredKey : item.key);
        let picture = sharp(source).rotate().flatten({ background: '#ffffff' });
        // The blurred preview is 480 px with its shape rounded from 24 px: it is scaled back to
        // the item's own shape (a platform checks it), 1080 px on its longer side.
        if (ppv) {
          const scale = PPV_SIDE / Math.max(item.width, item.height);
          picture = picture.resize(
            Math.max(1, Math.round(item.width * scale)),
            Math.max(1, Math.round(item.height * scale)),
            { fit: 'fill' },
          );
        }
        data = await picture.jpeg({ quality: 90 }).toBuffer();
        await deps.storage.put(key, data);
      }
      const meta = await sharp(data).metadata();
      width = meta.width ?? width;
      height = meta.height ?? height;
    }
    const stored = data ? null : await deps.storage.get(item.key, { start: 0, end: 0 });
    const bytes = data ? data.length : (stored?.totalSize ?? 0);
    stored?.stream.destroy();
    const fileKey = key;
    const kept = data;
    media.push({
      kind: convert ? 'image' : item.kind,
      contentType: convert ? 'image/jpeg' : item.contentType,
      width,
      height,
      durationMs: convert ? null : item.durationMs,
      bytes,
      read: () => (kept ? Promise.resolve(kept) : readFile(deps.storage, fileKey)),
      url: `${deps.publicUrl}${deps.files.sign(fileKey)}`,
    });
  }
  return media;
}

/** Words for a target's failure, by the kind of the platform's refusal. */
function failureOf(
  platform: TPublishPlatform,
  error: PlatformError,
): { code: string; message: string } {
  const name = accountPlatformName(platform);
  if (error.kind === 'auth' || error.kind === 'expired')
    return { code: 'RECONNECT', message: PLATFORM_TEXTS.reconnectAccount(name) };
  if (error.kind === 'refused') return { code: 'REFUSED', message: error.message };
  if (error.kind === 'failed') return { code: 'PROCESSING_FAILED', message: error.message };
  if (error.kind === 'rate_limited') return { code: 'RATE_LIMITED', message: error.message };
  return { code: 'UNAVAILABLE', message: `${name} could not be reached. Try again later.` };
}

async function fail(db: TQueryable, targetId: string, failure: { code: string; message: string }) {
  await db
    .update(postTargets)
    .set({
      state: 'failed',
      failureCode: failure.code,
      failureMessage: failure.message,
      waitUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(postTargets.id, targetId));
}

async function waitUntil(db: TDatabase, targetId: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(postTargets)
      .set({ state: 'scheduled', waitUntil: at, updatedAt: new Date() })
      .where(eq(postTargets.id, targetId));
    await queueTarget(tx, targetId, at);
  });
}

/**
 * The task: publishes one target if its post's time has come. A target that already went out
 * or failed is left alone; one a limit holds goes back to the queue for its time; one left
 * 'publishing' by a try that stopped goes on from the ids it kept.
 */
export async function publishTarget(deps: TTargetDeps, targetId: string): Promise<void> {
  const { db } = deps;
  const [found] = await db
    .select({
      target: postTargets,
      post: posts,
      handle: influencerPages.handle,
      suspendedAt: users.suspendedAt,
    })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .leftJoin(users, eq(users.id, posts.workspaceId))
    .leftJoin(influencerPages, eq(influencerPages.influencerId, posts.influencerId))
    .where(eq(postTargets.id, targetId));
  if (!found) return;
  const { post } = found;
  if (found.target.state === 'published' || found.target.state === 'failed') return;
  // A post Muse took down, or one of a suspended account, never goes out: the platform is not
  // called (docs/product/platform-publishing.md, 'Takedown').
  if (post.hiddenAt)
    return fail(db, targetId, { code: 'POST_TAKEN_DOWN', message: PLATFORM_TEXTS.postTakenDown });
  if (found.suspendedAt)
    return fail(db, targetId, {
      code: 'ACCOUNT_SUSPENDED',
      message: PLATFORM_TEXTS.accountSuspended,
    });
  // Moved later meanwhile: its message was moved too. One waiting for approval (or sent back)
  // goes out once approved, which queues it again.
  if (post.publishAt.getTime() > Date.now() + 1000) return;
  if (post.approval === 'waiting' || post.approval === 'returned') return;
  if (found.target.waitUntil && found.target.waitUntil.getTime() > Date.now() + 1000) {
    await queueTarget(db, targetId, found.target.waitUntil);
    return;
  }
  const [target] = await db
    .update(postTargets)
    .set({
      state: 'publishing',
      attempts: sql`${postTargets.attempts} + 1`,
      waitUntil: null,
      updatedAt: new Date(),
    })
    .where(
      and(eq(postTargets.id, targetId), inArray(postTargets.state, ['scheduled', 'publishing'])),
    )
    .returning();
  if (!target) return;
  const name = accountPlatformName(target.platform);
  const publisher = deps.publishers[target.platform];
  if (!publisher)
    return fail(db, targetId, {
      code: 'PLATFORM_NOT_ENABLED',
      message: PLATFORM_TEXTS.notEnabled(name),
    });
  if (!target.accountId)
    return fail(db, targetId, {
      code: 'RECONNECT',
      message: PLATFORM_TEXTS.reconnectAccount(name),
    });

  try {
    const items = await db
      .select()
      .from(postItems)
      .where(eq(postItems.postId, post.id))
      .orderBy(asc(postItems.position));
    const ppv = post.priceCents > 0;
    const caption =
      (target.caption ?? post.caption) +
      (ppv && found.handle ? platformUnlockLine(deps.publicUrl, found.handle, post.id) : '');
    const published = await withFreshToken(
      deps,
      publisher,
      target.accountId,
      async (accessToken, account) => {
        const slot = await publisher.nextSlot(accessToken, { accountId: account.remoteId });
        if (slot && slot.getTime() > Date.now())
          throw new PlatformError('rate_limited', `${name}’s publishing limit is reached`, {
            retryAt: slot,
          });
        let progress = target.progress;
        return publisher.publish({
          accessToken,
          account: {
            accountId: account.remoteId,
            username: account.username,
            details: account.details,
          },
          caption,
          title: target.title,
          privacyLevel: target.privacyLevel,
          media: await renditions(deps, target, items, ppv),
          progress,
          saveProgress: async (next) => {
            progress = { ...progress, ...next };
            await db
              .update(postTargets)
              .set({ progress, updatedAt: new Date() })
              .where(eq(postTargets.id, targetId));
          },
          pollIntervalMs: deps.pollIntervalMs,
          signal: deps.signal,
        });
      },
    );
    await db.transaction(async (tx) => {
      await tx
        .update(postTargets)
        .set({
          state: 'published',
          remoteId: published.remoteId,
          url: published.url,
          publishedAt: new Date(),
          failureCode: null,
          failureMessage: null,
          updatedAt: new Date(),
        })
        .where(eq(postTargets.id, targetId));
      // Hidden while this copy was on its way: it comes down as the others did.
      const [now] = await tx
        .select({ hiddenAt: posts.hiddenAt })
        .from(posts)
        .where(eq(posts.id, post.id))
        .for('update');
      if (now?.hiddenAt) await queueTakedown(tx, post.id);
    });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.kind === 'auth') {
      await markAccount(db, target.accountId, 'revoked');
      return fail(db, targetId, failureOf(target.platform, error));
    }
    if (error.kind === 'rate_limited') {
      const at = error.details.retryAt ?? new Date(Date.now() + 60_000);
      return waitUntil(db, targetId, at);
    }
    if (error.kind === 'unavailable' && target.attempts < MAX_UNAVAILABLE_TRIES) {
      const at = new Date(Date.now() + 30_000 * 2 ** (target.attempts - 1));
      return waitUntil(db, targetId, at);
    }
    return fail(db, targetId, failureOf(target.platform, error));
  }
}

/** Runs `work` with the account's token; a token the platform calls expired is refreshed once. */
export async function withFreshToken<T>(
  deps: Pick<TTargetDeps, 'db' | 'secrets'>,
  publisher: TPublisher,
  accountId: string,
  work: (accessToken: string, account: typeof platformAccounts.$inferSelect) => Promise<T>,
): Promise<T> {
  const first = await accessTokenOf(deps, publisher, accountId);
  try {
    return await work(first.accessToken, first.account);
  } catch (error) {
    if (!(error instanceof PlatformError) || error.kind !== 'expired') throw error;
    const fresh = await accessTokenOf(deps, publisher, accountId, { force: true });
    return work(fresh.accessToken, fresh.account);
  }
}

/** 'Try again' on a failed target: it goes out now, from the ids it kept. */
export async function retryTarget(
  db: TDatabase,
  workspaceId: string,
  postId: string,
  platform: TPublishPlatform,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        target: postTargets,
        account: platformAccounts,
        hiddenAt: posts.hiddenAt,
        suspendedAt: users.suspendedAt,
      })
      .from(postTargets)
      .innerJoin(posts, eq(posts.id, postTargets.postId))
      .leftJoin(users, eq(users.id, postTargets.workspaceId))
      .leftJoin(platformAccounts, eq(platformAccounts.id, postTargets.accountId))
      .where(
        and(
          eq(postTargets.postId, postId),
          eq(postTargets.workspaceId, workspaceId),
          eq(postTargets.platform, platform),
        ),
      )
      .for('update', { of: postTargets });
    if (!row) throw notFound('Post not found', 'POST_NOT_FOUND');
    if (row.hiddenAt) throw conflict(PLATFORM_TEXTS.postTakenDown, 'POST_TAKEN_DOWN');
    if (row.suspendedAt)
      throw new AppError(403, PLATFORM_TEXTS.accountSuspended, 'ACCOUNT_SUSPENDED');
    if (row.target.state !== 'failed')
      throw conflict(PLATFORM_TEXTS.targetNotFailed, 'TARGET_NOT_FAILED');
    const name = accountPlatformName(platform);
    if (!row.account || row.account.status !== 'connected')
      throw new AppError(400, PLATFORM_TEXTS.reconnectAccount(name), 'PLATFORM_NOT_CONNECTED', {
        field: `targets.${platform}`,
      });
    await tx
      .update(postTargets)
      .set({
        state: 'scheduled',
        failureCode: null,
        failureMessage: null,
        attempts: 0,
        updatedAt: new Date(),
      })
      .where(eq(postTargets.id, row.target.id));
    await queueTarget(tx, row.target.id, new Date());
  });
}

/** Targets whose worker stopped mid-way (no step for 10 minutes) go back to the queue. */
export async function recoverStalePublishing(db: TDatabase): Promise<number> {
  const stale = await db
    .select({ id: postTargets.id })
    .from(postTargets)
    .where(
      and(
        eq(postTargets.state, 'publishing'),
        lt(postTargets.updatedAt, new Date(Date.now() - STALE_PUBLISHING_MS)),
      ),
    );
  for (const row of stale) await queueTarget(db, row.id, new Date());
  return stale.length;
}

/** Counts older than this are read again by the daily read. */
const COUNTS_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** Reads one published target's counts from its platform. */
export async function readTargetCounts(
  deps: Omit<TTargetDeps, 'signal' | 'pollIntervalMs' | 'storage' | 'files' | 'publicUrl'>,
  targetId: string,
): Promise<void> {
  const [target] = await deps.db.select().from(postTargets).where(eq(postTargets.id, targetId));
  if (
    !target ||
    target.state !== 'published' ||
    !target.remoteId ||
    !target.accountId ||
    target.removal
  )
    return;
  const publisher = deps.publishers[target.platform];
  if (!publisher) return;
  try {
    const { accessToken, account } = await accessTokenOf(deps, publisher, target.accountId);
    const counts = await publisher.counts(
      accessToken,
      { accountId: account.remoteId },
      target.remoteId,
    );
    await deps.db
      .update(postTargets)
      .set({ ...counts, countsReadAt: new Date() })
      .where(eq(postTargets.id, targetId));
  } catch (error) {
    if (error instanceof PlatformError && error.kind === 'auth')
      await markAccount(deps.db, target.accountId, 'revoked');
    else if (!(error instanceof PlatformError)) throw error;
  }
}

/** The daily read: every published target whose counts are a day old or never read. */
export async function readDueCounts(
  deps: Omit<TTargetDeps, 'signal' | 'pollIntervalMs' | 'storage' | 'files' | 'publicUrl'>,
  limit = 500,
): Promise<number> {
  const due = await deps.db
    .select({ id: postTargets.id })
    .from(postTargets)
    .where(
      and(
        eq(postTargets.state, 'published'),
        isNull(postTargets.removal),
        or(
          isNull(postTargets.countsReadAt),
          lt(postTargets.countsReadAt, new Date(Date.now() - COUNTS_MAX_AGE_MS)),
        ),
      ),
    )
    .orderBy(sql`${postTargets.countsReadAt} asc nulls first`)
    .limit(limit);
  for (const row of due) await readTargetCounts(deps, row.id);
  return due.length;
}

/** The creator opened the post: its counts are read now (at most once a minute per target). */
export async function readPostCounts(
  deps: Omit<TTargetDeps, 'signal' | 'pollIntervalMs' | 'storage' | 'files' | 'publicUrl'>,
  workspaceId: string,
  postId: string,
): Promise<void> {
  const rows = await deps.db
    .select({ id: postTargets.id })
    .from(postTargets)
    .where(
      and(
        eq(postTargets.postId, postId),
        eq(postTargets.workspaceId, workspaceId),
        eq(postTargets.state, 'published'),
        isNull(postTargets.removal),
        or(
          isNull(postTargets.countsReadAt),
          lt(postTargets.countsReadAt, new Date(Date.now() - 60_000)),
        ),
      ),
    );
  await Promise.all(rows.map((row) => readTargetCounts(deps, row.id)));
}
