import { and, asc, eq } from 'drizzle-orm';
import type { TQueryable } from './client';
import { workspaceMembers } from './schema';

/**
 * The person who answers for a workspace: its first owner. Mail about the workspace (a post
 * taken down, a webhook endpoint disabled) and its plan's receipts go to them.
 */
export async function workspaceOwner(db: TQueryable, workspaceId: string): Promise<string | null> {
  const [owner] = await db
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')))
    .orderBy(asc(workspaceMembers.createdAt))
    .limit(1);
  return owner?.userId ?? null;
}
