/**
 * Taking a hidden post off the platforms (docs/product/platform-publishing.md, 'Takedown'): once
 * an operator hid the post, its copies not yet out never go, and every published copy is deleted
 * where the platform's API can delete it, or marked for the creator to delete by hand where it
 * cannot. Each copy's outcome is kept as it is known, so a second run deletes nothing twice, and
 * the creator is mailed once, when the last copy is settled.
 */
import { PLATFORM_TEXTS } from '@muse/shared';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { posts, postTargets } from '../../db/schema';
import type { TSecretBox } from '../../lib/secret-box';
import { queueAccountMail } from '../auth/mail-queue';
import { workspaceOwner } from '../../db/workspace-owner';
import { PlatformError } from './publisher';
import type { TPublishers } from './publishers';
import { accountPlatformName, unqueueTargets, withFreshToken } from './targets';

type TTargetRow = typeof postTargets.$inferSelect;
type TRemovalState = NonNullable<TTargetRow['removal']>;

export type TTakedownDeps = { db: TDatabase; publishers: TPublishers; secrets: TSecretBox };

/** Where the queue stands with this run: on its last try, a platform still down is given up. */
export type TTakedownRun = { lastAttempt: boolean };

type TOutcome = { removal: TRemovalState; message: string };

/** Failures that may pass: the queue tries the post again (its copies already settled stay so). */
const isTransient = (error: PlatformError) =>
  error.kind === 'unavailable' || error.kind === 'rate_limited';

/**
 * A copy the creator must delete on the platform, and why Muse could not (the page and the
 * mail add 'Delete it on <Platform>' with the copy's link).
 */
function byHand(why: string): TOutcome {
  return { removal: 'failed', message: why };
}

const unsupported = (name: string): TOutcome => ({
  removal: 'unsupported',
  message: `${name} does not let apps delete posts`,
});

/** Deletes one published copy with its account's token (refreshed as publishing does). */
async function removeCopy(deps: TTakedownDeps, target: TTargetRow): Promise<TOutcome> {
  const name = accountPlatformName(target.platform);
  const publisher = deps.publishers[target.platform];
  if (!publisher) return byHand(PLATFORM_TEXTS.notEnabled(name));
  // Nothing to call, and no token needed: the creator deletes it there.
  if (!publisher.canRemove) return unsupported(name);
  if (!target.accountId) return byHand(`The ${name} account it went to was disconnected`);
  const remoteId = target.remoteId!;
  try {
    const result = await withFreshToken(deps, publisher, target.accountId, (token, account) =>
      publisher.remove(token, { accountId: account.remoteId }, remoteId),
    );
    if (result === 'deleted') return { removal: 'removed', message: `Deleted from ${name}` };
    if (result === 'gone') return { removal: 'removed', message: `Already gone from ${name}` };
    return unsupported(name);
  } catch (error) {
    if (!(error instanceof PlatformError) || isTransient(error)) throw error;
    if (error.kind === 'auth' || error.kind === 'expired')
      return byHand(`Muse can no longer reach your ${name} account`);
    return byHand(error.message.replace(/\.$/, ''));
  }
}

/**
 * Keeps a copy's outcome, once: a copy already settled (by an earlier run, or one at the same
 * time) is left as it is. The post's row is locked meanwhile, so the run that settles the last
 * copy is the one that queues the creator's mail, in the same transaction.
 */
async function settle(
  db: TDatabase,
  target: TTargetRow,
  outcome: TOutcome,
  workspaceId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, target.postId)).for('update');
    const [settled] = await tx
      .update(postTargets)
      .set({
        removal: outcome.removal,
        removalMessage: outcome.message,
        removedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(postTargets.id, target.id), isNull(postTargets.removal)))
      .returning({ id: postTargets.id });
    if (!settled) return;
    const [left] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(postTargets)
      .where(
        and(
          eq(postTargets.postId, target.postId),
          eq(postTargets.state, 'published'),
          isNotNull(postTargets.remoteId),
          isNull(postTargets.removal),
        ),
      );
    const owner = !left?.count && (await workspaceOwner(tx, workspaceId));
    if (owner)
      await queueAccountMail(tx, { kind: 'post-taken-down', userId: owner, postId: target.postId });
  });
}

/**
 * The `take-down-post` task. Acts only on a hidden post. Its targets still waiting leave the
 * queue and fail as taken down; its published copies are removed one by one. A platform that
 * cannot be reached now is tried again by the queue (the error is thrown once every other copy
 * is settled); on the queue's last try it is given up, and the creator told to delete it.
 */
export async function takeDownPost(
  deps: TTakedownDeps,
  postId: string,
  run: TTakedownRun = { lastAttempt: false },
): Promise<void> {
  const { db } = deps;
  const [post] = await db
    .select({ workspaceId: posts.workspaceId, hiddenAt: posts.hiddenAt })
    .from(posts)
    .where(eq(posts.id, postId));
  if (!post?.hiddenAt) return;

  await db.transaction(async (tx) => {
    await unqueueTargets(tx, postId);
    await tx
      .update(postTargets)
      .set({
        state: 'failed',
        failureCode: 'POST_TAKEN_DOWN',
        failureMessage: PLATFORM_TEXTS.postTakenDown,
        waitUntil: null,
        updatedAt: new Date(),
      })
      .where(
        and(eq(postTargets.postId, postId), inArray(postTargets.state, ['scheduled', 'failed'])),
      );
  });

  // Copies being sent right now are left to their try: publishTarget queues this task again
  // when one of them comes out for a post hidden meanwhile.
  const published = await db
    .select()
    .from(postTargets)
    .where(
      and(
        eq(postTargets.postId, postId),
        eq(postTargets.state, 'published'),
        isNotNull(postTargets.remoteId),
        isNull(postTargets.removal),
      ),
    );
  let retry: PlatformError | null = null;
  for (const target of published) {
    let outcome: TOutcome;
    try {
      outcome = await removeCopy(deps, target);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (!run.lastAttempt) {
        retry ??= error;
        continue;
      }
      outcome = byHand(`${accountPlatformName(target.platform)} could not be reached`);
    }
    await settle(db, target, outcome, post.workspaceId);
  }
  if (retry) throw retry;
}
