/**
 * The content calendar's queue (docs/product/publishing.md, docs/decisions/0030): a scheduled
 * post is one graphile-worker message, keyed by the post, whose start time is the post's time.
 * Nothing polls; moving the post replaces the message and cancelling removes it.
 */
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TQueryable } from '../../db/client';
import { posts, users } from '../../db/schema';
import { emitPostPublished } from '../webhooks/events';

/** The queue task that publishes a scheduled post. */
export const PUBLISH_POST_TASK = 'publish-post';

/** The message only names the post: the row is the truth (its status and its time). */
export const ZPublishPostPayload = z.object({ postId: z.uuid() });
export type TPublishPostPayload = z.infer<typeof ZPublishPostPayload>;

const jobKey = (postId: string) => `post:${postId}`;

/**
 * Queues (or moves) a post's publication, inside the caller's transaction: the message exists
 * only if the post's row does. `replace` gives the key's waiting message the new time, so a
 * moved post has one message, at its new time.
 */
export async function queuePublish(tx: TQueryable, postId: string, at: Date): Promise<void> {
  const payload: TPublishPostPayload = { postId };
  await tx.execute(
    sql`select graphile_worker.add_job(${PUBLISH_POST_TASK}, ${JSON.stringify(payload)}::json, run_at := ${at.toISOString()}::timestamptz, job_key := ${jobKey(postId)}, job_key_mode := 'replace')`,
  );
}

/** Removes a cancelled post's message (one a worker holds right now finds no post and stops). */
export async function unqueuePublish(tx: TQueryable, postId: string): Promise<void> {
  await tx.execute(sql`select graphile_worker.remove_job(${jobKey(postId)})`);
}

/**
 * The task: publishes the post if it is still scheduled and its time has come. A message that
 * finds its post moved later, cancelled or already out does nothing (the queue's clock and the
 * post's are the database's, so "has come" is the same instant for both). The account's
 * webhooks hear of it in the same transaction. A post Muse removed, or one of a suspended
 * account, never goes out (docs/product/reports-and-takedown.md).
 */
export async function publishDuePost(db: TQueryable, payload: TPublishPostPayload): Promise<void> {
  await db.transaction(async (tx) => {
    const [published] = await tx
      .update(posts)
      .set({ status: 'published', updatedAt: new Date() })
      .where(
        and(
          eq(posts.id, payload.postId),
          eq(posts.status, 'scheduled'),
          lte(posts.publishAt, sql`now()`),
          isNull(posts.hiddenAt),
          // Waiting for approval, or sent back: it goes out once approved.
          or(isNull(posts.approval), eq(posts.approval, 'approved')),
          sql`not exists (select 1 from ${users} where ${users.id} = ${posts.workspaceId} and ${users.suspendedAt} is not null)`,
        ),
      )
      .returning();
    if (published) await emitPostPublished(tx, published);
  });
}
