/**
 * Approval of editors' posts, where a workspace turns it on (docs/product/teams.md, 'Approval'):
 * an editor's post waits, neither on the page nor sent to the platforms, until an owner, admin or
 * viewer approves it (it then goes out at its time, or at once if its time has passed) or sends
 * it back with a note (its maker changes it, and it waits again).
 */
import { PUBLISHING_TEXTS, type TWorkspaceRole } from '@muse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase, TQueryable } from '../../db/client';
import { posts, workspaces } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '@muse/shared';
import { requeueTargets } from '../platforms/targets';
import { recordActivity } from '../workspaces/activity';
import { queuePublish } from './queue';

/** Who makes or changes a post: the member and their role in the workspace. */
export type TPostMaker = { userId: string; role: TWorkspaceRole };

/** Whether a post by `maker` waits for approval: an editor's, where the workspace asks for it. */
export async function makerWaits(
  db: TQueryable,
  workspaceId: string,
  maker: TPostMaker | null,
): Promise<boolean> {
  if (maker?.role !== 'editor') return false;
  const [row] = await db
    .select({ approvalRequired: workspaces.approvalRequired })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.approvalRequired ?? false;
}

/** A caption as the activity quotes it: its first line, cut at 60 characters. */
export function activityCaption(caption: string): string {
  const line = caption.split('\n')[0]?.trim() ?? '';
  if (!line) return 'a post without a caption';
  return line.length > 60 ? `“${line.slice(0, 59)}…”` : `“${line}”`;
}

const notWaiting = () => conflict(PUBLISHING_TEXTS.notWaiting, 'POST_NOT_WAITING');
const postNotFound = () => notFound(PUBLISHING_TEXTS.postNotFound, 'POST_NOT_FOUND');

/** The waiting post `id` of the workspace, locked. */
async function waitingPost(tx: TQueryable, workspaceId: string, id: string) {
  if (!isUuid(id)) throw postNotFound();
  const [row] = await tx
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.workspaceId, workspaceId)))
    .for('update');
  if (!row) throw postNotFound();
  if (row.approval !== 'waiting') throw notWaiting();
  return row;
}

/**
 * Approves a waiting post: it goes out at its time, or now if that has passed, on the page and
 * to its platforms. Approved twice at once, it is queued once (the second finds it approved).
 */
export async function approvePost(
  db: TDatabase,
  workspaceId: string,
  approverId: string,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await waitingPost(tx, workspaceId, id);
    const [approved] = await tx
      .update(posts)
      .set({
        approval: 'approved',
        approvalNote: null,
        approvalBy: approverId,
        approvalAt: sql`now()`,
        publishAt: sql`greatest(${posts.publishAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(posts.id, id))
      .returning({ publishAt: posts.publishAt });
    const at = approved!.publishAt;
    await queuePublish(tx, id, at);
    await requeueTargets(tx, id, at);
    await recordActivity(
      tx,
      workspaceId,
      approverId,
      'approved',
      'post',
      id,
      `${row.influencerName}: ${activityCaption(row.caption)}`,
    );
  });
}

/** Sends a waiting post back to its maker with the approver's note; it stays unpublished. */
export async function returnPost(
  db: TDatabase,
  workspaceId: string,
  approverId: string,
  id: string,
  note: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await waitingPost(tx, workspaceId, id);
    await tx
      .update(posts)
      .set({
        approval: 'returned',
        approvalNote: note,
        approvalBy: approverId,
        approvalAt: sql`now()`,
        updatedAt: new Date(),
      })
      .where(eq(posts.id, id));
    await recordActivity(
      tx,
      workspaceId,
      approverId,
      'returned',
      'post',
      id,
      `${row.influencerName}: ${note}`,
    );
  });
}
