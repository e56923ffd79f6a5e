import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { TQueryable } from '../../db/client';
import { users, workspaceActivity } from '../../db/schema';

/** How long a workspace's activity is kept (docs/product/teams.md, 'Activity'). */
export const ACTIVITY_DAYS = 90;
const ACTIVITY_PAGE = 100;

/**
 * One line of the workspace's activity: who (`actorId`; null for a program's key or Muse itself)
 * did what to which thing, in the same transaction as the change, so a change and its line are
 * never one without the other.
 */
export async function recordActivity(
  db: TQueryable,
  workspaceId: string,
  actorId: string | null,
  action: string,
  subjectType: string,
  subjectId: string,
  summary: string,
): Promise<void> {
  await db.insert(workspaceActivity).values({
    workspaceId,
    actorId,
    action,
    subjectType,
    subjectId,
    summary: summary.slice(0, 200),
  });
}

/** The workspace's activity of the last ACTIVITY_DAYS days, newest first, a page at a time. */
export async function listActivity(db: TQueryable, workspaceId: string, before?: Date) {
  const rows = await db
    .select({
      id: workspaceActivity.id,
      actor: users.fullName,
      action: workspaceActivity.action,
      subjectType: workspaceActivity.subjectType,
      subjectId: workspaceActivity.subjectId,
      summary: workspaceActivity.summary,
      at: workspaceActivity.createdAt,
    })
    .from(workspaceActivity)
    .leftJoin(users, eq(users.id, workspaceActivity.actorId))
    .where(
      and(
        eq(workspaceActivity.workspaceId, workspaceId),
        gte(workspaceActivity.createdAt, sql`now() - make_interval(days => ${ACTIVITY_DAYS})`),
        before ? lt(workspaceActivity.createdAt, before) : undefined,
      ),
    )
    .orderBy(desc(workspaceActivity.createdAt), desc(workspaceActivity.id))
    .limit(ACTIVITY_PAGE);
  return rows.map((row) => ({ ...row, id: String(row.id), at: row.at.toISOString() }));
}
