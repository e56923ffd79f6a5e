import { ZWorkspacesResponse } from '@muse/shared';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceMembers, workspaces } from '../../db/schema';

/** The signed-in person's workspaces (docs/product/teams.md). */
export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    '/workspaces',
    { schema: { response: { 200: ZWorkspacesResponse } } },
    async (request) => {
      const rows = await db
        .select({
          id: workspaces.id,
          name: workspaces.name,
          personal: workspaces.personal,
          role: workspaceMembers.role,
          approvalRequired: workspaces.approvalRequired,
        })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(eq(workspaceMembers.userId, request.auth.user.id))
        .orderBy(asc(workspaceMembers.createdAt));
      return {
        success: true as const,
        // The personal workspace is only the caller's own when its id is theirs.
        workspaces: rows.map((row) => ({
          ...row,
          personal: row.personal && row.id === request.auth.user.id,
        })),
        current: request.workspace.id,
      };
    },
  );
};
